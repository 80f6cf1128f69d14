/**
 * Adapter over a Prisma client whose schema has the Auth.js tables
 * (prisma/schema.prisma). Works with the SQLite and the PostgreSQL generated
 * clients alike: the client is typed structurally, by the calls made here.
 *
 * Every read selects its columns explicitly. For users that keeps columns the
 * starter adds (the password hash) out of everything the adapter returns: the
 * session callback hands these objects to the browser.
 */
import type { Adapter, AdapterAccount } from "../types"
import type { PrismaLike } from "./client"
import {
  accountData,
  toAccount,
  toAuthenticator,
  toContractSessionAndUser,
  toSession,
  toUser,
  toUserWithAccess,
  toVerificationToken,
  withoutUndefined,
} from "./mappers"
import {
  type AuthenticatorRow,
  type SessionRow,
  accountSelect,
  authenticatorSelect,
  sessionAndUserSelectFor,
  sessionSelect,
  userSelect,
  verificationTokenSelect,
} from "./rows"
import { asDatabaseUnavailable } from "./faults"
import { deleteSessions, deleteSessionsImpersonatedBy, listSessions, stopImpersonationSession } from "./session-list"
import { getSessionsValidSince, setSessionsValidSince } from "./sessions-valid-since"
import { sqliteSessionLookup } from "./sqlite-session"
import { twoFactorStore } from "./two-factor"
import { securityEventStore } from "./security-events"
import { userAccessStore } from "./user-access"
import { organizationStore, type PrismaOrganizationsLike } from "./organizations"
import { ssoStore, type PrismaSsoLike } from "./sso"
import { teamStore, type PrismaTeamsLike } from "./teams"
import { sessionMembershipStore, type PrismaSessionMembershipLike } from "./session-membership"
// Aliased: the name of the adapter method it builds starts with "use", which lint reads as a React hook.
import { useWebAuthnChallenge as webAuthnChallengeMethod } from "./webauthn-challenge"

export type { PrismaLike } from "./client"
export { asDatabaseUnavailable, isDatabaseOutage, withPrismaFaults } from "./faults"
// For an app's own read that every request makes: the same read-only connection as the session lookup.
export { asQueryTemplate, sqliteDirectAll, sqliteDirectGet } from "./sqlite-direct"

/**
 * Prisma's "record to update/delete does not exist". Matched by code rather than
 * class because each generated client carries its own error class.
 */
function isRecordNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2025"
}

/** Resolves to null when the record is missing; any other failure propagates. */
async function nullIfMissing<T>(operation: PromiseLike<T>): Promise<T | null> {
  try {
    return await operation
  } catch (error) {
    if (isRecordNotFound(error)) return null
    throw error
  }
}

/**
 * Whether a lookup key cannot match any row. PostgreSQL text cannot hold
 * U+0000 and rejects a query that carries it, so a cookie such as
 * `session-token=%00` would turn a plain "not found" into a database error on
 * every request; nothing the library stores contains the character, so such a
 * key finds nothing on either database.
 */
function unmatchable(...keys: string[]): boolean {
  return keys.some((key) => typeof key === "string" && key.includes("\u0000"))
}

export interface PrismaAdapterOptions {
  /**
   * Expired sessions and verification tokens are deleted on access: when a
   * session or a token is created, at most once per this many milliseconds
   * per adapter (default one hour; 0 turns it off). See docs/decisions/database.md.
   */
  pruneExpiredEveryMs?: number
  /**
   * On SQLite, the database file the client opens. Given it, the session
   * lookup of every database-strategy request runs as one prepared statement
   * on a read-only connection of its own, ten times cheaper than through
   * Prisma (see ./sqlite-session); without it, through Prisma.
   */
  sqliteFile?: string
}

const HOUR_MS = 60 * 60 * 1000

/**
 * Every adapter method but removeCredentials: which credentials an account
 * holds besides Auth.js's tables (a password hash) only the app knows, so the
 * app supplies it (the starter: server/accounts/take-back.ts, wired in auth.ts).
 */
