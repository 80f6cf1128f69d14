/**
 * Single sign-on as the starter's settings use it: the library's operations
 * bound to the app's configuration, and the addresses an identity provider's
 * administrator needs. The SP values are built from AUTH_URL (mailLinkOrigin),
 * never from the request's Host: they are pasted into another system and must
 * name the origin the library checks answers against.
 */
import { authBasePath, authConfig } from "@/auth"
import { mailLinkOrigin, ssoOperations, type SsoOperations } from "@/lib/auth"

export const sso: SsoOperations = ssoOperations(authConfig)

/** Entity id, ACS URL, metadata URL and OIDC redirect URI of one connection. */
export function serviceProviderValues(connectionId: string) {
  return sso.serviceProviderValues(`${mailLinkOrigin(process.env)}${authBasePath}`, connectionId)
}
