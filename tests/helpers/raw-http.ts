/**
 * HTTP/1.1 over one real TCP connection, written and parsed by hand, so a
 * test sees what a keep-alive client sees: whether the next request on the
 * same connection is answered, stalls, or meets a reset, and whether the
 * server closed the connection cleanly (FIN) or with a reset.
 */
import net from "node:net"

export interface RawResponse {
  status: number
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>
  body: Buffer
}

export interface RawRequest {
  method: string
  path: string
  headers?: Record<string, string>
  body?: Buffer
  /** Send the body with Transfer-Encoding: chunked (in 16 KB chunks) instead of Content-Length. */
  chunked?: boolean
}

/** The bytes of a request, as a client would write them. */
export function encodeRequest(host: string, request: RawRequest): Buffer {
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${host}`]
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`)
  const body = request.body
  if (body && request.chunked) {
    lines.push("Transfer-Encoding: chunked")
    const parts: Buffer[] = [Buffer.from(`${lines.join("\r\n")}\r\n\r\n`)]
    for (let offset = 0; offset < body.length; offset += 16 * 1024) {
      const chunk = body.subarray(offset, offset + 16 * 1024)
      parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"))
    }
    parts.push(Buffer.from("0\r\n\r\n"))
    return Buffer.concat(parts)
  }
  lines.push(`Content-Length: ${body?.length ?? 0}`)
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body ?? Buffer.alloc(0)])
}

export class RawConnection {
  private buffer = Buffer.alloc(0)
  private waiting: (() => void) | undefined
  /** Errors the socket met (ECONNRESET, EPIPE …): a clean exchange has none. */
  readonly errors: string[] = []
  /** Set when the server ended the connection: "end" for a FIN, "reset" when it closed with an error. */
  closedBy: "end" | "reset" | undefined

  private constructor(
    private readonly socket: net.Socket,
    readonly host: string,
  ) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      this.wake()
    })
    socket.on("end", () => {
      this.closedBy ??= "end"
      this.wake()
    })
    socket.on("error", (error: NodeJS.ErrnoException) => {
      this.errors.push(error.code ?? error.message)
      this.closedBy = "reset"
      this.wake()
    })
    socket.on("close", () => this.wake())
  }

  static open(port: number, host = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new RawConnection(socket, `${host}:${port}`)))
      socket.once("error", reject)
    })
  }

  private wake() {
    const waiting = this.waiting
    this.waiting = undefined
    waiting?.()
  }

  private async until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const value = check()
      if (value !== undefined) return value
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No ${what} within ${timeoutMs} ms (errors: ${this.errors.join(", ") || "none"})`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiting = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  send(request: RawRequest): void {
    this.socket.write(encodeRequest(this.host, request))
  }

  /** The next response on the connection; fails when none arrives within `timeoutMs` or the connection is reset first. */
  response(timeoutMs = 3000): Promise<RawResponse> {
    return this.until(
      () => {
        const parsed = this.parse()
        if (parsed) return parsed
        if (this.closedBy === "reset") throw new Error(`Connection reset before a response (${this.errors.join(", ")})`)
        if (this.socket.destroyed) throw new Error("Connection closed before a response")
        return undefined
      },
      timeoutMs,
      "response",
    )
  }

  /** How the server ends the connection after an answer with Connection: close. */
  ending(timeoutMs = 3000): Promise<"end" | "reset"> {
    return this.until(() => this.closedBy, timeoutMs, "end of connection")
  }

  close(): void {
    this.socket.destroy()
  }

  /** Takes one complete response (Content-Length or chunked) off the buffer, if there is one. */
  private parse(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf("\r\n\r\n")
    if (headEnd === -1) return undefined
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString("latin1").split("\r\n")
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(":")
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
    }
    const status = Number(statusLine.split(" ")[1])
    let offset = headEnd + 4
    let body: Buffer
    if (headers["transfer-encoding"]?.includes("chunked")) {
      const parts: Buffer[] = []
      for (;;) {
        const lineEnd = this.buffer.indexOf("\r\n", offset)
        if (lineEnd === -1) return undefined
        const size = parseInt(this.buffer.subarray(offset, lineEnd).toString("latin1"), 16)
        if (this.buffer.length < lineEnd + 2 + size + 2) return undefined
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size))
        offset = lineEnd + 2 + size + 2
        if (size === 0) break
      }
      body = Buffer.concat(parts)
    } else {
      const length = Number(headers["content-length"] ?? "0")
      if (this.buffer.length < offset + length) return undefined
      body = this.buffer.subarray(offset, offset + length)
      offset += length
    }
    this.buffer = this.buffer.subarray(offset)
    return { status, headers, body: Buffer.from(body) }
  }
}
