/**
 * The request body between SvelteKit and the core. SvelteKit's Node bridge
 * (adapter-node, vite preview) destroys the socket when the body stream is
 * cancelled, and leaves it paused when the stream is simply not read; the
 * core does both (it cancels a body it refuses or does not need). Either
 * way the keep-alive connection dies: reset at once, or stalled until
 * Node's keep-alive timeout. So the core gets a guarded copy whose cancel
 * stops there, and after the answer the rest of the body is read and
 * dropped, within bounds; past them the answer says `Connection: close`.
 */
import { BadRequest } from "../errors"

/** How much of an unread body is read and dropped after the answer (above adapter-node's default 512 KB limit). */
export const DRAIN_MAX_BYTES = 1024 * 1024
/** How long the answer waits for it. */
export const DRAIN_MAX_MS = 2000

export interface GuardedRequest {
  request: Request
  /** After the core answered: drops what it left of the body; "close" when that could not be done within bounds. */
  settle(): Promise<"keep" | "close">
}

/** SvelteKit reports a body over its BODY_SIZE_LIMIT as an error with status 413. */
function tooLarge(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { status?: unknown }).status === 413
}

export function guardBody(request: Request): GuardedRequest {
  const source = request.body
  if (!source || request.method === "GET" || request.method === "HEAD") return { request, settle: async () => "keep" }
  const reader = source.getReader()
  // Ended, or failed: SvelteKit then lets the rest of the body flow past (or the socket is gone already).
  let settled = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read()
          if (done) {
            settled = true
            controller.close()
          } else {
            controller.enqueue(value)
          }
        } catch (error) {
          settled = true
          controller.error(tooLarge(error) ? new BadRequest(413, "Request body too large.") : error)
        }
      },
      cancel() {
        // Not passed on: cancelling SvelteKit's stream destroys the socket before the answer is written.
      },
    },
    { highWaterMark: 0 },
  )
  const guarded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: "half",
  } as RequestInit)

  async function settle(): Promise<"keep" | "close"> {
    if (settled) return "keep"
    let seen = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), DRAIN_MAX_MS)
    })
    try {
      for (;;) {
        const next = await Promise.race([reader.read(), timeout])
        if (next === "timeout") return "close"
        if (next.done) return "keep"
        seen += next.value.byteLength
        if (seen > DRAIN_MAX_BYTES) return "close"
      }
    } catch {
      return "keep"
    } finally {
      clearTimeout(timer)
    }
  }

  return { request: guarded, settle }
}

/** The answer with `Connection: close`, for a connection whose request body could not be settled. */
export function closingConnection(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.set("connection", "close")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
