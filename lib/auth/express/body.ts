/**
 * The request body between Express and the core, and what becomes of the
 * part the core did not read. A keep-alive connection carries the next
 * request only after this one's body has left the socket: an unread body
 * left there stalls the next request until Node's keep-alive timeout resets
 * it. So before answering, a small unread rest is read and dropped; a large
 * one gets `Connection: close`, and is read and dropped for a bounded while
 * after the answer so that closing does not reset the connection under it.
 */
import type { IncomingMessage } from "node:http"

/** An unread rest up to this size is read and dropped before answering (the core's own body limit). */
export const DRAIN_MAX_BYTES = 64 * 1024
/** How long answering waits for that rest to arrive. */
export const DRAIN_MAX_MS = 1000
/** After a `Connection: close` answer: how much more is read and dropped, and for how long, before the socket closes. */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024
export const LINGER_MAX_MS = 2000

/** Listeners the body stream put on each request, removed before the layer drains it. */
const detachers = new WeakMap<IncomingMessage, () => void>()

/**
 * The request body as a web stream read on demand. Unlike Readable.toWeb,
 * cancelling it (the core refusing an oversized body) leaves the request
 * paused rather than destroyed, so the refusal can still be answered.
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let done = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        if (done) return
        controller.enqueue(new Uint8Array(chunk))
        if ((controller.desiredSize ?? 0) <= 0) req.pause()
      }
      const onEnd = () => {
        detach()
        controller.close()
      }
      const onError = (error: Error) => {
        detach()
        controller.error(error)
      }
      const onClose = () => {
        if (!req.readableEnded) onError(new Error("The client closed the connection before the body ended."))
      }
      const detach = () => {
        done = true
        req.off("data", onData)
        req.off("end", onEnd)
        req.off("error", onError)
        req.off("close", onClose)
        detachers.delete(req)
      }
      detachers.set(req, detach)
      // Paused first: adding a 'data' listener would otherwise start the flow before anyone reads.
      req.pause()
      req.on("data", onData)
      req.once("end", onEnd)
      req.once("error", onError)
      req.once("close", onClose)
    },
    pull() {
      req.resume()
    },
    cancel() {
      detachers.get(req)?.()
      req.pause()
    },
  })
}

/**
 * Reads and drops what is left of the body, up to `maxBytes` and `maxMs`.
 * True when the body ended within those bounds.
 */
function discard(req: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  detachers.get(req)?.()
  if (req.readableEnded) return Promise.resolve(true)
  return new Promise((resolve) => {
    let seen = 0
    const finish = (ended: boolean) => {
      clearTimeout(timer)
      req.off("data", onData)
      req.off("end", onEnd)
      req.off("error", onFail)
      req.off("close", onFail)
      if (!ended) req.pause()
      resolve(ended)
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > maxBytes) finish(false)
    }
    const onEnd = () => finish(true)
    const onFail = () => finish(req.readableEnded)
    const timer = setTimeout(() => finish(false), maxMs)
    req.on("data", onData)
    req.once("end", onEnd)
    req.once("error", onFail)
    req.once("close", onFail)
    req.resume()
  })
}

function declaredLength(req: IncomingMessage): number | undefined {
  const value = Number(req.headers["content-length"])
  return Number.isFinite(value) ? value : undefined
}

/**
 * Whether the connection can carry another request after this answer:
 * "keep" once the body has been read to its end (or a small rest dropped),
 * "close" when a large rest was left unread.
 */
export async function settleBody(req: IncomingMessage): Promise<"keep" | "close"> {
  if (req.readableEnded) {
    detachers.get(req)?.()
    return "keep"
  }
  // Everything has arrived (a bodiless GET, or a body the core did not need): dropping it is instant.
  if (req.complete) return (await discard(req, Infinity, DRAIN_MAX_MS)) ? "keep" : "close"
  const declared = declaredLength(req)
  if (declared !== undefined && declared > DRAIN_MAX_BYTES) {
    detachers.get(req)?.()
    return "close"
  }
  return (await discard(req, DRAIN_MAX_BYTES, DRAIN_MAX_MS)) ? "keep" : "close"
}

/**
 * After a `Connection: close` answer has been written (but not ended): reads
 * and drops the rest of the body for a bounded while, then `end` finishes the
 * response and Node closes the socket. Closing a socket with unread data
 * makes the kernel reset the connection, which can discard the answer
 * before the client reads it.
 */
export function lingerThenEnd(req: IncomingMessage, end: () => void): void {
  void discard(req, LINGER_MAX_BYTES, LINGER_MAX_MS).then(end, end)
}

/**
 * For an answer the layer does not write itself (a failure handed to
 * next()): the rest of the body is dropped as Node drops a body no handler
 * read, so the app's error response leaves a usable connection.
 */
export function releaseBody(req: IncomingMessage): void {
  detachers.get(req)?.()
  if (!req.readableEnded) req.resume()
}
