/**
 * Test support for step-up and session lifetimes: a database in memory with
 * just what the database strategy, the passkey lookup and two-factor call,
 * and a config with a password provider for two users.
 */
import type { AuthConfig } from "@/lib/auth"
import type { Adapter, AdapterSession, AdapterTwoFactor, AdapterUser } from "@/lib/auth/adapters/types"
import type { SecurityEvent } from "@/lib/auth/security-log/types"
import { Secret, TOTP } from "otpauth"
import { resolveAuthConfig } from "@/lib/auth/auth"
import Credentials from "@/lib/auth/providers/credentials"
import { hashRecoveryCode } from "@/lib/auth/two-factor/recovery-codes"
import { newTotpSecret } from "@/lib/auth/two-factor/totp"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit/memory-store"
import { decode, encode } from "@/lib/auth/jwt"
import { BASE, type Browser, SECRET } from "../support"

export const ada: AdapterUser = { id: "user-ada", name: "Ada", email: "ada@example.test", emailVerified: null, image: null }
export const bob: AdapterUser = { id: "user-bob", name: "Bob", email: "bob@example.test", emailVerified: null, image: null }
export const passwords: Record<string, string> = { [ada.email!]: "ada-password", [bob.email!]: "bob-password" }

export interface MemoryDatabase {
  adapter: Adapter
  sessions: Map<string, AdapterSession>
  twoFactor: Map<string, AdapterTwoFactor>
  recoveryCodes: Map<string, Set<string>>
  /** The security log, oldest first. */
  events: SecurityEvent[]
}

/** `details: false` stands for an Auth.js adapter: no listSessions, no createdAt or authenticatedAt. */
export function memoryDatabase({ details = true }: { details?: boolean } = {}): MemoryDatabase {
  const users = new Map([ada, bob].map((u) => [u.id, u]))
  const sessions = new Map<string, AdapterSession>()
  const twoFactor = new Map<string, AdapterTwoFactor>()
  const recoveryCodes = new Map<string, Set<string>>()
  const events: SecurityEvent[] = []
  const adapter: Adapter = {
    createUser: async (user) => user,
    getUser: async (id) => users.get(id) ?? null,
    getUserByEmail: async (email) => [...users.values()].find((u) => u.email === email) ?? null,
    getUserByAccount: async () => null,
    updateUser: async (user) => ({ ...users.get(user.id)!, ...user }),
    linkAccount: async () => undefined,
    createSession: async (session) => {
      const row: AdapterSession = details ? { ...session, createdAt: new Date() } : { ...session }
      sessions.set(row.sessionToken, row)
      return { ...row }
    },
    getSessionAndUser: async (token) => {
      const row = sessions.get(token)
      return row ? { session: { ...row }, user: users.get(row.userId)! } : null
    },
    updateSession: async (patch) => {
      const row = sessions.get(patch.sessionToken)
      if (!row) return null
      Object.assign(row, patch)
      return { ...row }
    },
    deleteSession: async (token) => {
      const row = sessions.get(token)
      sessions.delete(token)
      return row ?? null
    },
    ...(details ? { listSessions: async (userId: string) => [...sessions.values()].filter((s) => s.userId === userId) } : {}),
    getTwoFactor: async (userId) => twoFactor.get(userId) ?? null,
    enableTwoFactor: async (userId, params) => {
      twoFactor.set(userId, { userId, secret: params.secret, enabledAt: new Date(), lastUsedStep: params.lastUsedStep ?? 0, recoveryCodesLeft: params.recoveryCodeHashes.length })
      recoveryCodes.set(userId, new Set(params.recoveryCodeHashes))
    },
    disableTwoFactor: async (userId) => void twoFactor.delete(userId),
    useTotpStep: async (userId, step) => {
      const record = twoFactor.get(userId)
      if (!record || step <= record.lastUsedStep) return false
      record.lastUsedStep = step
      return true
    },
    replaceRecoveryCodes: async (userId, hashes) => void recoveryCodes.set(userId, new Set(hashes)),
    useRecoveryCode: async (userId, hash) => recoveryCodes.get(userId)?.delete(hash) ?? false,
    createSecurityEvent: async (event) => {
      const { createdAt, ...rest } = event
      events.push({ method: null, provider: null, ip: null, userAgent: null, device: null, detail: null, ...rest, id: `e${events.length + 1}`, createdAt: createdAt ?? new Date() })
    },
    listSecurityEvents: async (userId, limit) => events.filter((e) => e.userId === userId).reverse().slice(0, limit),
    deleteSecurityEventsBefore: async () => 0,
  }
  return { adapter, sessions, twoFactor, recoveryCodes, events }
}

