/**
 * An OpenID Connect provider whose ID token needs no mapping of its own: the
 * generic provider (./oidc) under the preset's id, name and look, the user
 * taken from the standard claims, and the app's options over all of it.
 * Keeps each such provider file to what is really its own.
 */
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { userFromClaims } from "./standard-claims"
import type { Profile } from "../types"

export function oidcPreset<P extends Profile>(preset: OAuthUserConfig<P> & { id: string; name: string }, options: OAuthUserConfig<P>): OAuthConfig<P> {
  return OIDC<P>(mergeOptions<OAuthUserConfig<P>>({ profile: userFromClaims, ...preset }, options))
}
