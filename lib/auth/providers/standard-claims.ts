/**
 * The user from standard OpenID Connect claims (sub, name, email, picture),
 * for the OpenID Connect providers whose ID token needs no mapping of its
 * own. The name falls back to the nickname and the preferred username, as
 * the engine's default does.
 */
import { accountId } from "./account-id"
import type { Profile, User } from "../types"

export function userFromClaims(profile: Profile): User {
  return {
    id: accountId(profile.sub),
    name: profile.name ?? profile.nickname ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: typeof profile.picture === "string" ? profile.picture : null,
  }
}
