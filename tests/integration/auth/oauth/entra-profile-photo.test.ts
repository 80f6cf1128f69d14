/**
 * Microsoft Entra ID's profile photo: a sign-in through a real OpenID
 * provider reads the user's Graph photo from a real local HTTP server (the
 * provider's `graphUrl`) with the access token and keeps it as the user's
 * image; a missing, failing, oversized, slow or non-image photo leaves the
 * image empty and the sign-in succeeds; `profilePhotoSize: false` asks nothing.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { customFetch, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import MicrosoftEntraID, { type MicrosoftEntraIDOptions } from "@/lib/auth/providers/microsoft-entra-id"
import { MAX_PROFILE_PHOTO_BYTES, PROFILE_PHOTO_TIMEOUT_MS } from "@/lib/auth/providers/entra-photo"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, sessionOf, signInWith } from "./support"

type GraphMode =
  | "jpeg"
  | "png"
  | "no-type"
  | "404"
  | "500"
  | "down"
  | "html"
  | "svg"
  | "empty"
  | "at-cap"
  | "over-cap"
  | "huge-declared"
  | "huge-streamed"
  | "stall"

interface GraphServer {
  url: string
  mode: GraphMode
  requests: { path: string; authorization: string | undefined }[]
  close(): Promise<void>
}

/** A stand-in for graph.microsoft.com that answers /v1.0/me/photos/{size}/$value per `mode`. */
async function startGraphServer(photo: Buffer): Promise<GraphServer> {
  const sockets = new Set<import("node:net").Socket>()
  const state: GraphServer = { url: "", mode: "jpeg", requests: [], close: async () => undefined }
  const server = http.createServer((req, res) => {
    state.requests.push({ path: decodeURIComponent(req.url ?? ""), authorization: req.headers.authorization })
    if (!/^\/v1\.0\/me\/photos\/\d+x\d+\/\$value$/.test(decodeURIComponent(req.url ?? ""))) {
      res.writeHead(400).end()
      return
    }
    switch (state.mode) {
      case "jpeg":
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": photo.length }).end(photo)
        return
      case "png":
        res.writeHead(200, { "content-type": "image/png" }).end(photo)
        return
      case "no-type":
        res.writeHead(200).end(photo)
        return
      case "404":
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "ImageNotFound", message: "The photo wasn't found." } }))
        return
      case "500":
        res.writeHead(500, { "content-type": "text/plain" }).end("boom")
        return
      case "down":
        req.socket.destroy()
        return
      case "html":
        res.writeHead(200, { "content-type": "text/html" }).end("<script>alert(1)</script>")
        return
      case "svg":
        res.writeHead(200, { "content-type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
        return
      case "empty":
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": 0 }).end()
        return
      case "at-cap":
      case "over-cap": {
        // Sent in chunks without a length, so only counting the bytes read can tell.
        const body = Buffer.alloc(MAX_PROFILE_PHOTO_BYTES + (state.mode === "over-cap" ? 1 : 0), 0xab)
        res.writeHead(200, { "content-type": "image/jpeg" })
        for (let at = 0; at < body.length; at += 8192) res.write(body.subarray(at, at + 8192))
        res.end()
        return
      }
      case "huge-declared":
        // Announces 8 MB; only the header is needed to refuse it.
        res.writeHead(200, { "content-type": "image/jpeg", "content-length": 8 * 1024 * 1024 })
        res.write(randomBytes(64 * 1024))
        return
      case "huge-streamed": {
        // No length announced: chunks keep coming until the client gives up.
        res.writeHead(200, { "content-type": "image/jpeg" })
        const chunk = randomBytes(16 * 1024)
        let sent = 0
        const more = () => {
          while (sent < 64 * 1024 * 1024) {
            sent += chunk.length
            if (!res.write(chunk)) return void res.once("drain", more)
          }
          res.end()
        }
        res.on("close", () => (sent = Infinity))
        more()
        return
      }
      case "stall":
        // Headers and a first part, then nothing.
        res.writeHead(200, { "content-type": "image/jpeg" })
        res.write(photo.subarray(0, 10))
        return
    }
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return state
}

