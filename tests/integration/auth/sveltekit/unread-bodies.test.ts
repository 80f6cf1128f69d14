/**
 * A body the auth routes did not read to its end must not kill the
 * keep-alive connection under SvelteKit either. The server is Node's http
 * with SvelteKit's own bridge (getRequest/setResponse from
 * @sveltejs/kit/node, which adapter-node and vite preview use) around the
 * layer's `handle`; one real TCP connection per case: the next request on it
 * is answered promptly, never stalled or reset. Both session strategies.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { getRequest, setResponse } from "@sveltejs/kit/node"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { SvelteKitAuth } from "@/lib/auth/sveltekit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { RawConnection, type RawRequest } from "@/tests/helpers/raw-http"
import { aliceConfig } from "../support"
import { requestEvent } from "./event"

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
]

const KB300 = Buffer.alloc(300 * 1024, "a")
const MB = Buffer.alloc(1024 * 1024, "a")
const form = { "Content-Type": "application/x-www-form-urlencoded" }
const octets = { "Content-Type": "application/octet-stream" }

/** Bodies no route reads to the end; 300 KB is under adapter-node's default 512 KB limit, 1 MB over it. */
const BODIES: Record<string, Pick<RawRequest, "headers" | "body" | "chunked">> = {
  "300 KB form, declared length": { headers: form, body: KB300 },
  "300 KB form, chunked": { headers: form, body: KB300, chunked: true },
  "300 KB application/octet-stream": { headers: octets, body: KB300 },
  "1 MB form, declared length": { headers: form, body: MB },
  "1 MB form, chunked": { headers: form, body: MB, chunked: true },
}

async function startServer(auth: ReturnType<typeof SvelteKitAuth>, bodySizeLimit: number) {
  const server = http.createServer(async (req, res) => {
    const request = await getRequest({ request: req, base: "http://127.0.0.1", bodySizeLimit })
    const event = requestEvent(request)
    await setResponse(res, await auth.handle({ event, resolve: () => new Response("page") }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

async function firstThenProviders(port: number, first: RawRequest) {
  const connection = await RawConnection.open(port)
  try {
    connection.send(first)
    const answer = await connection.response(3000)
    expect(answer.status, `${first.method} ${first.path}`).toBeLessThan(500)
    connection.send({ method: "GET", path: "/auth/providers" })
    expect((await connection.response(2000)).status, `after ${first.path}`).toBe(200)
    expect(connection.errors).toEqual([])
    return answer
  } finally {
    connection.close()
  }
}

describe.each(["jwt", "database"] as const)("unread request bodies and keep-alive under SvelteKit's Node bridge (%s strategy)", (strategy) => {
  let db: TestDatabase
  let server: Awaited<ReturnType<typeof startServer>>

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    server = await startServer(SvelteKitAuth({ ...aliceConfig(), adapter: PrismaAdapter(db.prisma), session: { strategy } }), 512 * 1024)
  })
  afterAll(async () => {
    await server.close()
    await db.cleanup()
  })

  for (const [label, body] of Object.entries(BODIES)) {
    it(`${label} to every auth route: the same connection answers the next request`, async () => {
      for (const route of ROUTES) await firstThenProviders(server.port, { method: "POST", path: `/auth${route}`, ...body })
    })
  }

  it("a 300 KB body is refused with 413 and the connection stays open", async () => {
    const answer = await firstThenProviders(server.port, { method: "POST", path: "/auth/session", ...BODIES["300 KB form, declared length"] })
    expect(answer.status).toBe(413)
    expect(answer.headers.connection).toBe("keep-alive")
  })
})

describe("a body larger than the layer drops, with no adapter limit (BODY_SIZE_LIMIT=Infinity)", () => {
  it("the answer says Connection: close, and a new connection works", async () => {
    const server = await startServer(SvelteKitAuth(aliceConfig()), Infinity)
    try {
      const connection = await RawConnection.open(server.port)
      connection.send({ method: "POST", path: "/auth/csrf", headers: octets, body: Buffer.alloc(4 * 1024 * 1024, "a") })
      const answer = await connection.response(4000)
      expect(answer.status).toBe(200)
      expect(answer.headers.connection).toBe("close")
      connection.close()
      const fresh = await RawConnection.open(server.port)
      fresh.send({ method: "GET", path: "/auth/providers" })
      expect((await fresh.response(2000)).status).toBe(200)
      fresh.close()
    } finally {
      await server.close()
    }
  })
})
