/**
 * Every way to set a password (sign-up, change in Settings, reset link,
 * set-password link) on a real SQLite file, with the breached-password check
 * pointed at a local range server (never an outside service): a breached
 * password and one built on the user's own address, name or the site's name
 * are each refused with the message that says why; nothing is stored, and a
 * mailed link stays usable; a clean password then goes through.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { issueAccountToken, peekAccountToken } from "@/server/accounts/account-tokens"
import { changePassword } from "@/server/accounts/password-change"
import { passwordProblemMessage } from "@/server/accounts/password-policy"
import { resetPassword } from "@/server/accounts/password-reset"
import { setPasswordFromLink } from "@/server/accounts/set-password"
import { signUp, verifyCredentials } from "@/server/accounts/users"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit/memory-store"
import { RateLimiter } from "@/lib/auth/rate-limit/limiter"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { type RangeServer, startRangeServer } from "@/tests/helpers/range-server"

const BREACHED = "sunflower-keyboard-77"
const BREACHED_MESSAGE = passwordProblemMessage("breached")
const EMAIL_MESSAGE = "This password contains your email address. Choose something that has nothing to do with you or this site, such as three or four unrelated words."

describe("new-password rules at sign-up, change, reset and set-password", () => {
  let db: TestDatabase
  let range: RangeServer
  const saved = { url: process.env.AUTH_BREACHED_PASSWORDS_URL, onError: process.env.AUTH_BREACHED_PASSWORDS_ON_ERROR }
  const rateLimit = () => new RateLimiter({ store: new MemoryRateLimitStore() })
  const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value))

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    range = await startRangeServer({ [BREACHED]: 1234 })
    process.env.AUTH_BREACHED_PASSWORDS_URL = range.url
  })
  afterAll(async () => {
    restore("AUTH_BREACHED_PASSWORDS_URL", saved.url)
    restore("AUTH_BREACHED_PASSWORDS_ON_ERROR", saved.onError)
    await range.close()
    await db.cleanup()
  })
  beforeEach(() => {
    range.behave({ kind: "answer" })
    delete process.env.AUTH_BREACHED_PASSWORDS_ON_ERROR
  })

  const address = (label: string) => `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`
  async function member(label: string) {
    const email = address(label)
    const password = `first-${crypto.randomUUID()}`
    const result = await signUp(db.prisma, { email, name: "Rosalind Quarrie", password })
    if (!result.ok) throw new Error(result.message)
    return { id: result.user.id, email, password }
  }

  it("sign-up: refuses a breached password and one built on the address, creating nothing; a clean one signs up", async () => {
    const email = address("sign-up")
    expect(await signUp(db.prisma, { email, name: "Rosalind Quarrie", password: BREACHED })).toEqual({
      ok: false,
      field: "password",
      message: BREACHED_MESSAGE,
    })
    expect(await signUp(db.prisma, { email, name: "Rosalind Quarrie", password: `${email.split("@")[0]}!` })).toEqual({
      ok: false,
      field: "password",
      message: EMAIL_MESSAGE,
    })
    expect(await signUp(db.prisma, { email, name: "Rosalind Quarrie", password: "Rosalind1990" })).toMatchObject({
      ok: false,
      message: "This password contains your name. Choose something that has nothing to do with you or this site, such as three or four unrelated words.",
    })
    expect(await signUp(db.prisma, { email, name: "Rosalind Quarrie", password: "AuthStarter!2025" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("contains the name of this site (Auth Starter)"),
    })
    expect(await db.prisma.user.count({ where: { email } })).toBe(0)
    expect(await signUp(db.prisma, { email, name: "Rosalind Quarrie", password: "lantern orchard cobalt 58" })).toMatchObject({ ok: true })
  })

  it("password change: refuses a breached new password with its reason and keeps the old one", async () => {
    const user = await member("change")
    const limiter = rateLimit()
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: BREACHED, rateLimit: limiter })).toEqual({
      ok: false,
      field: "newPassword",
      message: BREACHED_MESSAGE,
    })
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: "quarrie-2024", rateLimit: limiter })).toMatchObject({
      ok: false,
      field: "newPassword",
      message: expect.stringMatching(/^This password contains your (name|email address)\./),
    })
    expect((await verifyCredentials(db.prisma, user.email, user.password))?.id).toBe(user.id)
    expect(await changePassword(db.prisma, { userId: user.id, currentPassword: user.password, newPassword: "lantern orchard cobalt 58", rateLimit: limiter })).toEqual({ ok: true })
  })

  it("reset link: refuses a breached password and leaves the link working; a clean one resets", async () => {
    const user = await member("reset")
    const token = await issueAccountToken(db.prisma, "password-reset", user.email)
    expect(await resetPassword(db.prisma, { token, password: BREACHED, rateLimit: rateLimit() })).toEqual({
      ok: false,
      reason: "password",
      message: BREACHED_MESSAGE,
    })
    expect(await resetPassword(db.prisma, { token, password: `${user.email.split("@")[0]}-reset`, rateLimit: rateLimit() })).toEqual({
      ok: false,
      reason: "password",
      message: EMAIL_MESSAGE,
    })
    expect(await peekAccountToken(db.prisma, "password-reset", token)).toBe(user.email)
    expect(await resetPassword(db.prisma, { token, password: "lantern orchard cobalt 58", rateLimit: rateLimit() })).toMatchObject({ ok: true })
  })

  it("set-password link: refuses a breached password and stores nothing; a clean one is set", async () => {
    const email = address("set")
    const user = await db.prisma.user.create({ data: { email, name: "Rosalind Quarrie", emailVerified: new Date() } })
    const token = await issueAccountToken(db.prisma, "set-password", email)
    expect(await setPasswordFromLink(db.prisma, { token, password: BREACHED, signedInUserId: user.id })).toEqual({
      ok: false,
      reason: "password",
      message: BREACHED_MESSAGE,
    })
    expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.passwordHash).toBeNull()
    expect(await peekAccountToken(db.prisma, "set-password", token)).toBe(email)
    expect(await setPasswordFromLink(db.prisma, { token, password: "lantern orchard cobalt 58", signedInUserId: user.id })).toMatchObject({ ok: true })
  })

  it("a service that fails: allowed by default, refused with its own message under AUTH_BREACHED_PASSWORDS_ON_ERROR=refuse", async () => {
    range.behave({ kind: "status", status: 503 })
    expect(await signUp(db.prisma, { email: address("outage-allow"), name: "Rosalind Quarrie", password: BREACHED })).toMatchObject({ ok: true })
    process.env.AUTH_BREACHED_PASSWORDS_ON_ERROR = "refuse"
    expect(await signUp(db.prisma, { email: address("outage-refuse"), name: "Rosalind Quarrie", password: "lantern orchard cobalt 58" })).toEqual({
      ok: false,
      field: "password",
      message: passwordProblemMessage("breach-check-unavailable"),
    })
  })
})
