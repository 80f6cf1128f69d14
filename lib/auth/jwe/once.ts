/**
 * One derivation per key: concurrent callers share the pending promise, and
 * a failure is forgotten so that the next call tries again. It must not
 * cache failures: a transient WebCrypto error would otherwise stick.
 */
export function once<V>(pending: Map<string, Promise<V>>, key: string, make: () => Promise<V>): Promise<V> {
  let promise = pending.get(key)
  if (!promise) {
    promise = make()
    pending.set(key, promise)
    promise.catch(() => pending.delete(key))
  }
  return promise
}
