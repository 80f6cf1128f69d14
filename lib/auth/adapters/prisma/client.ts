/**
 * The slice of a Prisma client the adapter calls, typed structurally so the
 * SQLite and the PostgreSQL generated clients both satisfy it. Types only.
 */
import type { PrismaChallengeLike } from "./webauthn-challenge"
import type { PrismaSessionListLike } from "./session-list"
import type { PrismaValidSinceLike } from "./sessions-valid-since"
import type { PrismaTwoFactorLike } from "./two-factor"
import type { PrismaSecurityEventLike } from "./security-events"
import type { PrismaAccessLike } from "./user-access"
import type {
  AccountData,
  AccountKey,
  AccountRow,
  AccountSelect,
  AuthenticatorRow,
  AuthenticatorSelect,
  SessionAndUserSelect,
  SessionProofRow,
  SessionRow,
  SessionSelect,
  UserRow,
  UserSelect,
  UserWithAccessRow,
  VerificationToken,
  VerificationTokenSelect,
} from "./rows"

/** The columns beside Auth.js's that createSession fills when it is given them. */
type SessionDetails = { createdAt?: Date; lastActiveAt?: Date; userAgent?: string; authenticatedAt?: Date; impersonatedBy?: string; impersonationReason?: string }

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
  $transaction?: PrismaTwoFactorLike["$transaction"]
  user: {
    create(args: { data: { email?: string | null; [column: string]: unknown }; select: UserSelect }): PromiseLike<UserRow>
    findUnique(args: { where: { id: string } | { email: string }; select: UserSelect }): PromiseLike<UserRow | null>
    update(args: { where: { id: string }; data: { [column: string]: unknown }; select: UserSelect }): PromiseLike<UserRow>
    delete(args: { where: { id: string }; select: UserSelect }): PromiseLike<UserRow>
    findFirst: PrismaValidSinceLike["user"]["findFirst"] & PrismaAccessLike["user"]["findFirst"]
    findMany: PrismaAccessLike["user"]["findMany"]
    updateMany: PrismaValidSinceLike["user"]["updateMany"] & PrismaAccessLike["user"]["updateMany"]
  }
  account: {
    create(args: { data: AccountData; select: AccountSelect }): PromiseLike<AccountRow>
    findUnique(args: { where: AccountKey; select: { user: { select: UserSelect } } }): PromiseLike<{ user: UserRow } | null>
    findFirst(args: {
      where: { provider: string; providerAccountId: string }
      select: AccountSelect
    }): PromiseLike<AccountRow | null>
    delete(args: { where: AccountKey; select: AccountSelect }): PromiseLike<AccountRow>
    update(args: { where: AccountKey; data: Partial<AccountData>; select: AccountSelect }): PromiseLike<AccountRow>
  }
  session: {
    create(args: { data: SessionRow & SessionDetails; select: SessionSelect }): PromiseLike<SessionRow>
    findUnique(args: {
      where: { sessionToken: string }
      select: SessionAndUserSelect
    }): PromiseLike<
      | (SessionRow &
          SessionProofRow & {
            user: UserWithAccessRow & { _count?: { memberships: number } }
            activeOrganizationId?: string | null
            activeOrganization?: { name: string; slug: string; members: { id: string }[] } | null
          })
      | null
    >
    update(args: {
      where: { sessionToken: string }
      data: { expires?: Date; userId?: string; lastActiveAt?: Date; authenticatedAt?: Date }
      select: SessionSelect
    }): PromiseLike<SessionRow>
    delete(args: { where: { sessionToken: string }; select: SessionSelect }): PromiseLike<SessionRow>
    findMany: PrismaSessionListLike["session"]["findMany"]
    updateMany: PrismaSessionListLike["session"]["updateMany"]
    // One signature for every use (a user's other sessions; expired rows; an admin's impersonations):
    // Prisma's generic argument type does not infer against a union.
    deleteMany(args: {
      where: { userId?: string; sessionToken?: { not: string }; expires?: { lt: Date }; impersonatedBy?: string }
    }): PromiseLike<{ count: number }>
  }
  verificationToken: {
    create(args: { data: VerificationToken; select: VerificationTokenSelect }): PromiseLike<VerificationToken>
    delete(args: {
      where: { identifier_token: { identifier: string; token: string } }
      select: VerificationTokenSelect
    }): PromiseLike<VerificationToken>
    deleteMany(args: { where: { expires: { lt: Date } } }): PromiseLike<{ count: number }>
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
  twoFactor: PrismaTwoFactorLike["twoFactor"]
  recoveryCode: PrismaTwoFactorLike["recoveryCode"]
  securityEvent: PrismaSecurityEventLike["securityEvent"]
}
