/**
 * Adapter over a Prisma client whose schema has the Auth.js tables
 * (prisma/schema.prisma). Works with the SQLite and the PostgreSQL generated
 * clients alike: the client is typed structurally, by the calls made here.
 *
 * Every read selects its columns explicitly. For users that keeps columns the
 * starter adds (the password hash) out of everything the adapter returns: the
 * session callback hands these objects to the browser.
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types"
import { type PrismaChallengeLike, useWebAuthnChallenge } from "./prisma-webauthn-challenge"

// ---------------------------------------------------------------------------
// Column selections and the rows they produce
// ---------------------------------------------------------------------------

const userSelect = { id: true, name: true, email: true, emailVerified: true, image: true } as const
type UserSelect = typeof userSelect

interface UserRow {
  id: string
  name: string | null
  email: string
  emailVerified: Date | null
  image: string | null
}

const accountSelect = {
  userId: true,
  type: true,
  provider: true,
  providerAccountId: true,
  refresh_token: true,
  access_token: true,
  expires_at: true,
  token_type: true,
  scope: true,
  id_token: true,
  session_state: true,
} as const
type AccountSelect = typeof accountSelect

interface AccountRow {
  userId: string
  type: string
  provider: string
  providerAccountId: string
  refresh_token: string | null
  access_token: string | null
  expires_at: number | null
  token_type: string | null
  scope: string | null
  id_token: string | null
  session_state: string | null
}

type AccountData = Pick<AccountRow, "userId" | "type" | "provider" | "providerAccountId"> &
  Partial<Omit<AccountRow, "userId" | "type" | "provider" | "providerAccountId">>

const sessionSelect = { sessionToken: true, userId: true, expires: true } as const
type SessionSelect = typeof sessionSelect

interface SessionRow {
  sessionToken: string
  userId: string
  expires: Date
}

const sessionAndUserSelect = { ...sessionSelect, user: { select: userSelect } } as const
type SessionAndUserSelect = typeof sessionAndUserSelect

const verificationTokenSelect = { identifier: true, token: true, expires: true } as const
type VerificationTokenSelect = typeof verificationTokenSelect

const authenticatorSelect = {
  credentialID: true,
  userId: true,
  providerAccountId: true,
  credentialPublicKey: true,
  counter: true,
  credentialDeviceType: true,
  credentialBackedUp: true,
  transports: true,
} as const
type AuthenticatorSelect = typeof authenticatorSelect

interface AuthenticatorRow {
  credentialID: string
  userId: string
  providerAccountId: string
  credentialPublicKey: string
  counter: number
  credentialDeviceType: string
  credentialBackedUp: boolean
  transports: string | null
}

type AccountKey = { provider_providerAccountId: { provider: string; providerAccountId: string } }

// ---------------------------------------------------------------------------
// The slice of a Prisma client this adapter calls
// ---------------------------------------------------------------------------

/**
 * The Prisma client as far as the adapter uses it. A generated client (either
 * provider) satisfies it; nothing else about the client is assumed.
 * `data` for users is open-ended so schemas extended with more user columns
 * can fill them through `createUser` / `updateUser`.
 */
