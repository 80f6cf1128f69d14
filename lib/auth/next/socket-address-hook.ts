/**
 * Installs the socket-address hook (see ./socket-address): every request
 * reaching this process's HTTP servers gets its TCP peer address in a header
 * the client cannot pre-set, because the hook overwrites it. The same hook
 * watches each request for a client that goes away mid-request, so that its
 * abort is not logged as a server error (see ./client-aborts), and stamps it
 * with the id under which the middleware hands its session read to the page
 * (see ./session-handover). Node.js only;
 * import it from instrumentation.ts under NEXT_RUNTIME === "nodejs".
 */
import http from "node:http"
import https from "node:https"
import { quietClientAbortLogs, watchForClientAbort } from "./client-aborts"
import { screenRequest } from "./request-screen"
import { HANDOVER_HEADER, newHandoverId } from "./session-handover"
import { markSocketAddressHookInstalled, SOCKET_ADDRESS_HEADER, socketAddressHookInstalled } from "./socket-address"

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean

function wrap(prototype: { emit: Emit }) {
  const original = prototype.emit
  prototype.emit = function emit(this: unknown, event: string | symbol, ...args: unknown[]) {
    if (event === "request" && args[0] instanceof http.IncomingMessage) {
      const request = args[0]
      request.headers[SOCKET_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "unknown"
      request.headers[HANDOVER_HEADER] = newHandoverId()
      watchForClientAbort(request)
      const refused = screenRequest(request.method, request.url)
      const response = args[1]
      if (refused && response instanceof http.ServerResponse) {
        // Next.js would answer these with a 500 of its own; see ./request-screen.
        response.writeHead(refused.status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", connection: "close" })
        response.end(refused.message)
        request.resume()
        return true
      }
    }
    return original.call(this, event, ...args)
  }
}

export function installSocketAddressHook(): void {
  if (socketAddressHookInstalled()) return
  wrap(http.Server.prototype as unknown as { emit: Emit })
  wrap(https.Server.prototype as unknown as { emit: Emit })
  quietClientAbortLogs()
  markSocketAddressHookInstalled()
}
