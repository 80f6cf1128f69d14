/**
 * A body the auth routes did not read to its end (a 413 for an oversized
 * body, declared or streamed; a body a route ignores) must not leave the
 * keep-alive connection stuck: on one real TCP connection to a real Express
 * server, the next request is answered promptly, or the server said
 * `Connection: close` and ended the connection cleanly (FIN, never a reset),
 * and a new connection works. Every auth route, both session strategies.
 */
import http from "node:http"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ExpressAuth } from "@/lib/auth/express"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { RawConnection, type RawRequest } from "@/tests/helpers/raw-http"
import { aliceConfig, BASE } from "../support"
import { express, listen, type RunningServer } from "./server"

vi.setConfig({ testTimeout: 60_000 })

const ROUTES = [
  "/providers",
  "/session",
  "/csrf",
  "/signin",
  "/signin/credentials",
  "/signout",
  "/callback/credentials",
  "/verify-request",
  "/error",
  "/webauthn-options/passkey",
  "/not-an-action",
]

const MB = Buffer.alloc(1024 * 1024, "a")

/** Bodies no route reads to the end: too large (declared or streamed), or of a type no route reads. */
const BODIES: Record<string, Pick<RawRequest, "headers" | "body" | "chunked">> = {
  "1 MB form, declared length": { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: MB },
  "1 MB form, chunked": { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: MB, chunked: true },
  "1 MB application/octet-stream": { headers: { "Content-Type": "application/octet-stream" }, body: MB },
  "1 MB application/octet-stream, chunked": { headers: { "Content-Type": "application/octet-stream" }, body: MB, chunked: true },
}
const SMALL_IGNORED = { headers: { "Content-Type": "application/octet-stream" }, body: Buffer.alloc(20 * 1024, "b") }

const providers: RawRequest = { method: "GET", path: `${BASE}/providers` }

/**
 * Sends `first` and then /providers the way a keep-alive client would, and
 * returns how the connection carried on: "reused" or "closed cleanly".
 */
async function firstThenProviders(port: number, first: RawRequest): Promise<"reused" | "closed cleanly"> {
  const connection = await RawConnection.open(port)
  try {
    connection.send(first)
    const started = Date.now()
    const answer = await connection.response(3000)
    expect(answer.status, `${first.method} ${first.path}`).toBeLessThan(500)
    expect(Date.now() - started).toBeLessThan(3000)
    if (answer.headers.connection?.toLowerCase() === "close") {
      expect(await connection.ending(3000)).toBe("end")
      expect(connection.errors).toEqual([])
      const fresh = await RawConnection.open(port)
      fresh.send(providers)
      expect((await fresh.response(2000)).status).toBe(200)
      fresh.close()
      return "closed cleanly"
    }
    connection.send(providers)
    const next = await connection.response(2000)
    expect(next.status).toBe(200)
    expect(connection.errors).toEqual([])
    return "reused"
  } finally {
    connection.close()
  }
}

describe.each(["jwt", "database"] as const)("unread request bodies and keep-alive (%s strategy)", (strategy) => {
  let db: TestDatabase
  let server: RunningServer
  let port: number

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const config: AuthConfig = { ...aliceConfig(), adapter: PrismaAdapter(db.prisma), session: { strategy } }
    const app = express()
    app.use("/auth", ExpressAuth(config))
    server = await listen(app)
    port = Number(new URL(server.origin).port)
  })
  afterAll(async () => {
    await server.close()
    await db.cleanup()
  })

  for (const [label, body] of Object.entries(BODIES)) {
    it(`${label} to every auth route: the next request is answered, or the connection was closed cleanly`, async () => {
      for (const route of ROUTES) {
        await firstThenProviders(port, { method: "POST", path: `${BASE}${route}`, ...body })
      }
    })
  }

  it("a 1 MB body is refused with 413 and Connection: close, then the connection ends with a FIN", async () => {
    const connection = await RawConnection.open(port)
    connection.send({ method: "POST", path: `${BASE}/session`, ...BODIES["1 MB form, declared length"] })
    const answer = await connection.response()
    expect(answer.status).toBe(413)
    expect(answer.headers.connection).toBe("close")
    expect(await connection.ending()).toBe("end")
    expect(connection.errors).toEqual([])
  })

  it("a small body a route ignores is dropped and the same connection carries the next request", async () => {
    for (const route of ROUTES) {
      expect(await firstThenProviders(port, { method: "POST", path: `${BASE}${route}`, ...SMALL_IGNORED }), route).toBe("reused")
    }
  })

  it("a GET that carries a 1 MB body does not stall the connection either", async () => {
    await firstThenProviders(port, { method: "GET", path: `${BASE}/providers`, ...BODIES["1 MB application/octet-stream"] })
  })

  it("a keep-alive http.Agent with one socket: 413, then the next requests succeed without a reset", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const send = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = Date.now()
        const request = http.request(
          { host: "127.0.0.1", port, method, path, agent, headers: body ? { "content-type": "application/x-www-form-urlencoded" } : {} },
          (res) => {
            res.resume()
            res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }))
          },
        )
        request.on("error", reject)
        request.end(body)
      })
    try {
      expect((await send("POST", `${BASE}/session`, MB)).status).toBe(413)
      const next = await send("GET", `${BASE}/providers`)
      expect(next.status).toBe(200)
      expect(next.ms).toBeLessThan(2000)
      expect((await send("POST", `${BASE}/callback/credentials`, MB)).status).toBe(413)
      expect((await send("GET", `${BASE}/csrf`)).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })
})
