/**
 * Every kind of token an account can have outstanding, in one list, and the
 * one call that voids them all (docs/decisions/email-and-account-tokens.md, "Account tokens and
 * two-factor on an unproven address").
 *
 * A take-back hands the account to the mailbox's owner; a token issued before
 * it was issued to whoever held the account then, so none may survive it. The
 * list is what makes that hold for kinds added later: each kind names the
 * file that issues it (a source-scan test refuses a VerificationToken write
 * anywhere else), how its tokens are found for a user and how they are voided,
 * and a test issues one of every kind and checks a take-back voids it.
 *
 * How a row kind is found for a user:
 * - "address": the identifier names an address (`<kind>:<address>`, or the
 *   bare address for a magic link) and the token acts, when used, on
 *   whichever account holds that address then. So the account's current
 *   address finds them. A pending change's new address is not the account's
 *   (it may be someone else's) and a stale change's old one may now be
 *   another account's: their tokens are not this account's to void.
 * - "user-id": the identifier starts with `<kind>:<base64url(user id)>:` and
 *   binds both addresses of a pending change (email-change-tokens.ts).
 */
import type { DbClient } from "@/lib/db/client"

interface RowKind {
  readonly storage: "verification-token"
  readonly foundBy: "address" | "user-id"
  /** The one module that writes this kind's rows. */
  readonly issuedBy: string
  readonly what: string
}

interface CookieKind {
  readonly storage: "cookie"
  /**
   * "sessions-valid-since": the take-back's instant (take-back.ts) is newer
   * than the sign-in's start, and the library re-checks it when the session
   * would be created (a sign-in in flight never outlives a take-back); the take-back also
   * deletes the second factors that could finish it.
   */
  readonly voidedBy: "sessions-valid-since"
  readonly issuedBy: string
  readonly what: string
}

export const ACCOUNT_TOKEN_KINDS = {
  "magic-link": {
    storage: "verification-token",
    foundBy: "address",
    issuedBy: "lib/auth/email/verification-token.ts",
    what: "the library's sign-in link (identifier: the bare normalised address; the adapter's createVerificationToken)",
  },
  "password-reset": {
    storage: "verification-token",
    foundBy: "address",
    issuedBy: "server/accounts/account-tokens.ts",
    what: "Forgot password? link",
  },
  "set-password": {
    storage: "verification-token",
    foundBy: "address",
    issuedBy: "server/accounts/account-tokens.ts",
    what: "Settings' set-a-password link for an account without one",
  },
  "verify-email": {
    storage: "verification-token",
    foundBy: "address",
    issuedBy: "server/accounts/account-tokens.ts",
    what: "address verification link (and its This wasn't me)",
  },
  "email-change": {
    storage: "verification-token",
    foundBy: "user-id",
    issuedBy: "server/accounts/email-change-tokens.ts",
    what: "confirmation link of a change of address, mailed to the new address",
  },
  "email-change-cancel": {
    storage: "verification-token",
    foundBy: "user-id",
    issuedBy: "server/accounts/email-change-tokens.ts",
    what: "cancel link of a change of address, mailed to the old address",
  },
  "password-revoke": {
    storage: "verification-token",
    foundBy: "user-id",
    issuedBy: "server/accounts/password-revoke-tokens.ts",
    what: "It wasn't me link of the wrong two-factor codes notice: removes the password it was issued for",
  },
  "two-factor-pending": {
    storage: "cookie",
    voidedBy: "sessions-valid-since",
    issuedBy: "lib/auth/two-factor/pending.ts",
    what: "a sign-in whose first factor passed and whose second is pending (encrypted cookie, five minutes)",
  },
} as const satisfies Record<string, RowKind | CookieKind>

export type AccountTokenKind = keyof typeof ACCOUNT_TOKEN_KINDS
type Kinds = typeof ACCOUNT_TOKEN_KINDS
/** Kinds stored as VerificationToken rows under an address. */
export type AddressTokenKind = { [K in AccountTokenKind]: Kinds[K] extends { foundBy: "address" } ? K : never }[AccountTokenKind]
/** Kinds stored as VerificationToken rows under the user's id. */
export type UserTokenKind = { [K in AccountTokenKind]: Kinds[K] extends { foundBy: "user-id" } ? K : never }[AccountTokenKind]

export const accountTokenKinds = Object.keys(ACCOUNT_TOKEN_KINDS) as AccountTokenKind[]
const kindsFoundBy = <T extends AccountTokenKind>(foundBy: "address" | "user-id") =>
  accountTokenKinds.filter((kind) => (ACCOUNT_TOKEN_KINDS[kind] as { foundBy?: string }).foundBy === foundBy) as T[]
export const addressTokenKinds: readonly AddressTokenKind[] = kindsFoundBy<AddressTokenKind>("address")
export const userTokenKinds: readonly UserTokenKind[] = kindsFoundBy<UserTokenKind>("user-id")

/** The identifier of a token of `kind` for `email` (normalised): a magic link's is the bare address. */
export function addressIdentifier(kind: AddressTokenKind, email: string): string {
  return kind === "magic-link" ? email : `${kind}:${email}`
}

/** The prefix every token of `kind` of one user shares (base64url has no ":", so no id can forge another's prefix). */
export function userIdentifierPrefix(kind: UserTokenKind, userId: string): string {
  return `${kind}:${Buffer.from(userId, "utf8").toString("base64url")}:`
}

/** Every identifier an address's tokens are stored under. */
export function addressTokenIdentifiers(email: string): string[] {
  return addressTokenKinds.map((kind) => addressIdentifier(kind, email))
}

/** The VerificationToken rows of every row kind the user can have outstanding. */
export function accountTokenFilter(user: { id: string; email: string | null }) {
  return {
    OR: [
      ...(user.email ? [{ identifier: { in: addressTokenIdentifiers(user.email) } }] : []),
      ...userTokenKinds.map((kind) => ({ identifier: { startsWith: userIdentifierPrefix(kind, user.id) } })),
    ],
  }
}

/** A client or an interactive transaction's client: what voiding reads and writes. */
export type TokenVoider = Pick<DbClient, "verificationToken" | "user">

/**
 * Voids every outstanding token of the user inside the caller's transaction:
 * the rows of every row kind are deleted; the cookie kinds are voided by the
 * "sessions valid since" instant the caller sets through the library's
 * revokeUserSessions once the transaction has committed (a pending sign-in
 * that began before it gets no session). `email` undefined: the account's current address is read.
 * Resolves to the number of rows deleted.
 */
export async function voidAccountTokens(tx: TokenVoider, user: { id: string; email?: string | null }): Promise<number> {
  const email = user.email !== undefined ? user.email : ((await tx.user.findUnique({ where: { id: user.id }, select: { email: true } }))?.email ?? null)
  const { count } = await tx.verificationToken.deleteMany({ where: accountTokenFilter({ id: user.id, email }) })
  return count
}
