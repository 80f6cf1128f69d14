/**
 * Single sign-on's endpoints:
 *
 *   POST /signin/sso                          { email } or { organization } → the organization's identity provider
 *                                             (+ test=1: a dry run for the organization's admin)
 *   GET  /sso/saml/{connection}/metadata      our SAML metadata for the IdP's administrator
 *   POST /sso/saml/{connection}/acs           the IdP's answer (HTTP-POST binding)
 *   GET  /sso/oidc/{connection}/callback      an OpenID Connect connection's redirect URI
 *
 * The ACS is posted cross-site by the identity provider, so the browser
 * withholds the SameSite=Lax request cookie; it is answered like a
 * form_post provider's callback (actions/callback/form-post.ts): a page that
 * posts the same two fields again from this origin, and that second POST is
 * the one processed. No cookie is made SameSite=None for it.
 */
import type { AuthContext } from "../context"
import { BadRequest, SsoError } from "../errors"
import { htmlHeaders, type ResponseInternal } from "../http/response"
import { FORM_POST_RELAY_CSP, renderFormPostRelay } from "../pages/form-post-relay"
import { recordSsoRefusal } from "../sso/activity"
import { domainOfEmail } from "../sso/domain-name"
import { finishSsoSignIn } from "../sso/finish"
import { oidcCallback, oidcSignIn } from "../sso/oidc"
import { clearSsoRequestCookie, pendingSsoRequest, ssoRequestCookie } from "../sso/request-cookie"
import { samlAuthorizeUrl, samlMetadata, validateSamlResponse } from "../sso/saml"
import type { AdapterSsoConnection } from "../sso/types"
import { ssoServiceUrls } from "../sso/urls"
import { RELAYED_FIELD } from "./callback/form-post"
import { testSignInResult } from "../sso/test-result"
import { signedInUserOf } from "../security-log/reauthentication"

function ssoAdapter(ctx: AuthContext) {
  const adapter = ctx.config.sso.adapter
  if (!adapter) throw new SsoError("sso_disabled", "Single sign-on is off")
  return adapter
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "")

/** The connection an address or an organization signs in through. */
async function connectionToUse(ctx: AuthContext): Promise<AdapterSsoConnection> {
  const adapter = ssoAdapter(ctx)
  const body = ctx.request.body ?? {}
  const email = text(body.email)
  if (email !== "") {
    const domain = domainOfEmail(email)
    const route = domain ? await adapter.getSsoRoute(domain) : null
    if (!route) throw new SsoError("sso_no_connection", "No organization signs in this address's domain")
    return route.connection
  }
  const organizationRef = text(body.organization)
  const organizations = ctx.config.organizations.adapter
  if (organizationRef === "" || !organizations) throw new SsoError("sso_no_connection", "Give an address or an organization")
  const organization = (await organizations.getOrganizationBySlug(organizationRef)) ?? (await organizations.getOrganization(organizationRef))
  const connections = organization ? await adapter.listSsoConnections(organization.id) : []
  const wanted = text(body.connection)
  const connection = wanted === "" ? connections[0] : connections.find((c) => c.id === wanted)
  if (!connection) throw new SsoError("sso_no_connection", "The organization has no such single sign-on connection")
  return connection
}

/** POST /signin/sso (CSRF checked by the sign-in action). */
export async function ssoSignIn(ctx: AuthContext): Promise<ResponseInternal> {
  await ctx.callbackUrl()
  const connection = await connectionToUse(ctx)
  const test = text(ctx.request.body?.test) === "1"
  if (test) await requireSsoManager(ctx, connection)
  if (connection.kind === "oidc") return oidcSignIn(ctx, connection, { test })
  const { url, requestId } = await samlAuthorizeUrl(ctx.config, ctx.authUrl, connection)
  const cookie = await ssoRequestCookie(ctx, { connectionId: connection.id, requestId, test })
  return { redirect: url, cookies: [...ctx.outCookies, cookie] }
}

/**
 * A test sign-in shows an identity provider's answer to whoever started it: only a signed-in
 * owner or admin of the connection's organization may start one.
 */
async function requireSsoManager(ctx: AuthContext, connection: AdapterSsoConnection): Promise<void> {
  const userId = await signedInUserOf(ctx)
  if (!userId) throw new SsoError("sso_forbidden", "Sign in to test a connection")
  const member = await ctx.config.organizations.adapter?.getMember(connection.organizationId, userId)
  if (!member || !ctx.config.organizations.access.rolesGrant(member.roles, { organization: ["update"] })) {
    throw new SsoError("sso_forbidden", "Only the organization's owners and admins test its connections")
  }
}

