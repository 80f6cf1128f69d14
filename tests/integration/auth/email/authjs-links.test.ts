/**
 * A link issued by Auth.js (@auth/core 0.41.3, the oracle) just before a
 * migration still signs in here: both store the same token hash.
 */
import { Auth as AuthJs } from "@auth/core"
import AuthJsNodemailer from "@auth/core/providers/nodemailer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, recordingLogger } from "../support"

const SECRET = "authjs-link-migration-secret-0123456789ab"

describe("links issued by Auth.js", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
  })
  afterAll(() => db.cleanup())

  it("sign in after the switch, once", async () => {
    const adapter = PrismaAdapter(db.prisma)
    const sent: string[] = []
    const authjsConfig = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter: adapter as never,
      providers: [
        AuthJsNodemailer({
          server: "smtp://127.0.0.1:9",
          sendVerificationRequest: async ({ url }: { url: string }) => void sent.push(url),
        }),
      ],
    }
    // Auth.js: csrf, then the link request.
    const csrf = await AuthJs(new Request(`${ORIGIN}${BASE}/csrf`), authjsConfig)
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const requested = await AuthJs(
      new Request(`${ORIGIN}${BASE}/signin/nodemailer`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken, email: "migrated@example.test" }),
      }),
      authjsConfig,
    )
    expect(requested.headers.get("location")).toContain("/verify-request")
    expect(sent).toHaveLength(1)

    const ours: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter,
      logger: recordingLogger().logger,
      providers: [Nodemailer({ server: "smtp://127.0.0.1:9" })],
    }
    const link = new URL(sent[0]!)
    const browser = new Browser(ours)
    const res = await browser.send(link.pathname + link.search)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).not.toContain("error")
    expect(browser.jar.has("authjs.session-token")).toBe(true)
    const again = await new Browser(ours).send(link.pathname + link.search)
    expect(again.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=Verification`)
  })
})
