/**
 * Who signs in: links the account to a user the way Auth.js does, for any
 * provider type (OAuth/OIDC today; email and passkeys use the same rules).
 *
 * - a known account signs its user in (or is refused when a different user
 *   is signed in in this browser);
 * - a new account while signed in is linked to the signed-in user, when
 *   their last proof of identity is recent (step-up: a new way in is a
 *   sensitive change; otherwise ReauthenticationRequired, nothing linked);
 * - a new account whose email belongs to a user is refused
 *   (OAuthAccountNotLinked) unless the provider allows email linking;
 * - otherwise a user is created and the account linked to it.
 *
 * Unlike Auth.js, an address the provider says it verified (the OpenID
 * `email_verified` claim, `emailVerifiedByProvider`) is recorded: a new user
 * is created with emailVerified set, and the user who signs in is marked
 * verified when their address is that same one and was not yet. An address
 * the provider says it did NOT verify (`email_verified` present and not
 * true) is treated as no address at all: it finds no user, links to none
 * (not even with allowDangerousEmailAccountLinking) and a new user is created
 * without it, so nobody can claim an address through a provider that lets
 * them type any (docs/decisions/account-model-and-passwords.md, "Account model").
 *
 * It changes users and accounts only through the adapter and never creates
 * a session (finish-sign-in does that).
 */
import type { AuthContext } from "../../context"
import { OAuthAccountNotLinked } from "../../errors"
import { emitEvent } from "../../events"
import { recordSecurityEvent } from "../../security-log/record"
import type { LinkingAdapter } from "../../adapters/capabilities"
import type { Account, Profile, User } from "../../types"
import type { AdapterAccount, AdapterUser } from "../../adapters/types"
import type { SessionProof } from "../../config/resolved"
import { assertRecentProof } from "../../session/step-up"
import { takeBackAccount } from "./take-back"

export interface LoginInput {
  /** The user as the provider describes them (id is a placeholder). */
  user: User
  /** The account as events and callbacks see it. */
  account: Account
  /** What linkAccount stores; defaults to `account`. */
  storedAccount?: Account
  profile?: Profile
  /** Link a new account to an existing user with the same email. */
  allowDangerousEmailAccountLinking?: boolean
  /** The provider vouches that `user.email` belongs to whoever signed in (OIDC `email_verified: true`). */
  emailVerifiedByProvider?: boolean
  /** The provider says it did not verify `user.email` (OIDC `email_verified: false`): the address is ignored. */
  emailUnverifiedByProvider?: boolean
}

export interface LoginResult {
  user: AdapterUser
  isNewUser: boolean
}

export interface SignedInVisitor {
  user: AdapterUser
  /** When they last proved who they are (step-up). */
  proof: SessionProof
}

/** The user signed in in this browser and their proof, if any (either session strategy). */
export async function currentSignedIn(ctx: AuthContext, adapter: LinkingAdapter): Promise<SignedInVisitor | null> {
  const proof = await ctx.config.sessionStrategy.signedIn(ctx)
  const user = proof ? await adapter.getUser(proof.userId) : null
  return proof && user ? { user, proof } : null
}

/** The user signed in in this browser, if any (either session strategy). */
export async function currentSessionUser(ctx: AuthContext, adapter: LinkingAdapter): Promise<AdapterUser | null> {
  return (await currentSignedIn(ctx, adapter))?.user ?? null
}

async function link(ctx: AuthContext, adapter: LinkingAdapter, user: AdapterUser, input: LoginInput, isNewUser = false): Promise<void> {
  const stored = { ...(input.storedAccount ?? input.account), userId: user.id } as AdapterAccount
  await adapter.linkAccount(stored)
  // A new way into an existing account goes in its log; a passkey is logged as "passkey-added" by
  // its own flow, and a new user's first account is their sign-up, not a change.
  if (!isNewUser && input.account.type !== "webauthn") {
    await recordSecurityEvent(ctx.config, ctx.request.request, {
      userId: user.id,
      type: "account-linked",
      method: input.account.type === "email" ? "email" : "oauth",
      provider: input.account.provider,
    })
  }
  await emitEvent(ctx.config, "linkAccount", { user, account: input.account, profile: input.user, isNewUser })
}

/** The address the provider vouches for, or null. */
function verifiedEmail(input: LoginInput): string | null {
  const email = input.user.email
  return input.emailVerifiedByProvider === true && typeof email === "string" && email !== "" ? email : null
}