for (const strategy of ["database", "jwt"] as const) {
  describe(`Entra ID profile photo (${strategy} strategy)`, () => {
    let db: TestDatabase
    let idp: OidcServer
    let graph: GraphServer
    // A JPEG-looking body; the provider does not decode images, it only carries them.
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1500), Buffer.from([0xff, 0xd9])])
    let counter = 0

    function configWith(options: MicrosoftEntraIDOptions = {}): AuthConfig {
      return {
        secret: SECRET,
        trustHost: true,
        adapter: PrismaAdapter(db.prisma),
        session: { strategy },
        providers: [
          MicrosoftEntraID({
            // A fixed tenant: the local provider's issuer is not Entra's per-tenant template.
            tenantId: "test-tenant",
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            graphUrl: graph.url,
            ...options,
          }),
        ],
      }
    }

    /** Signs a new user in and returns what the app keeps as their image (row and session). */
    async function signInNewUser(options?: MicrosoftEntraIDOptions) {
      const sub = `entra-${strategy}-${++counter}`
      const browser = new Browser(configWith(options))
      const res = await signInWith(browser, "microsoft-entra-id", sub)
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get("location")!).pathname).not.toMatch(/\/(signin|error)$/)
      const user = await db.prisma.user.findUnique({ where: { email: `${sub}@idp.example.test` } })
      expect(user).not.toBeNull()
      const session = (await sessionOf(browser)) as { user?: { email?: string | null; image?: string | null } } | null
      expect(session?.user?.email).toBe(`${sub}@idp.example.test`)
      const account = await db.prisma.account.findFirst({ where: { userId: user!.id } })
      return { rowImage: user!.image, sessionImage: session?.user?.image ?? null, accessToken: account?.access_token }
    }

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/microsoft-entra-id`] })
      graph = await startGraphServer(photo)
    })
    afterAll(async () => {
      await graph.close()
      await idp.close()
      await db.cleanup()
    })

    it("reads the 48 px photo with the access token and keeps it as a data: URL on the user and the session", async () => {
      graph.mode = "jpeg"
      graph.requests.length = 0
      const { rowImage, sessionImage, accessToken } = await signInNewUser()
      const expected = `data:image/jpeg;base64,${photo.toString("base64")}`
      expect(rowImage).toBe(expected)
      expect(sessionImage).toBe(expected)
      expect(graph.requests).toEqual([{ path: "/v1.0/me/photos/48x48/$value", authorization: `Bearer ${accessToken}` }])
      expect(accessToken).toBeTruthy()
    })

    it("profilePhotoSize picks the size; a PNG keeps its type; a missing type is read as JPEG", async () => {
      graph.mode = "png"
      graph.requests.length = 0
      expect((await signInNewUser({ profilePhotoSize: 96 })).rowImage).toBe(`data:image/png;base64,${photo.toString("base64")}`)
      expect(graph.requests.map((r) => r.path)).toEqual(["/v1.0/me/photos/96x96/$value"])
      graph.mode = "no-type"
      expect((await signInNewUser()).rowImage).toBe(`data:image/jpeg;base64,${photo.toString("base64")}`)
    })

    it("profilePhotoSize: false makes no Graph request and leaves the image empty", async () => {
      graph.mode = "jpeg"
      graph.requests.length = 0
      const { rowImage, sessionImage } = await signInNewUser({ profilePhotoSize: false })
      expect(rowImage).toBeNull()
      expect(sessionImage).toBeNull()
      expect(graph.requests).toEqual([])
    })

    for (const mode of ["404", "500", "down", "html", "svg", "empty", "over-cap", "huge-declared", "huge-streamed"] as const) {
      it(`a Graph answer of kind "${mode}" gives no image and the sign-in still succeeds`, async () => {
        graph.mode = mode
        graph.requests.length = 0
        const { rowImage, sessionImage } = await signInNewUser()
        expect(rowImage).toBeNull()
        expect(sessionImage).toBeNull()
        expect(graph.requests.length).toBeGreaterThanOrEqual(1)
      })
    }

    it("a Graph that is not listening gives no image and the sign-in still succeeds", async () => {
      const { rowImage } = await signInNewUser({ graphUrl: "http://127.0.0.1:9" })
      expect(rowImage).toBeNull()
    })

    it("the photo request goes through the provider's customFetch", async () => {
      graph.mode = "jpeg"
      const seen: string[] = []
      const { rowImage } = await signInNewUser({
        [customFetch]: (input: RequestInfo | URL, init?: RequestInit) => {
          seen.push(decodeURIComponent(new URL(input instanceof Request ? input.url : input.toString()).pathname))
          return fetch(input, init)
        },
      })
      expect(rowImage).toMatch(/^data:image\/jpeg;base64,/)
      expect(seen).toContain("/v1.0/me/photos/48x48/$value")
    })

    it("an invalid profilePhotoSize is a configuration error", () => {
      expect(() => MicrosoftEntraID({ profilePhotoSize: 50 as 48 })).toThrow(/profilePhotoSize must be one of 48, 64/)
    })

    if (strategy === "database") {
      it("a photo that stalls is given up after the time limit and the sign-in still succeeds", { timeout: PROFILE_PHOTO_TIMEOUT_MS + 20_000 }, async () => {
        graph.mode = "stall"
        const started = Date.now()
        const { rowImage } = await signInNewUser()
        expect(rowImage).toBeNull()
        expect(Date.now() - started).toBeGreaterThanOrEqual(PROFILE_PHOTO_TIMEOUT_MS - 100)
      })

      it("a photo of exactly the size cap is kept (one byte more is refused above)", async () => {
        graph.mode = "at-cap"
        const { rowImage } = await signInNewUser({ profilePhotoSize: 648 })
        expect(rowImage).toBe(`data:image/jpeg;base64,${Buffer.alloc(MAX_PROFILE_PHOTO_BYTES, 0xab).toString("base64")}`)
      })
    }
  })
}
