/**
 * Reading an identity provider's SAML metadata for a connection: the three
 * values a provider's real document gives, whatever its namespace prefixes,
 * and a sentence for a document that is not one.
 */
import { describe, expect, it } from "vitest"
import { parseSamlMetadata, SamlMetadataError } from "@/server/organizations/saml-metadata"

const SIGNING = "MIIC" + "A".repeat(120)
const ENCRYPTION = "MIID" + "B".repeat(120)

const metadata = (prefix: string) => {
  const p = prefix ? `${prefix}:` : ""
  return `<?xml version="1.0"?>
<${p}EntityDescriptor xmlns${prefix ? `:${prefix}` : ""}="urn:oasis:names:tc:SAML:2.0:metadata" entityID="http://www.okta.com/exk1&amp;2">
  <${p}IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <${p}KeyDescriptor use="encryption"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${ENCRYPTION}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></${p}KeyDescriptor>
    <${p}KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>
      ${SIGNING.slice(0, 60)}
      ${SIGNING.slice(60)}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></${p}KeyDescriptor>
    <${p}SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example.com/post"/>
    <${p}SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.com/redirect"/>
  </${p}IDPSSODescriptor>
</${p}EntityDescriptor>`
}

describe("parseSamlMetadata", () => {
  it.each(["md", ""])("reads the entity id, the HTTP-Redirect sign-in URL and only the signing certificate (prefix %j)", (prefix) => {
    const values = parseSamlMetadata(metadata(prefix))
    expect(values.entityId).toBe("http://www.okta.com/exk1&2")
    expect(values.ssoUrl).toBe("https://idp.example.com/redirect")
    expect(values.certificate).toContain("-----BEGIN CERTIFICATE-----")
    expect(values.certificate.replace(/-----[A-Z ]+-----|\s/g, "")).toBe(SIGNING)
  })

  it("refuses a document without an identity provider, in words", () => {
    expect(() => parseSamlMetadata("<html>not metadata</html>")).toThrow(SamlMetadataError)
    expect(() => parseSamlMetadata('<EntityDescriptor entityID="x"><SPSSODescriptor/></EntityDescriptor>')).toThrow(/no IDPSSODescriptor/)
  })

  it("refuses metadata that offers only the POST binding", () => {
    const postOnly = metadata("md").replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*>/, "")
    expect(() => parseSamlMetadata(postOnly)).toThrow(/HTTP-Redirect/)
  })
})
