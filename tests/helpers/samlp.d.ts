// The slice of samlp (Auth0's SAML IdP middleware, no types of its own) the test IdP uses.
declare module "samlp" {
  import type { RequestHandler, Request } from "express"

  export interface SamlpOptions {
    issuer: string
    cert: string
    key: string
    profileMapper?: (user: unknown) => { getClaims(): Record<string, unknown>; getNameIdentifier(): { nameIdentifier: string; nameIdentifierFormat?: string } }
    getUserFromRequest?: (req: Request) => unknown
    getPostURL?: (audience: string, dom: unknown, req: Request, callback: (err: unknown, url?: string) => void) => void
    lifetimeInSeconds?: number
    signAssertion?: boolean
    signResponse?: boolean
    recipient?: string
    destination?: string
    audience?: string
    postUrl?: string
    encryptionCert?: string
    encryptionPublicKey?: string
  }

  export function auth(options: SamlpOptions): RequestHandler
  export function parseRequest(req: Request, callback: (err: unknown, data?: { assertionConsumerServiceURL?: string; id?: string; issuer?: string }) => void): void
  export function getSamlResponse(options: SamlpOptions, user: unknown, callback: (err: unknown, response?: string) => void): void
  const samlp: { auth: typeof auth; parseRequest: typeof parseRequest; getSamlResponse: typeof getSamlResponse }
  export default samlp
}
