/**
 * From a provider's profile and tokens to the library's user and account:
 * the provider's profile() (or the OpenID-claims default), ids always as
 * strings, emails lower-cased, names under the display-name rule (whatever
 * the provider's profile() returned), and the token fields stored on the Account
 * row picked by the provider's account() (or the standard subset).
 */
import { accountId } from "../providers/account-id"
import { OAuthCallbackError } from "../errors"
import type { Account, Profile, TokenSet, User } from "../types"
import { providerFetch } from "./http"
import type { ResolvedOAuthProvider } from "./normalise"
import { InvalidEmailAddress, normalizeEmailAddress } from "../email/normalize"
import { cleanDisplayName } from "../profile-text"

const STORED_TOKEN_FIELDS = ["access_token", "id_token", "refresh_token", "expires_at", "scope", "token_type", "session_state"] as const

/** The default profile(): standard OpenID claims. */
export function defaultProfile(profile: Profile): User {
  const user: User = {
    id: accountId(profile.sub ?? profile.id),
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: typeof profile.picture === "string" ? profile.picture : null,
  }
  return user
}

export function defaultAccountFields(tokens: TokenSet): Partial<Account> {
  const picked: Partial<Account> = {}
  for (const field of STORED_TOKEN_FIELDS) {
    const value = tokens[field]
    if (value !== undefined && value !== null) (picked as Record<string, unknown>)[field] = value
  }
  return picked
}

export interface UserAndAccount {
  user: User
  /** The whole token set plus the account's identity (what the jwt callback and events see). */
  account: Account
  /** What is written to the Account row when the account is linked. */
  storedAccount: Account
}

function profileEmail(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null
  try {
    return normalizeEmailAddress(value)
  } catch (error) {
    if (error instanceof InvalidEmailAddress) return null
    throw error
  }
}

export async function userAndAccount(provider: ResolvedOAuthProvider, profile: Profile, tokens: TokenSet): Promise<UserAndAccount> {
  let mapped: User
  try {
    mapped = provider.profile ? await provider.profile(profile, tokens, { fetch: providerFetch(provider) }) : defaultProfile(profile)
  } catch (cause) {
    throw new OAuthCallbackError(`The profile from "${provider.id}" could not be read`, { cause })
  }
  const providerAccountId = mapped?.id === undefined || mapped.id === null ? "" : String(mapped.id)
  if (providerAccountId === "") throw new OAuthCallbackError(`The profile from "${provider.id}" has no id`)
  // The one address normaliser: a profile address it refuses is kept as none (the user is created
  // or signed in without an address), never stored as given.
  const email = profileEmail(mapped.email)
  const user: User = { ...mapped, id: crypto.randomUUID(), email }
  // Here, once, for every OAuth/OIDC provider (built-in or the app's own profile()): the name is
  // shown to other people (members, admins, mails), so no provider's text may spoof or flood it.
  if (mapped.name !== undefined) user.name = cleanDisplayName(mapped.name)
  const identity = { provider: provider.id, type: provider.type, providerAccountId }
  const stored = provider.account ? (provider.account(tokens) ?? {}) : defaultAccountFields(tokens)
  return {
    user,
    account: { ...tokens, ...identity },
    storedAccount: { ...stored, ...identity },
  }
}
