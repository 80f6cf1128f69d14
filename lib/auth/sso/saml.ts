/**
 * SAML 2.0 as the service provider, on @node-saml/node-saml: no XML
 * signature code of ours. node-saml checks the signature over the exact
 * element it returns (so a wrapped copy or a comment spliced into the NameID
 * is not what is read), the issuer, the audience, the validity window and
 * InResponseTo; this module adds what it leaves to the caller: the
 * Destination and Recipient are our ACS, the assertion id is used once, and
 * every refusal becomes an SsoError with a code.
 */
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile as SamlProfile } from "@node-saml/node-saml"
import type { ResolvedConfig } from "../config/resolved"
import { SsoError, type SsoErrorCode } from "../errors"
import type { AdapterSsoConnection } from "./types"
import { ssoServiceUrls } from "./urls"

/** What a validated SAML answer says about the user. */
export interface SamlIdentity {
  /** The NameID: the user's subject at the identity provider. */
  subject: string
  email: string | null
  name: string | null
  attributes: Record<string, unknown>
  assertionId: string
  /** Until when the assertion id must be remembered. */
  expiresAt: Date
}

const NO_CACHE: CacheProvider = {
  saveAsync: async (key, value) => ({ createdAt: Date.now(), value }),
  getAsync: async () => null,
  removeAsync: async () => null,
}

/** Several certificates may be pasted (a rollover), each a PEM block. */
function certificates(pem: string): string[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)
  return blocks && blocks.length > 0 ? blocks : [pem.trim()]
}

function samlFor(config: ResolvedConfig, authUrl: string, connection: AdapterSsoConnection, cacheProvider: CacheProvider, idpInitiatedAllowed: boolean): SAML {
  if (connection.kind !== "saml" || !connection.samlCertificate || !connection.samlEntityId || !connection.samlSsoUrl) {
    throw new SsoError("sso_invalid_connection", "The SAML connection lacks its identity provider's entity id, sign-in URL or certificate")
  }
  const urls = ssoServiceUrls(authUrl, connection.id)
  return new SAML({
    callbackUrl: urls.acsUrl,
    entryPoint: connection.samlSsoUrl,
    issuer: urls.entityId,
    audience: urls.entityId,
    idpCert: certificates(connection.samlCertificate),
    idpIssuer: connection.samlEntityId,
    // Either the response or the assertion must carry a valid signature (node-saml refuses an answer with neither).
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: config.sso.clockSkewMs,
    validateInResponseTo: idpInitiatedAllowed ? ValidateInResponseTo.ifPresent : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 15 * 60 * 1000,
    cacheProvider,
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    disableRequestedAuthnContext: true,
    decryptionPvk: config.sso.saml.privateKey,
  })
}

/** The SP-initiated sign-in: the IdP's URL with a fresh AuthnRequest (HTTP-Redirect), and that request's id. */
export async function samlAuthorizeUrl(config: ResolvedConfig, authUrl: string, connection: AdapterSsoConnection): Promise<{ url: string; requestId: string }> {
  let requestId: string | undefined
  const capture: CacheProvider = {
    ...NO_CACHE,
    saveAsync: async (key, value) => {
      requestId = key
      return { createdAt: Date.now(), value }
    },
  }
  const url = await samlFor(config, authUrl, connection, capture, false).getAuthorizeUrlAsync("", undefined, {})
  if (!requestId) throw new SsoError("sso_invalid_connection", "No AuthnRequest id was made")
  return { url, requestId }
}

/** Our metadata for the identity provider's administrator (with our encryption certificate when configured). */
export function samlMetadata(config: ResolvedConfig, authUrl: string, connection: AdapterSsoConnection): string {
  return samlFor(config, authUrl, connection, NO_CACHE, false).generateServiceProviderMetadata(config.sso.saml.certificate ?? null)
}

/** node-saml's messages, as codes a user and a test can tell apart. */
function codeOf(message: string, hadRequest: boolean): SsoErrorCode {
  if (/decryption key/i.test(message)) return "sso_encryption_unsupported"
  if (/signature/i.test(message) || /Cannot obtain assertion/i.test(message)) return "sso_signature_invalid"
  if (/InResponseTo is missing/i.test(message)) return hadRequest ? "sso_request_mismatch" : "sso_idp_initiated_disabled"
  if (/InResponseTo/i.test(message)) return "sso_request_mismatch"
  // node-saml says "no valid subject confirmation" when the bearer confirmation has expired.
  if (/expired|not yet valid|subject confirmation/i.test(message)) return "sso_assertion_expired"
  if (/audience/i.test(message)) return "sso_audience_mismatch"
  return "sso_response_invalid"
}

