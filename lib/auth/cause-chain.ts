/**
 * Walking what a thrown value wraps: its `cause`, the `{ err }` record an
 * AuthError keeps its cause in, and an AggregateError's errors. Bounded and
 * cycle-safe, because a cause chain is data someone else built.
 */
export function findInCauseChain<T extends object>(thrown: unknown, match: (value: object) => value is T): T | null
export function findInCauseChain(thrown: unknown, match: (value: object) => boolean): object | null
export function findInCauseChain(thrown: unknown, match: (value: object) => boolean): object | null {
  const seen = new Set<unknown>()
  const queue: unknown[] = [thrown]
  while (queue.length > 0 && seen.size < 20) {
    const value = queue.shift()
    if (typeof value !== "object" || value === null || seen.has(value)) continue
    seen.add(value)
    if (match(value)) return value
    if ("cause" in value) {
      const cause = value.cause
      queue.push(cause)
      if (typeof cause === "object" && cause !== null && "err" in cause) queue.push(cause.err)
    }
    if (value instanceof AggregateError) queue.push(...value.errors)
  }
  return null
}
