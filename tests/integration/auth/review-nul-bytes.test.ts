/**
 * Control characters from the client under the database strategy, on SQLite
 * and PostgreSQL. PostgreSQL rejects U+0000 in text, so such values used to
 * surface as logged AdapterErrors: a `%00` session cookie could not be read or
 * signed out of (sign-out went to the Configuration error page and kept the
 * cookie), and POST /session with a name containing it answered 400. Names and
 * images with control characters are not persisted on either database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuthConfig, Session } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { createTestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, emptyTables, isDeletion, ORIGIN, recordingLogger, SECRET, setCookie, type TestPrisma } from "./support"

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>
const SESSION = "authjs.session-token"

describe.each(["sqlite", "postgresql"] as const)("control characters with database sessions on %s", (provider) => {
  let db: TestDatabase
  let prisma: TestPrisma
  let recorder: ReturnType<typeof recordingLogger>
  let config: AuthConfig
  let userId: string

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    prisma = db.prisma as unknown as TestPrisma
  })
  afterAll(() => db?.cleanup())

  beforeEach(async () => {
    await emptyTables(prisma)
    userId = (await prisma.user.create({ data: { email: "ada@example.com", name: "Ada", image: null } })).id
    recorder = recordingLogger()
    config = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      logger: recorder.logger,
      providers: [Credentials({ credentials: { email: {} }, authorize: async () => ({ id: userId, email: "ada@example.com" }) })],
    }
  })

  it("a %00 session cookie reads as no session and is cleared, with nothing logged", async () => {
    const browser = new Browser(config)
    browser.jar.set(SESSION, "%00forged")
    const res = await browser.send(`${BASE}/session`)
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
    expect(isDeletion(setCookie(res, SESSION)!)).toBe(true)
    expect(recorder.errors).toEqual([])
  })

  it("sign-out with a %00 session cookie clears it and goes to the callback URL", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    browser.jar.set(SESSION, "x%00y")
    const res = await browser.send(`${BASE}/signout`, { form: { csrfToken, callbackUrl: "/bye" } })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/bye`)
    expect(isDeletion(setCookie(res, SESSION)!)).toBe(true)
    expect(recorder.errors).toEqual([])
  })

  it.each([
    ["a NUL in the name", { name: "Ada\u0000Lovelace" }],
    ["a control character in the name", { user: { name: "Ada\u0007" } }],
    ["a NUL in the image", { image: "https://example.com/a\u0000.png" }],
  ])("POST /session with %s persists nothing and still answers the session", async (_label, data) => {
    const browser = new Browser(config)
    await browser.signInWithCredentials()
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/session`, { json: { csrfToken, data } })
    // A name breaking the display-name rule is refused with 400; a bad image is ignored.
    if ("image" in data) {
      expect(res.status).toBe(200)
      expect(((await res.json()) as Session).user?.name).toBe("Ada")
    } else {
      expect(res.status).toBe(400)
    }
    const row = await prisma.user.findUnique({ where: { id: userId } })
    expect(row).toMatchObject({ name: "Ada", image: null })
    expect(recorder.errors).toEqual([])
  })

  it("a clean name is still persisted", async () => {
    const browser = new Browser(config)
    await browser.signInWithCredentials()
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/session`, { json: { csrfToken, data: { name: "Ada L." } } })
    expect(((await res.json()) as Session).user?.name).toBe("Ada L.")
  })
})
