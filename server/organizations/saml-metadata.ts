/**
 * An identity provider's SAML metadata, read for the three values a
 * connection needs: its entity id, its single sign-on URL (HTTP-Redirect
 * binding, which the library's sign-in uses) and its signing certificate(s).
 * Only read: the library verifies every answer against the certificate, so a
 * forged metadata document can at worst make a connection that signs nobody in.
 *
 * A metadata URL is fetched by the server, so it is https only, to a host
 * with public addresses in production (public-address.ts), with no redirects
 * and a time and size limit: an admin must not be able to make the server read
 * its own network through this form.
 */
import { resolvesToPublicAddresses } from "./public-address"

export interface SamlMetadataValues {
  entityId: string
  ssoUrl: string
  certificate: string
}

export class SamlMetadataError extends Error {
  constructor(readonly code: "metadata_invalid" | "metadata_unreachable" | "metadata_url_invalid", message: string) {
    super(message)
    this.name = "SamlMetadataError"
  }
}

const MAX_BYTES = 512 * 1024
const TIMEOUT_MS = 8000
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag)?.slice(2).find((v) => v !== undefined) ?? null

function decodeEntities(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
}

/** Tags named `local` in any namespace prefix (md:, saml2:, none). */
function tags(xml: string, local: string): string[] {
  return xml.match(new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${local}\\b[^>]*>`, "g")) ?? []
}

function signingCertificates(idpDescriptor: string): string[] {
  const keys = idpDescriptor.match(/<(?:[A-Za-z_][\w.-]*:)?KeyDescriptor\b[^>]*>[\s\S]*?<\/(?:[A-Za-z_][\w.-]*:)?KeyDescriptor>/g) ?? []
  // A KeyDescriptor without `use` serves both signing and encryption.
  const signing = keys.filter((key) => attribute(/^<[^>]*>/.exec(key)?.[0] ?? "", "use") !== "encryption")
  return signing.flatMap((key) =>
    [...key.matchAll(/<(?:[A-Za-z_][\w.-]*:)?X509Certificate\b[^>]*>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?X509Certificate>/g)].map((m) => m[1].replace(/\s+/g, "")),
  )
}

const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, "$1\n").trim()}\n-----END CERTIFICATE-----`

export function parseSamlMetadata(xml: string): SamlMetadataValues {
  const invalid = (why: string) => new SamlMetadataError("metadata_invalid", `That is not an identity provider's SAML metadata: ${why}.`)
  const entity = tags(xml, "EntityDescriptor")[0]
  const entityId = entity ? attribute(entity, "entityID") : null
  if (!entityId) throw invalid("no EntityDescriptor with an entityID")
  const descriptor = /<(?:[A-Za-z_][\w.-]*:)?IDPSSODescriptor\b[\s\S]*?<\/(?:[A-Za-z_][\w.-]*:)?IDPSSODescriptor>/.exec(xml)?.[0]
  if (!descriptor) throw invalid("no IDPSSODescriptor")
  const service = tags(descriptor, "SingleSignOnService").find((tag) => attribute(tag, "Binding") === REDIRECT_BINDING)
  const location = service ? attribute(service, "Location") : null
  if (!location) throw invalid("no SingleSignOnService with the HTTP-Redirect binding")
  const certificates = signingCertificates(descriptor)
  if (certificates.length === 0) throw invalid("no signing certificate")
  return { entityId: decodeEntities(entityId), ssoUrl: decodeEntities(location), certificate: certificates.map(pem).join("\n") }
}

export async function fetchSamlMetadata(address: string): Promise<SamlMetadataValues> {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    throw new SamlMetadataError("metadata_url_invalid", "The metadata URL is not a URL.")
  }
  if (url.protocol !== "https:") throw new SamlMetadataError("metadata_url_invalid", "The metadata URL must start with https://.")
  if (!(await resolvesToPublicAddresses(url.hostname))) {
    throw new SamlMetadataError("metadata_url_invalid", "The metadata URL must be on a public address. Paste the XML instead.")
  }
  let text: string
  try {
    const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "application/samlmetadata+xml, application/xml, text/xml" } })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const body = await response.arrayBuffer()
    if (body.byteLength > MAX_BYTES) throw new Error("too large")
    text = new TextDecoder().decode(body)
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause)
    throw new SamlMetadataError("metadata_unreachable", `The metadata could not be read from that URL (${why}). Paste the XML instead.`)
  }
  return parseSamlMetadata(text)
}