export function PrismaAdapter(prisma: PrismaLike & PrismaOrganizationsLike & PrismaTeamsLike & PrismaSessionMembershipLike & PrismaSsoLike, options: PrismaAdapterOptions = {}): Required<Omit<Adapter, "removeCredentials" | "getUnservedStanding">> {
  return withOutagesClassified(prismaMethods(prisma, options))
}

// getUnservedStanding: this adapter serves two-factor and bans itself, so nothing it holds is unserved.
type PrismaMethods = Required<Omit<Adapter, "removeCredentials" | "getUnservedStanding">>

/**
 * Every method with an unreachable database rethrown as DatabaseUnavailable
 * (its cause the Prisma error), which the library answers with 503; any other
 * failure propagates as Prisma threw it.
 */
function withOutagesClassified(methods: PrismaMethods): PrismaMethods {
  const classified: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(methods) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    const reclassify = (error: unknown): never => {
      throw asDatabaseUnavailable(error) ?? error
    }
    // Not async: one `catch` on Prisma's promise rather than an async wrapper around an await
    // (the session lookup runs on every request; each promise costs async-hook work under Next.js).
    classified[name] = (...args: unknown[]) => {
      try {
        return method(...args).catch(reclassify)
      } catch (error) {
        return Promise.reject(asDatabaseUnavailable(error) ?? error)
      }
    }
  }
  return classified as PrismaMethods
}

