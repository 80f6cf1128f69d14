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
  return session
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
