/**
 * The starter's configuration (auth.ts) mails the user when the library turns
 * two-factor on or off, through its twoFactorEnabled / twoFactorDisabled
 * events: whichever code path made the change, the owner hears of it.
 */
import { URI } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beginTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor } from "@/lib/auth"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const ORIGIN = "http://app.localhost:3000"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER"])

let db: TestDatabase
let smtp: TestSmtpServer
let app: typeof import("@/auth")

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  smtp = await startSmtpServer()
  env.set({
    AUTH_SECRET: "two-factor-mails-secret-0123456789abcdef0123",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
  })
  app = await import("@/auth")
})

afterAll(async () => {
  env.restore()
  await smtp?.close()
  await db?.cleanup()
})

describe("auth.ts two-factor events", () => {
  it("turning two-factor on, then off, mails the owner each time with a link to Settings' security activity", async () => {
    const signedUp = await signUp(db.prisma, { email: "grace@example.com", name: "Grace", password: "compiler pioneer 1952" })
    if (!signedUp.ok) throw new Error(signedUp.message)
    const user = { id: signedUp.user.id, email: "grace@example.com" }

    const setup = await beginTwoFactorSetup(app.authConfig, user)
    await confirmTwoFactorSetup(app.authConfig, user.id, setup.sealedSecret, URI.parse(setup.uri).generate())
    const on = await smtp.waitFor(user.email)
    expect(on.subject).toBe("Two-factor authentication was turned on (Auth Starter)")
    expect(linkIn(on, ORIGIN)).toBe(`${ORIGIN}/settings#security-activity`)

    await disableTwoFactor(app.authConfig, user.id)
    const off = await smtp.waitFor(user.email)
    expect(off.subject).toBe("Two-factor authentication was turned off (Auth Starter)")
  })
})