/** A SAML answer validated and used up: a second post of the same assertion is refused. */
async function samlIdentity(ctx: AuthContext, connection: AdapterSsoConnection, samlResponse: string, request: { requestId: string; sentAt: Date } | null) {
  const identity = await validateSamlResponse(ctx.config, ctx.authUrl, connection, samlResponse, request)
  if (!(await ssoAdapter(ctx).useSsoAssertion(`${connection.id}:${identity.assertionId}`, identity.expiresAt))) {
    throw new SsoError("sso_assertion_replayed", "This assertion was used before")
  }
  return identity
}

async function connectionOf(ctx: AuthContext, id: string, kind: AdapterSsoConnection["kind"]): Promise<AdapterSsoConnection> {
  const connection = await ssoAdapter(ctx).getSsoConnection(id)
  if (!connection || connection.kind !== kind) throw new SsoError("sso_connection_not_found", "No such connection")
  return connection
}

/**
 * Where an IdP-initiated sign-in lands: a path on this origin named by
 * RelayState, else the home page. Anything else (another origin, a
 * protocol-relative or backslashed path) is the home page.
 */
function idpInitiatedLanding(ctx: AuthContext, relayState: string): string {
  if (!relayState.startsWith("/") || relayState.startsWith("//") || relayState.includes("\\")) return `${ctx.origin}/`
  try {
    const url = new URL(relayState, ctx.origin)
    return url.origin === ctx.origin ? url.href : `${ctx.origin}/`
  } catch {
    return `${ctx.origin}/`
  }
}

async function samlAcs(ctx: AuthContext, connection: AdapterSsoConnection): Promise<ResponseInternal> {
  if (ctx.request.method !== "POST") throw new BadRequest(405, "The ACS takes the identity provider's POST.")
  const body = ctx.request.body ?? {}
  const samlResponse = text(body.SAMLResponse)
  const relayState = typeof body.RelayState === "string" ? body.RelayState : ""
  if (samlResponse === "") throw new SsoError("sso_response_invalid", "No SAMLResponse was posted")
  if (body[RELAYED_FIELD] !== "1") {
    const fields: [string, string][] = [["SAMLResponse", samlResponse], ["RelayState", relayState], [RELAYED_FIELD, "1"]]
    const page = renderFormPostRelay(ssoServiceUrls(ctx.authUrl, connection.id).acsUrl, fields)
    return { status: page.status, headers: { ...htmlHeaders, "Content-Security-Policy": FORM_POST_RELAY_CSP }, body: page.html }
  }

  const request = await pendingSsoRequest(ctx, connection.id)
  ctx.outCookies.push(...clearSsoRequestCookie(ctx))
  // Only the two SAML fields count: a callbackUrl in the posted body is nobody's choice but the IdP's.
  ctx.request.body = request === null ? { callbackUrl: idpInitiatedLanding(ctx, relayState) } : {}
  if (request?.test) return testSignInResult(ctx, connection, () => samlIdentity(ctx, connection, samlResponse, request))
  try {
    const identity = await samlIdentity(ctx, connection, samlResponse, request)
    return await finishSsoSignIn(ctx, connection, identity)
  } catch (error) {
    // Refusals after the answer was read are recorded where they happen (finish.ts, requirement.ts).
    if (error instanceof SsoError && !REFUSALS_RECORDED.has(error.code)) {
      await recordSsoRefusal(ctx, { organizationId: connection.organizationId, connectionId: connection.id, userId: null, error })
    }
    throw error
  }
}

const REFUSALS_RECORDED = new Set(["sso_email_missing", "sso_domain_unverified", "sso_required"])

async function samlMetadataResponse(ctx: AuthContext, connection: AdapterSsoConnection): Promise<ResponseInternal> {
  return {
    status: 200,
    headers: { "Content-Type": "application/samlmetadata+xml; charset=utf-8", "Cache-Control": "no-store" },
    body: samlMetadata(ctx.config, ctx.authUrl, connection),
  }
}

/** GET|POST /sso/{kind}/{connection}/{endpoint}. */
export async function sso(ctx: AuthContext): Promise<ResponseInternal> {
  const [kind, id, endpoint] = ctx.request.ssoPath ?? []
  if (!ctx.config.sso.adapter) throw new BadRequest(404, "Single sign-on is off.")
  if (kind === "saml" && endpoint === "metadata" && ctx.request.method === "GET") {
    const connection = await ctx.config.sso.adapter.getSsoConnection(id)
    if (!connection || connection.kind !== "saml") throw new BadRequest(404, "No such connection.")
    return samlMetadataResponse(ctx, connection)
  }
  if (kind === "saml" && endpoint === "acs") return samlAcs(ctx, await connectionOf(ctx, id, "saml"))
  if (kind === "oidc" && endpoint === "callback" && ctx.request.method === "GET") return oidcCallback(ctx, await connectionOf(ctx, id, "oidc"))
  throw new BadRequest(404, "No such single sign-on endpoint.")
}