export interface PrismaLike {
  /** Set by generated clients ("sqlite", "postgresql", …); picks the session lookup below. */
  readonly _activeProvider?: string
  $queryRaw?<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>
  user: {
    create(args: { data: { email: string; [column: string]: unknown }; select: UserSelect }): PromiseLike<UserRow>
    findUnique(args: { where: { id: string } | { email: string }; select: UserSelect }): PromiseLike<UserRow | null>
    update(args: { where: { id: string }; data: { [column: string]: unknown }; select: UserSelect }): PromiseLike<UserRow>
    delete(args: { where: { id: string }; select: UserSelect }): PromiseLike<UserRow>
  }
  account: {
    create(args: { data: AccountData; select: AccountSelect }): PromiseLike<AccountRow>
    findUnique(args: { where: AccountKey; select: { user: { select: UserSelect } } }): PromiseLike<{ user: UserRow } | null>
    findFirst(args: {
      where: { provider: string; providerAccountId: string }
      select: AccountSelect
    }): PromiseLike<AccountRow | null>
    delete(args: { where: AccountKey; select: AccountSelect }): PromiseLike<AccountRow>
  }
  session: {
    create(args: { data: SessionRow; select: SessionSelect }): PromiseLike<SessionRow>
    findUnique(args: {
      where: { sessionToken: string }
      select: SessionAndUserSelect
    }): PromiseLike<(SessionRow & { user: UserRow }) | null>
    update(args: {
      where: { sessionToken: string }
      data: { expires?: Date; userId?: string }
      select: SessionSelect
    }): PromiseLike<SessionRow>
    delete(args: { where: { sessionToken: string }; select: SessionSelect }): PromiseLike<SessionRow>
  }
  verificationToken: {
    create(args: { data: VerificationToken; select: VerificationTokenSelect }): PromiseLike<VerificationToken>
    delete(args: {
      where: { identifier_token: { identifier: string; token: string } }
      select: VerificationTokenSelect
    }): PromiseLike<VerificationToken>
  }
  authenticator: {
    create(args: { data: AuthenticatorRow; select: AuthenticatorSelect }): PromiseLike<AuthenticatorRow>
    findUnique(args: { where: { credentialID: string }; select: AuthenticatorSelect }): PromiseLike<AuthenticatorRow | null>
    findMany(args: { where: { userId: string }; select: AuthenticatorSelect }): PromiseLike<AuthenticatorRow[]>
    update(args: {
      where: { credentialID: string }
      data: { counter: number; lastUsedAt: Date }
      select: AuthenticatorSelect
    }): PromiseLike<AuthenticatorRow>
  }
  webAuthnChallenge: PrismaChallengeLike["webAuthnChallenge"]
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** True when `value` is a Date, or a string that parses to one, and the date is valid. */
export function isDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime())
  if (typeof value === "string") return !Number.isNaN(Date.parse(value))
  return false
}

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

/**
 * Prisma reads an explicit undefined as "not given", unless the client enables
 * strictUndefinedChecks, which rejects it. Dropping them works either way.
 */
function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined) out[key] = value
  }
  return out
}

// Rows are rebuilt field by field so callers get plain objects of a fixed shape.

function toUser(row: UserRow): AdapterUser {
  return { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, image: row.image }
}

function toSession(row: SessionRow): AdapterSession {
  return { sessionToken: row.sessionToken, userId: row.userId, expires: row.expires }
}

function toVerificationToken(row: VerificationToken): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: row.expires }
}

function toAuthenticator(row: AuthenticatorRow): AdapterAuthenticator {
  return {
    credentialID: row.credentialID,
    userId: row.userId,
    providerAccountId: row.providerAccountId,
    credentialPublicKey: row.credentialPublicKey,
    counter: row.counter,
    credentialDeviceType: row.credentialDeviceType,
    credentialBackedUp: row.credentialBackedUp,
    transports: row.transports,
  }
}

function toAccount(row: AccountRow): AdapterAccount {
  // The row's type column is written only by linkAccount from an AdapterAccountType.
  const account: AdapterAccount = {
    userId: row.userId,
    type: row.type as AdapterAccountType,
    provider: row.provider,
    providerAccountId: row.providerAccountId,
  }
  // Absent token fields stay absent rather than null, as in a token response.
  if (row.refresh_token !== null) account.refresh_token = row.refresh_token
  if (row.access_token !== null) account.access_token = row.access_token
  if (row.expires_at !== null) account.expires_at = row.expires_at
  if (row.token_type !== null) account.token_type = row.token_type
  if (row.scope !== null) account.scope = row.scope
  if (row.id_token !== null) account.id_token = row.id_token
  if (row.session_state !== null) account.session_state = row.session_state
  return account
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined
}

/**
 * The account columns of the schema, taken from an account that may carry any
 * other field of a token response (expires_in, authorization_details, …):
 * passing those to Prisma would fail the sign-in.
 */