/** The value of attribute `name` on the document's root element, when the root is a SAML Response. */
function responseDestination(xml: string): string | null {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*:)?Response\b([^>]*)>/.exec(xml)
  if (!root) return null
  const attribute = /\sDestination\s*=\s*("([^"]*)"|'([^']*)')/.exec(root[2])
  return attribute ? (attribute[2] ?? attribute[3] ?? null) : null
}

type XmlNode = { $?: Record<string, string>; [child: string]: unknown }

const first = (value: unknown): XmlNode | undefined => (Array.isArray(value) ? (value[0] as XmlNode) : undefined)

/** The Recipient of the assertion's bearer SubjectConfirmationData (node-saml leaves it to us). */
function recipientOf(assertion: Record<string, unknown> | undefined): string | null {
  const subject = first(assertion?.Subject)
  const confirmation = first(subject?.SubjectConfirmation)
  const data = first(confirmation?.SubjectConfirmationData)
  return data?.$?.Recipient ?? null
}

function assertionFacts(profile: SamlProfile): { id: string | null; notOnOrAfter: Date | null; recipient: string | null } {
  const root = profile.getAssertion?.() as { Assertion?: XmlNode } | undefined
  const assertion = root?.Assertion
  const id = assertion?.$?.ID ?? null
  const conditions = first(assertion?.Conditions)
  const subject = first(assertion?.Subject)
  const confirmationData = first(first(subject?.SubjectConfirmation)?.SubjectConfirmationData)
  const until = conditions?.$?.NotOnOrAfter ?? confirmationData?.$?.NotOnOrAfter
  const notOnOrAfter = until ? new Date(until) : null
  return { id, notOnOrAfter: notOnOrAfter && !Number.isNaN(notOnOrAfter.getTime()) ? notOnOrAfter : null, recipient: recipientOf(assertion) }
}

const EMAIL_ATTRIBUTES = ["email", "mail", "urn:oid:0.9.2342.19200300.100.1.3", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress"]
const NAME_ATTRIBUTES = ["displayName", "name", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name", "urn:oid:2.16.840.1.113730.3.1.241"]

function firstString(profile: SamlProfile, names: readonly string[]): string | null {
  for (const name of names) {
    const value = profile[name]
    if (typeof value === "string" && value !== "") return value
    if (Array.isArray(value) && typeof value[0] === "string") return value[0]
  }
  return null
}

/**
 * Validates the posted SAMLResponse for `connection`. `request`: the id this
 * browser's cookie holds and when it was sent (null: none, an IdP-initiated answer at best).
 */
export async function validateSamlResponse(
  config: ResolvedConfig,
  authUrl: string,
  connection: AdapterSsoConnection,
  samlResponse: string,
  request: { requestId: string; sentAt: Date } | null,
): Promise<SamlIdentity> {
  const requestId = request?.requestId ?? null
  // node-saml reads the value as the time the request was made (its expiry check).
  const expected: CacheProvider = {
    ...NO_CACHE,
    getAsync: async (key) => (request !== null && key === request.requestId ? request.sentAt.toISOString() : null),
  }
  const saml = samlFor(config, authUrl, connection, expected, connection.idpInitiated)
  let profile: SamlProfile | null
  try {
    ;({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }))
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause)
    throw new SsoError(codeOf(message, requestId !== null), `SAML response refused: ${message}`, { cause })
  }
  if (!profile) throw new SsoError("sso_response_invalid", "The SAML response holds no assertion")

  const { acsUrl } = ssoServiceUrls(authUrl, connection.id)
  const xml = Buffer.from(samlResponse, "base64").toString("utf8")
  const destination = responseDestination(xml)
  if (destination !== null && destination !== acsUrl) throw new SsoError("sso_audience_mismatch", "The SAML response names another Destination")
  const facts = assertionFacts(profile)
  if (facts.recipient !== acsUrl) throw new SsoError("sso_audience_mismatch", "The assertion names another Recipient")
  if (!facts.id) throw new SsoError("sso_response_invalid", "The assertion has no ID")
  if (!facts.notOnOrAfter) throw new SsoError("sso_response_invalid", "The assertion has no NotOnOrAfter")
  if (typeof profile.nameID !== "string" || profile.nameID === "") throw new SsoError("sso_response_invalid", "The assertion has no NameID")

  const attributes: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(profile)) if (typeof value !== "function") attributes[key] = value
  const email = firstString(profile, EMAIL_ATTRIBUTES) ?? (profile.nameIDFormat?.endsWith(":emailAddress") ? profile.nameID : null)
  return {
    subject: profile.nameID,
    email,
    name: firstString(profile, NAME_ATTRIBUTES),
    attributes,
    assertionId: facts.id,
    expiresAt: new Date(facts.notOnOrAfter.getTime() + config.sso.clockSkewMs),
  }
}
