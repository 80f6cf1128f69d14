/**
 * The app's own per-client budget (sign-up) keys on the library's canonical
 * client address: an attacker whose home connection owns
 * an IPv6 /64 gets one sign-up budget however many of its addresses it
 * rotates through, and one IPv4 client gets one budget however its proxy
 * spells it. The app's sign-up action is called as Next.js calls it, behind
 * one trusted proxy (AUTH_TRUSTED_PROXIES=1); next/headers is backed by real
 * Headers, as in tests/integration/auth/next/actions.test.ts.
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))

const ORIGIN = "http://localhost:3000"
const SIGN_UPS_PER_CLIENT = 2
const env = envFor([
  "AUTH_SECRET",
  "AUTH_URL",
  "AUTH_TRUST_HOST",
  "AUTH_TRUSTED_PROXIES",
  "AUTH_RATE_LIMIT_IPV6_PREFIX",
  "AUTH_SESSION_STRATEGY",
  "DATABASE_URL",
  "EMAIL_SERVER",
  "SIGNUP_LIMIT_PER_CLIENT",
])

let db: TestDatabase
let smtp: TestSmtpServer
let signUpAction: typeof import("@/app/signup/actions").signUpAction
let n = 0
/** Addresses whose account was created: each is sent a verification mail in the background. */
const created: string[] = []

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  smtp = await startSmtpServer()
  env.set({
    AUTH_SECRET: "sign-up-client-limit-secret-0123456789abcdef",
    AUTH_URL: ORIGIN,
    AUTH_TRUST_HOST: "true",
    AUTH_TRUSTED_PROXIES: "1",
    AUTH_RATE_LIMIT_IPV6_PREFIX: undefined,
    AUTH_SESSION_STRATEGY: "jwt",
    DATABASE_URL: db.url,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    SIGNUP_LIMIT_PER_CLIENT: String(SIGN_UPS_PER_CLIENT),
  })
  ;({ signUpAction } = await import("@/app/signup/actions"))
})

afterAll(async () => {
  // Sign-up does not wait for its verification mail; let each arrive before the server closes.
  for (const email of created) await smtp?.waitFor(email)
  env.restore()
  await smtp?.close()
  await db?.cleanup()
})

/** One sign-up form sent through the proxy from `address`: "created" (it went on to sign in) or the form's message. */
async function signUpFrom(address: string): Promise<string> {
  incoming.headers = new Headers({
    host: "localhost:3000",
    "x-forwarded-for": `192.0.2.200, ${address}`,
    "user-agent": "TestBrowser/1.0",
    "content-type": "multipart/form-data; boundary=x",
  })
  const form = new FormData()
  const email = `sign-up-${++n}@example.test`
  form.set("email", email)
  form.set("name", "New user")
  form.set("password", "a sign-up passphrase 2931")
  try {
    const state = await signUpAction({}, form)
    return state.message ?? "no message"
  } catch (error) {
    // A created account signs in and is sent on by Next's redirect signal.
    const digest = (error as { digest?: unknown }).digest
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) {
      created.push(email)
      return "created"
    }
    throw error
  }
}

const random16 = () => Math.floor(Math.random() * 0x10000).toString(16)

describe("the sign-up action's per-client budget", () => {
  it("addresses rotated within one /64 share one budget; another /64 has its own", async () => {
    const outcomes: string[] = []
    for (let i = 0; i < SIGN_UPS_PER_CLIENT + 3; i++) outcomes.push(await signUpFrom(`2001:db8:5:1:${random16()}:${random16()}:${random16()}:${i + 1}`))
    expect(outcomes.slice(0, SIGN_UPS_PER_CLIENT)).toEqual(Array(SIGN_UPS_PER_CLIENT).fill("created"))
    for (const refused of outcomes.slice(SIGN_UPS_PER_CLIENT)) expect(refused).toMatch(/^Too many sign-ups from your network\. Try again in \d+ minutes\.$/)
    expect(await db.prisma.user.count({ where: { email: { startsWith: "sign-up-" } } })).toBe(SIGN_UPS_PER_CLIENT)
    expect(await signUpFrom("2001:db8:5:2::1")).toBe("created")
  })

  it("one IPv4 client spelled several ways by its proxy has one budget", async () => {
    const outcomes = []
    for (const spelling of ["198.51.100.31", "::ffff:198.51.100.31", "[::ffff:c633:641f]:443", "198.51.100.31:40000"]) {
      outcomes.push(await signUpFrom(spelling))
    }
    expect(outcomes.slice(0, 2)).toEqual(["created", "created"])
    expect(outcomes.slice(2).every((o) => o.startsWith("Too many sign-ups from your network"))).toBe(true)
    expect(await signUpFrom("198.51.100.32")).toBe("created")
  })
})