function accountData(account: AdapterAccount): AccountData {
  const expiresAt = account.expires_at
  const sessionState: unknown = account.session_state
  const data: AccountData = {
    userId: account.userId,
    type: account.type,
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    refresh_token: optionalString(account.refresh_token),
    access_token: optionalString(account.access_token),
    // The column is an integer; fractional seconds would be rejected.
    expires_at: typeof expiresAt === "number" && Number.isFinite(expiresAt) ? Math.floor(expiresAt) : undefined,
    // Token types are case-insensitive (RFC 6749 §7.1); store one spelling.
    token_type: optionalString(account.token_type)?.toLowerCase(),
    scope: optionalString(account.scope),
    id_token: optionalString(account.id_token),
    // Some providers send a JSON value; the column holds text.
    session_state:
      sessionState === undefined || sessionState === null
        ? undefined
        : typeof sessionState === "string"
          ? sessionState
          : JSON.stringify(sessionState),
  }
  return withoutUndefined(data) as AccountData
}

// ---------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------

/** A DATETIME read through a raw query: a Date, or ISO text / epoch ms from older SQLite files. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string | number)
}

interface SessionUserRow {
  sessionToken: string
  userId: string
  expires: unknown
  id: string
  name: string | null
  email: string
  emailVerified: unknown
  image: string | null
}

/**
 * The lookup behind every request of the database strategy. On SQLite, Prisma
 * reads a relation with a second statement; this one JOIN through Prisma's
 * own parameterised $queryRaw costs a third of that. Table and column names
 * are the Auth.js schema's. Other providers use the ORM query (PostgreSQL
 * does it in one statement with the relationJoins preview feature, and may
 * use a non-default schema that an unqualified raw query would miss).
 */
function sqliteSessionLookup(prisma: PrismaLike) {
  if (prisma._activeProvider !== "sqlite" || typeof prisma.$queryRaw !== "function") return undefined
  const client = prisma as PrismaLike & Required<Pick<PrismaLike, "$queryRaw">>
  return async (sessionToken: string): Promise<{ session: AdapterSession; user: AdapterUser } | null> => {
    const [row] = await client.$queryRaw<SessionUserRow[]>`
      SELECT s."sessionToken", s."userId", s."expires",
             u."id", u."name", u."email", u."emailVerified", u."image"
      FROM "Session" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."sessionToken" = ${sessionToken}`
    if (!row) return null
    return {
      session: { sessionToken: row.sessionToken, userId: row.userId, expires: toDate(row.expires) },
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: row.emailVerified === null ? null : toDate(row.emailVerified),
        image: row.image,
      },
    }
  }
}

export function PrismaAdapter(prisma: PrismaLike): Required<Adapter> {
  const fastSessionLookup = sqliteSessionLookup(prisma)
  return {
    async createUser(user) {
      // The database generates ids; the one passed in is discarded.
      const { id: _id, ...fields } = user
      const data = withoutUndefined(fields) as { email: string; [column: string]: unknown }
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

    async getAccount(providerAccountId, provider) {
      if (unmatchable(provider, providerAccountId)) return null
      // (provider, providerAccountId) is the primary key, so the first match is the only one.
      const row = await prisma.account.findFirst({ where: { provider, providerAccountId }, select: accountSelect })
      return row && toAccount(row)
    },

    async createSession({ sessionToken, userId, expires }) {
      return toSession(await prisma.session.create({ data: { sessionToken, userId, expires }, select: sessionSelect }))
    },

    async getSessionAndUser(sessionToken) {
      if (unmatchable(sessionToken)) return null
      if (fastSessionLookup) return fastSessionLookup(sessionToken)
      // One query; with relationJoins (PostgreSQL) also one SQL statement.
      const row = await prisma.session.findUnique({ where: { sessionToken }, select: sessionAndUserSelect })
      return row && { session: toSession(row), user: toUser(row.user) }
    },

    async updateSession({ sessionToken, expires, userId }) {
      if (unmatchable(sessionToken)) return null
      const data: { expires?: Date; userId?: string } = {}
      if (expires !== undefined) data.expires = expires
      if (userId !== undefined) data.userId = userId
      const row = await nullIfMissing(prisma.session.update({ where: { sessionToken }, data, select: sessionSelect }))
      return row && toSession(row)
    },

    async deleteSession(sessionToken) {
      if (unmatchable(sessionToken)) return null
      const row = await nullIfMissing(prisma.session.delete({ where: { sessionToken }, select: sessionSelect }))
      return row && toSession(row)
    },

    async createVerificationToken({ identifier, token, expires }) {
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

    useWebAuthnChallenge: useWebAuthnChallenge(prisma),
  }
}