function prismaMethods(prisma: PrismaLike & PrismaOrganizationsLike & PrismaTeamsLike & PrismaSessionMembershipLike & PrismaSsoLike, options: PrismaAdapterOptions): PrismaMethods {
  const fastSessionLookup = sqliteSessionLookup(prisma, { file: options.sqliteFile })
  const pruneExpired = expiredRowPruner(prisma, options.pruneExpiredEveryMs ?? HOUR_MS)
  const sessionDetails = (sessionToken: string) => {
    if (unmatchable(sessionToken)) return Promise.resolve(null)
    if (fastSessionLookup) return fastSessionLookup(sessionToken)
    // One query; with relationJoins (PostgreSQL) also one SQL statement.
    return prisma.session
      .findUnique({ where: { sessionToken }, select: sessionAndUserSelectFor(sessionToken) })
      .then((row) => {
        if (!row) return null
        const memberships = row.user._count?.memberships
        const session = toSession(row)
        if (typeof memberships === "number") session.memberOfAny = memberships > 0
        if (row.activeOrganizationId !== undefined) {
          const active = row.activeOrganization
          session.activeOrganization = {
            id: row.activeOrganizationId,
            current: active && active.members.length > 0 ? { name: active.name, slug: active.slug } : null,
          }
        }
        return { session, user: toUserWithAccess(row.user) }
      })
  }
  return {
    async createUser(user) {
      // The database generates ids; the one passed in is discarded.
      const { id: _id, ...fields } = user
      const data = withoutUndefined(fields) as { email?: string | null; [column: string]: unknown }
      return toUser(await prisma.user.create({ data, select: userSelect }))
    },

    async getUser(id) {
      if (unmatchable(id)) return null
      const row = await prisma.user.findUnique({ where: { id }, select: userSelect })
      return row && toUser(row)
    },

    async getUserByEmail(email) {
      if (unmatchable(email)) return null
      const row = await prisma.user.findUnique({ where: { email }, select: userSelect })
      return row && toUser(row)
    },

    async getUserByAccount({ provider, providerAccountId }) {
      if (unmatchable(provider, providerAccountId)) return null
      // One query: the account by its key, joined to its user.
      const row = await prisma.account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        select: { user: { select: userSelect } },
      })
      return row && toUser(row.user)
    },

    async updateUser({ id, ...fields }) {
      const row = await prisma.user.update({ where: { id }, data: withoutUndefined(fields), select: userSelect })
      return toUser(row)
    },

    async deleteUser(userId) {
      // Accounts, sessions and authenticators go with the user (onDelete: Cascade).
      const row = await nullIfMissing(prisma.user.delete({ where: { id: userId }, select: userSelect }))
      return row && toUser(row)
    },

    async createUserAndAccount(user, account) {
      const { id: _id, ...fields } = user
      const data = withoutUndefined(fields) as { email?: string | null; [column: string]: unknown }
      const { userId: _userId, ...accountColumns } = accountData({ ...account, userId: "" } as AdapterAccount)
      if (prisma._activeProvider !== "sqlite") {
        // A nested create is one transaction: the user exists only with its account.
        return toUser(await prisma.user.create({ data: { ...data, accounts: { create: accountColumns } }, select: userSelect }))
      }
      // SQLite: the driver has one connection, and a failed transaction's ROLLBACK also undoes the
      // writes other requests interleaved into it (a concurrent sign-in's session row vanished in
      // tests/integration/auth/oauth/concurrent-first-sign-in.test.ts). So two single-statement
      // writes, and the user is removed again when its account cannot be written. A file database
      // has no connection to lose.
      const row = await prisma.user.create({ data, select: userSelect })
      try {
        await prisma.account.create({ data: { ...accountColumns, userId: row.id }, select: accountSelect })
      } catch (error) {
        await prisma.user.delete({ where: { id: row.id }, select: userSelect }).then(undefined, () => undefined)
        throw error
      }
      return toUser(row)
    },

    async linkAccount(account) {
      return toAccount(await prisma.account.create({ data: accountData(account), select: accountSelect }))
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await nullIfMissing(
        prisma.account.delete({
          where: { provider_providerAccountId: { provider, providerAccountId } },
          select: accountSelect,
        }),
      )
      return row ? toAccount(row) : undefined
    },

    async updateAccount(account) {
      // Only the token columns change; the identity columns stay as they are.
      const { userId: _u, type: _t, provider: _p, providerAccountId: _a, ...tokens } = accountData(account as AdapterAccount)
      const { provider, providerAccountId } = account
      const row = await nullIfMissing(
        prisma.account.update({ where: { provider_providerAccountId: { provider, providerAccountId } }, data: tokens, select: accountSelect }),
      )
      return row ? toAccount(row) : null
    },

    async getAccount(providerAccountId, provider) {
      if (unmatchable(provider, providerAccountId)) return null
      // (provider, providerAccountId) is the primary key, so the first match is the only one.
      const row = await prisma.account.findFirst({ where: { provider, providerAccountId }, select: accountSelect })
      return row && toAccount(row)
    },

    async createSession({ sessionToken, userId, expires, createdAt, lastActiveAt, userAgent, authenticatedAt, impersonatedBy, impersonationReason }) {
      pruneExpired()
      // createdAt comes from the column's default, unless a replaced token's row hands on its own.
      const data: SessionRow & {
        createdAt?: Date
        lastActiveAt?: Date
        userAgent?: string
        authenticatedAt?: Date
        impersonatedBy?: string
        impersonationReason?: string
      } = { sessionToken, userId, expires }
      if (createdAt instanceof Date) data.createdAt = createdAt
      if (lastActiveAt instanceof Date) data.lastActiveAt = lastActiveAt
      if (authenticatedAt instanceof Date) data.authenticatedAt = authenticatedAt
      if (typeof userAgent === "string") data.userAgent = userAgent
      if (typeof impersonatedBy === "string") data.impersonatedBy = impersonatedBy
      if (typeof impersonationReason === "string") data.impersonationReason = impersonationReason.replaceAll("\u0000", "").slice(0, 500)
      return toSession(await prisma.session.create({ data, select: sessionSelect }))
    },

    // Not async, like the lookup it hands to: it runs on every request.
    getSessionDetails: sessionDetails,

    // Auth.js's lookup, for anyone calling this as an Auth.js adapter: the same one statement,
    // answered with the contract's fields only (the library reads getSessionDetails).
    getSessionAndUser(sessionToken) {
      return sessionDetails(sessionToken).then((found) => found && toContractSessionAndUser(found))
    },

    async updateSession({ sessionToken, expires, userId, lastActiveAt, authenticatedAt }) {
      if (unmatchable(sessionToken)) return null
      const data: { expires?: Date; userId?: string; lastActiveAt?: Date; authenticatedAt?: Date } = {}
      if (expires !== undefined) data.expires = expires
      if (userId !== undefined) data.userId = userId
      if (lastActiveAt instanceof Date) data.lastActiveAt = lastActiveAt
      if (authenticatedAt instanceof Date) data.authenticatedAt = authenticatedAt
      const row = await nullIfMissing(prisma.session.update({ where: { sessionToken }, data, select: sessionSelect }))
      return row && toSession(row)
    },

    async deleteSession(sessionToken) {
      if (unmatchable(sessionToken)) return null
      const row = await nullIfMissing(prisma.session.delete({ where: { sessionToken }, select: sessionSelect }))
      return row && toSession(row)
    },

    listSessions: listSessions(prisma),
    deleteSessions: deleteSessions(prisma),
    deleteSessionsImpersonatedBy: deleteSessionsImpersonatedBy(prisma),
    stopImpersonationSession: stopImpersonationSession(prisma),
    getSessionsValidSince: getSessionsValidSince(prisma),
    ...userAccessStore(prisma),
    setSessionsValidSince: setSessionsValidSince(prisma),

    async createVerificationToken({ identifier, token, expires }) {
      pruneExpired()
      const row = await prisma.verificationToken.create({
        data: { identifier, token, expires },
        select: verificationTokenSelect,
      })
      return toVerificationToken(row)
    },

    async useVerificationToken({ identifier, token }) {
      if (unmatchable(identifier, token)) return null
      // Deleting is what consumes the token: of two concurrent uses only one
      // deletes the row, the other finds it gone.
      const row = await nullIfMissing(
        prisma.verificationToken.delete({
          where: { identifier_token: { identifier, token } },
          select: verificationTokenSelect,
        }),
      )
      return row && toVerificationToken(row)
    },

    async createAuthenticator(authenticator) {
      const data: AuthenticatorRow = {
        credentialID: authenticator.credentialID,
        userId: authenticator.userId,
        providerAccountId: authenticator.providerAccountId,
        credentialPublicKey: authenticator.credentialPublicKey,
        counter: authenticator.counter,
        credentialDeviceType: authenticator.credentialDeviceType,
        credentialBackedUp: authenticator.credentialBackedUp,
        transports: authenticator.transports ?? null,
        aaguid: authenticator.aaguid ?? null,
      }
      return toAuthenticator(await prisma.authenticator.create({ data, select: authenticatorSelect }))
    },

    async getAuthenticator(credentialID) {
      if (unmatchable(credentialID)) return null
      const row = await prisma.authenticator.findUnique({ where: { credentialID }, select: authenticatorSelect })
      return row && toAuthenticator(row)
    },

    async listAuthenticatorsByUserId(userId) {
      const rows = await prisma.authenticator.findMany({ where: { userId }, select: authenticatorSelect })
      return rows.map(toAuthenticator)
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      // A missing credential must reject (the WebAuthn flow relies on it), so no nullIfMissing here.
      const row = await prisma.authenticator.update({
        where: { credentialID },
        // lastUsedAt is ours (the settings page shows it); the counter moves only on sign-in.
        data: { counter: newCounter, lastUsedAt: new Date() },
        select: authenticatorSelect,
      })
      return toAuthenticator(row)
    },

    useWebAuthnChallenge: webAuthnChallengeMethod(prisma),

    ...twoFactorStore(prisma),
    ...organizationStore(prisma, { sqliteFile: options.sqliteFile }),
    ...teamStore(prisma),
    ...ssoStore(prisma),
    ...sessionMembershipStore(prisma, { sqliteFile: options.sqliteFile }),

    ...securityEventStore(prisma),
  }
}

/**
 * On-access cleanup of expired sessions and verification tokens: started (not
 * awaited) by the writes that add such rows, at most once per interval, so it
 * costs sign-ins nothing and needs no scheduler. A failed run is retried at
 * the next interval; the rows it missed are refused on read anyway.
 */
function expiredRowPruner(prisma: PrismaLike, everyMs: number): () => void {
  let next = 0
  return () => {
    if (everyMs <= 0 || Date.now() < next) return
    next = Date.now() + everyMs
    const now = new Date()
    void Promise.all([
      prisma.session.deleteMany({ where: { expires: { lt: now } } }),
      prisma.verificationToken.deleteMany({ where: { expires: { lt: now } } }),
    ]).catch(() => {})
  }
}