/**
 * A password provider whose authorize() knows the two users (or, with `answer`, always names that user).
 * `withoutPassword`: the users the provider's hasPassword says have none (an OAuth-only account).
 */
export function passwordProvider(answer?: AdapterUser, withoutPassword: readonly string[] = []) {
  return Credentials({
    credentials: { email: { type: "email" }, password: { type: "password" } },
    ...(withoutPassword.length > 0 && { hasPassword: ({ id }: { id: string }) => !withoutPassword.includes(id) }),
    authorize: async (c) => {
      if (answer) return { id: answer.id, email: answer.email }
      const email = String(c.email)
      const user = [ada, bob].find((u) => u.email === email)
      if (!user || withoutPassword.includes(user.id)) return null
      return passwords[email] === c.password ? { id: user.id, name: user.name, email: user.email } : null
    },
  })
}

export function stepUpConfig(strategy: "jwt" | "database", db: MemoryDatabase, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    adapter: db.adapter,
    session: { strategy },
    providers: [passwordProvider()],
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    // A store per configuration: attempts in one test do not count in the next.
    rateLimit: { store: new MemoryRateLimitStore() },
    ...overrides,
  }
}

/** What ageProof needs of a database: the Session table's authenticatedAt (Prisma's shape). */
interface SessionRows {
  session: { update(args: { where: { sessionToken: string }; data: { authenticatedAt: Date } }): PromiseLike<unknown> }
}

/**
 * Makes the browser's session look as if its last proof of identity were
 * `seconds` old, without waiting: the row's column (database strategy, through
 * `rows`) or the token's claim, re-encoded with the config's secret (jwt).
 */
export async function ageProof(browser: Browser, seconds: number, rows?: SessionRows): Promise<void> {
  const value = browser.sessionValue()
  const at = Math.floor(Date.now() / 1000) - seconds
  if (browser.config.session?.strategy === "database") {
    if (!rows) throw new Error("ageProof needs the database for the database strategy")
    await rows.session.update({ where: { sessionToken: value }, data: { authenticatedAt: new Date(at * 1000) } })
    return
  }
  const secret = browser.config.secret as string
  const salt = browser.sessionCookieName()
  const token = await decode({ token: value, secret, salt })
  if (!token) throw new Error("ageProof: the browser holds no readable session token")
  browser.jar.set(salt, await encode({ token: { ...token, authenticatedAt: at }, secret, salt }))
}

/** Two-factor on for `userId`, as enrolment leaves it: an authenticator and ten recovery codes. */
export async function turnOnTwoFactor(config: AuthConfig, db: MemoryDatabase, userId: string): Promise<{ totp: TOTP; recovery: string[] }> {
  const secret = newTotpSecret()
  const sealed = await resolveAuthConfig(config).twoFactor.box.seal(secret, userId)
  const recovery = Array.from({ length: 10 }, (_, i) => `k7m2-9xq${i}-hf3t-w8ra-2c6n-pq5d`)
  const hashes = await Promise.all(recovery.map(async (code) => (await hashRecoveryCode(code, userId))!))
  await db.adapter.enableTwoFactor!(userId, { secret: sealed, recoveryCodeHashes: hashes })
  return { totp: new TOTP({ secret: Secret.fromBase32(secret) }), recovery }
}

/** ageProof for the in-memory database: the row's authenticatedAt (database strategy) or the token's claim (jwt). */
export async function ageMemoryProof(db: MemoryDatabase, browser: Browser, seconds: number): Promise<void> {
  if (browser.config.session?.strategy !== "database") return ageProof(browser, seconds)
  const row = db.sessions.get(browser.sessionValue())
  if (!row) throw new Error("ageMemoryProof: no session row for the browser's cookie")
  row.authenticatedAt = new Date(Date.now() - seconds * 1000)
}
