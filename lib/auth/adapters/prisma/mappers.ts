/**
 * Row ↔ adapter-shape conversion for the Prisma adapter: rows are rebuilt
 * field by field into plain objects of a fixed shape, and accounts from a
 * token response are cut down to the schema's columns. Pure functions: no
 * database access.
 */
import type { AdapterAccount, AdapterAccountType, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "../types"
import type { AccountData, AccountRow, AuthenticatorRow, SessionProofRow, SessionRow, UserRow, UserWithAccessRow } from "./rows"
import { parseStoredRoles } from "../../access/user-access"

/** True when `value` is a Date, or a string that parses to one, and the date is valid. */
export function isDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime())
  if (typeof value === "string") return !Number.isNaN(Date.parse(value))
  return false
}

/**
 * Prisma reads an explicit undefined as "not given", unless the client enables
 * strictUndefinedChecks, which rejects it. Dropping them works either way.
 */
export function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined) out[key] = value
  }
  return out
}

export function toUser(row: UserRow): AdapterUser {
  return { id: row.id, name: row.name, email: row.email, emailVerified: row.emailVerified, image: row.image }
}

/** A user read with the session: the stored roles as a list and the ban's two instants beside the Auth.js fields. */
export function toUserWithAccess(row: UserWithAccessRow): AdapterUser {
  return { ...toUser(row), roles: parseStoredRoles(row.roles), bannedAt: row.bannedAt, banExpires: row.banExpires }
}

export function toSession(row: SessionRow & Partial<SessionProofRow>): AdapterSession {
  const session: AdapterSession = { sessionToken: row.sessionToken, userId: row.userId, expires: row.expires }
  if (row.createdAt !== undefined) session.createdAt = row.createdAt
  if (row.authenticatedAt !== undefined) session.authenticatedAt = row.authenticatedAt
  if (row.impersonatedBy !== undefined) session.impersonatedBy = row.impersonatedBy
  if (row.impersonationStoppedAt !== undefined) session.impersonationStoppedAt = row.impersonationStoppedAt
  return session
}

/**
 * The lookup's answer cut to the Auth.js contract's fields: the session's three and the user's
 * five, nothing of the library's own (the adapter test of Auth.js compares the whole object).
 */
export function toContractSessionAndUser(found: { session: AdapterSession; user: AdapterUser }): {
  session: AdapterSession
  user: AdapterUser
} {
  const { session, user } = found
  return {
    session: { sessionToken: session.sessionToken, userId: session.userId, expires: session.expires },
    user: { id: user.id, name: user.name, email: user.email, emailVerified: user.emailVerified, image: user.image },
  }
}

export function toVerificationToken(row: VerificationToken): VerificationToken {
  return { identifier: row.identifier, token: row.token, expires: row.expires }
}

export function toAuthenticator(row: AuthenticatorRow): AdapterAuthenticator {
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

export function toAccount(row: AccountRow): AdapterAccount {
  // The row's type column is written only by linkAccount from an AdapterAccountType.
  const account: AdapterAccount = {
    userId: row.userId,
    type: row.type as AdapterAccountType,
    provider: row.provider,
    providerAccountId: row.providerAccountId,
  }
  // The row as the contract answers it (Auth.js's adapters return the stored row): every token
  // column, null where the provider sent none.
  return {
    ...account,
    refresh_token: row.refresh_token,
    access_token: row.access_token,
    expires_at: row.expires_at,
    token_type: row.token_type,
    scope: row.scope,
    id_token: row.id_token,
    session_state: row.session_state,
  }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined
}

/**
 * The account columns of the schema, taken from an account that may carry any
 * other field of a token response (expires_in, authorization_details, …):
 * passing those to Prisma would fail the sign-in.
 */
export function accountData(account: AdapterAccount): AccountData {
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