/**
 * Marks `user` verified when the provider vouched for exactly their address.
 * Needs the adapter's optional updateUser; without it the user stays as is.
 */
async function recordVerified(ctx: AuthContext, adapter: LinkingAdapter, user: AdapterUser, input: LoginInput): Promise<AdapterUser> {
  const email = verifiedEmail(input)
  if (!email || user.emailVerified || user.email?.toLowerCase() !== email.toLowerCase() || !adapter.updateUser) return user
  const updated = await adapter.updateUser({ id: user.id, emailVerified: new Date() })
  await emitEvent(ctx.config, "updateUser", { user: updated })
  return updated
}

/**
 * Applies the linking rules and returns the user to sign in. `known` is the
 * result of getUserByAccount when the caller already has it (the signIn
 * callback needs it first).
 */
export async function handleLogin(
  ctx: AuthContext,
  adapter: LinkingAdapter,
  input: LoginInput,
  known?: AdapterUser | null,
): Promise<LoginResult> {
  const { account } = input
  const byAccount =
    known !== undefined
      ? known
      : ((await adapter.getUserByAccount?.({ provider: account.provider, providerAccountId: account.providerAccountId })) ?? null)
  const visitor = await currentSignedIn(ctx, adapter)
  const signedIn = visitor?.user ?? null

  if (byAccount) {
    if (signedIn && signedIn.id !== byAccount.id) {
      throw new OAuthAccountNotLinked("This account is already linked to another user")
    }
    return { user: await recordVerified(ctx, adapter, byAccount, input), isNewUser: false }
  }

  if (visitor) {
    // A new way into the signed-in account (another provider, a passkey): only with a recent proof.
    await assertRecentProof(ctx, visitor.proof)
    await link(ctx, adapter, visitor.user, input)
    return { user: await recordVerified(ctx, adapter, visitor.user, input), isNewUser: false }
  }

  const email =
    input.emailUnverifiedByProvider !== true && typeof input.user.email === "string" && input.user.email !== "" ? input.user.email : null
  const byEmail = email ? await adapter.getUserByEmail(email) : null
  if (byEmail) {
    if (!input.allowDangerousEmailAccountLinking) {
      // A concurrent first sign-in with this same provider account may have created the user
      // (and its account) since the lookup above: that is this user, not someone else's.
      const winner = await raceWinner(adapter, account)
      if (winner?.id === byEmail.id) return { user: winner, isNewUser: false }
      throw new OAuthAccountNotLinked("Another account already uses this email address")
    }
    // The provider vouching for an address the user never verified is a proof of the mailbox by
    // someone not signed in to the account: what was set up before it does not survive.
    if (verifiedEmail(input) && !byEmail.emailVerified) await takeBackAccount(ctx, byEmail.id)
    await link(ctx, adapter, byEmail, input)
    return { user: await recordVerified(ctx, adapter, byEmail, input), isNewUser: false }
  }

  const { id: _placeholder, ...fields } = input.user
  const emailVerified = verifiedEmail(input) ? new Date() : null
  const newUser = { ...fields, id: crypto.randomUUID(), email, emailVerified } as AdapterUser
  if (!adapter.createUserAndAccount) {
    const created = await adapter.createUser(newUser)
    await emitEvent(ctx.config, "createUser", { user: created })
    await link(ctx, adapter, created, input, true)
    return { user: created, isNewUser: true }
  }
  let created: AdapterUser
  try {
    const { userId: _userId, ...stored } = (input.storedAccount ?? input.account) as AdapterAccount
    created = await adapter.createUserAndAccount(newUser, stored)
  } catch (error) {
    // Two first sign-ins with one provider account at once: the one that lost the race wrote
    // nothing (one transaction) and signs in as the user the winner created.
    const winner = await raceWinner(adapter, account)
    if (!winner) throw error
    return { user: winner, isNewUser: false }
  }
  await emitEvent(ctx.config, "createUser", { user: created })
  await emitEvent(ctx.config, "linkAccount", { user: created, account: input.account, profile: input.user, isNewUser: true })
  return { user: created, isNewUser: true }
}

/** The user a concurrent sign-in created for this account, looked up again after a failed create. */
async function raceWinner(adapter: LinkingAdapter, account: Account): Promise<AdapterUser | null> {
  const key = { provider: account.provider, providerAccountId: account.providerAccountId }
  try {
    return (await adapter.getUserByAccount?.(key)) ?? null
  } catch {
    return null
  }
}
