/**
 * Clients that go away mid-request, against a real Node HTTP server with the
 * socket-address hook installed (as instrumentation.ts does for Next.js): the
 * server logs a request's body error the way Next.js does (console.error), and
 * the abort of an incoming request is left out of the log, while an aborted
 * outgoing request and every other error still reach it.
 */
import http from "node:http"
import net from "node:net"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

describe("client aborts on a server with the socket-address hook", () => {
  const logged: unknown[][] = []
  const bodyErrors: Error[] = []
  let server: http.Server
  let upstream: http.Server
  let port: number

  beforeAll(async () => {
    // The sink the filter forwards to, standing in for the terminal.
    console.error = (...args: unknown[]) => void logged.push(args)
    const { installSocketAddressHook } = await import("@/lib/auth/next/socket-address-hook")
    installSocketAddressHook()
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => res.end(`read ${Buffer.concat(chunks).length} bytes`))
      // What Next.js does when reading the body fails: the request fails and is logged.
      req.on("error", (error) => {
        bodyErrors.push(error)
        console.error(error)
      })
    })
    // An upstream that starts an answer and then drops the connection.
    upstream = http.createServer((_req, res) => {
      res.writeHead(200, { "content-length": "1000" })
      res.write("partial")
      setTimeout(() => res.socket?.resetAndDestroy(), 20)
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await new Promise<void>((resolve) => upstream.close(() => resolve()))
  })

  function abortMidBody(): Promise<void> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\nfirst part of the body`)
        setTimeout(() => {
          socket.resetAndDestroy()
          resolve()
        }, 50)
      })
      socket.on("error", () => resolve())
    })
  }

  async function until(condition: () => boolean): Promise<void> {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
  }

  it("a client that resets mid-body makes the request fail with ECONNRESET, and nothing is logged", async () => {
    for (let i = 0; i < 3; i++) await abortMidBody()
    await until(() => bodyErrors.length === 3)
    expect(bodyErrors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(["ECONNRESET", "ECONNRESET", "ECONNRESET"])
    expect(logged).toEqual([])
  })

  it("the server keeps answering complete requests", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/upload`, { method: "POST", body: "hello" })
    expect(await res.text()).toBe("read 5 bytes")
  })

  it("an outgoing request whose upstream drops the answer is still logged, as is any other error", async () => {
    const { port: upstreamPort } = upstream.address() as AddressInfo
    const failure = await new Promise<Error>((resolve) => {
      http
        .get({ host: "127.0.0.1", port: upstreamPort, agent: false }, (res) => {
          res.on("data", () => undefined)
          res.on("error", resolve)
        })
        .on("error", () => undefined)
    })
    expect((failure as NodeJS.ErrnoException).code).toBe("ECONNRESET")
    console.error(failure)
    const other = new Error("database unreachable")
    console.error("⨯", other)
    expect(logged).toEqual([[failure], ["⨯", other]])
  })
})
