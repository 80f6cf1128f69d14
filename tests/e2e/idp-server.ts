/**
 * The OpenID Provider the browser tests sign in with: oidc-provider on the
 * port and with the certificate playwright.config.ts chose (E2E_IDP_PORT,
 * TEST_TLS_CERT/KEY), accepting the e2e servers' callback URLs
 * (E2E_IDP_REDIRECTS, comma-separated). Runs until it is signalled.
 */
import { startOidcServer } from "../helpers/oidc-provider"
import { stopWithRun } from "./stop-with-run"

const redirects = (process.env.E2E_IDP_REDIRECTS ?? "").split(",").filter(Boolean)
const server = await startOidcServer({
  port: Number(process.env.E2E_IDP_PORT),
  clientId: process.env.AUTH_OIDC_ID,
  clientSecret: process.env.AUTH_OIDC_SECRET,
  redirectUris: redirects.map((origin) => `${origin}/api/auth/callback/oidc`),
  postLogoutRedirectUris: redirects.map((origin) => `${origin}/`),
})
console.log(`[e2e-idp] ready at ${server.issuer}`)
const stop = () => void server.close().then(() => process.exit(0))
stopWithRun(stop)
