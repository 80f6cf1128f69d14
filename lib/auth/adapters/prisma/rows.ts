/**
 * The columns the Prisma adapter selects and the rows they produce. Row types
 * are derived from the adapter types in lib/auth/types.ts (a nullable column
 * is the adapter field with null for "absent"), so the two cannot drift
 * apart. Types and constant selections only: no query runs here.
 */
import type { AdapterAccount, AdapterAuthenticator, AdapterSession, AdapterUser, VerificationToken } from "../types"

/** The fields K of T as columns: always present, null where T leaves them out. */
type NullableColumns<T, K extends keyof T> = { [P in K]-?: Exclude<T[P], undefined> | null }

export type UserRow = Pick<AdapterUser, "id" | "email" | "emailVerified"> & NullableColumns<AdapterUser, "name" | "image">

/** `type` is free text in the table; linkAccount only ever writes an AdapterAccountType. */
export type AccountRow = Pick<AdapterAccount, "userId" | "provider" | "providerAccountId"> & { type: string } & NullableColumns<
    AdapterAccount,
    "refresh_token" | "access_token" | "expires_at" | "token_type" | "scope" | "id_token" | "session_state"
  >

/** What linkAccount writes: the key columns, and each token column only when present. */
export type AccountData = Pick<AccountRow, "userId" | "type" | "provider" | "providerAccountId"> &
  Partial<Omit<AccountRow, "userId" | "type" | "provider" | "providerAccountId">>

export type SessionRow = Pick<AdapterSession, "sessionToken" | "userId" | "expires">

/** What the session lookup reads beside Auth.js's columns: the sign-in, the last proof of identity, the impersonation. */
export type SessionProofRow = NullableColumns<AdapterSession, "createdAt" | "authenticatedAt" | "impersonatedBy" | "impersonationStoppedAt">

export type AuthenticatorRow = Omit<AdapterAuthenticator, "transports"> & NullableColumns<AdapterAuthenticator, "transports">

export type { VerificationToken }

export const userSelect = { id: true, name: true, email: true, emailVerified: true, image: true } as const
export type UserSelect = typeof userSelect

/** The session lookup reads the user's roles and ban in the same statement. */
export const userWithAccessSelect = { ...userSelect, roles: true, bannedAt: true, banExpires: true } as const
export type UserWithAccessRow = UserRow & { roles: string | null; bannedAt: Date | null; banExpires: Date | null }

export const accountSelect = {
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
export type AccountSelect = typeof accountSelect

export const sessionSelect = { sessionToken: true, userId: true, expires: true } as const
export type SessionSelect = typeof sessionSelect

/** The lookup behind every request also reads when the session started and was last proved (lifetime, step-up). */
export const sessionAndUserSelect = {
  ...sessionSelect,
  createdAt: true,
  authenticatedAt: true,
  impersonatedBy: true,
  impersonationStoppedAt: true,
  // Whether the user belongs to any organization: the header's question, answered in the same statement.
  user: { select: { ...userWithAccessSelect, _count: { select: { memberships: true } } } },
} as const

/**
 * The lookup's select for one token, with the session's active organization: its name, and the
 * session user's own member row in it (Prisma cannot join on the session's user id, so the member
 * is picked through the session itself), for the header that shows it on every page.
 */
export function sessionAndUserSelectFor(sessionToken: string) {
  return {
    ...sessionAndUserSelect,
    activeOrganizationId: true,
    activeOrganization: {
      select: { name: true, slug: true, members: { where: { user: { sessions: { some: { sessionToken } } } }, select: { id: true }, take: 1 } },
    },
  } as const
}
export type SessionAndUserSelect = ReturnType<typeof sessionAndUserSelectFor>

export const verificationTokenSelect = { identifier: true, token: true, expires: true } as const
export type VerificationTokenSelect = typeof verificationTokenSelect

export const authenticatorSelect = {
  credentialID: true,
  userId: true,
  providerAccountId: true,
  credentialPublicKey: true,
  counter: true,
  credentialDeviceType: true,
  credentialBackedUp: true,
  transports: true,
} as const
export type AuthenticatorSelect = typeof authenticatorSelect

export type AccountKey = { provider_providerAccountId: { provider: string; providerAccountId: string } }
