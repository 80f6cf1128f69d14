/**
 * A real SAML identity provider on 127.0.0.1: Auth0's samlp middleware
 * behind Express, signing with a throw-away RSA certificate made by the
 * openssl CLI. It answers an AuthnRequest (HTTP-Redirect) with the usual
 * auto-posting form; `next` shapes the next answer (who signs in, which
 * audience or lifetime it states, whether it signs or encrypts), so the
 * suites can ask it for exactly the answer an attacker or a broken IdP
 * would send. It never imports library code.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import express from "express"
import samlp from "samlp"

export interface SamlUser {
  id: string
  email: string
  name?: string
  groups?: string[]
}

export interface NextAnswer {
  user: SamlUser
  audience?: string
  recipient?: string
  destination?: string
  lifetimeInSeconds?: number
  signAssertion?: boolean
  signResponse?: boolean
  /** PEM certificate of the service provider: the assertion is encrypted to it. */
  encryptionCert?: string
  /** PEM public key matching encryptionCert. */
  encryptionPublicKey?: string
}

export interface KeyPair {
  cert: string
  key: string
  publicKey: string
}

/** A self-signed RSA certificate and its key (PEM), for signing or encrypting. */
export function createSamlKeyPair(commonName = "test-idp"): KeyPair {
  const dir = mkdtempSync(path.join(os.tmpdir(), "saml-keys-"))
  const cert = path.join(dir, "cert.pem")
  const key = path.join(dir, "key.pem")
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", `/CN=${commonName}`], {
    stdio: "ignore",
  })
  const publicKey = execFileSync("openssl", ["x509", "-in", cert, "-pubkey", "-noout"]).toString()
  return { cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8"), publicKey }
}

export interface SamlIdp {
  readonly issuer: string
  readonly ssoUrl: string
  readonly cert: string
  /** Shapes the next answers until changed. */
  next: NextAnswer
  /**
   * The IdP-initiated answer: a response to no AuthnRequest, posted to `acsUrl`
   * for `audience`, as the base64 SAMLResponse the form would carry.
   */
  unsolicited(acsUrl: string, audience: string): Promise<string>
  close(): Promise<void>
}

const claimsOf = (user: SamlUser) => ({
  getClaims: () => ({ email: user.email, ...(user.name && { displayName: user.name }), ...(user.groups && { groups: user.groups }) }),
  getNameIdentifier: () => ({ nameIdentifier: user.id, nameIdentifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified" }),
})

export async function startSamlIdp(options: { issuer?: string; keys?: KeyPair } = {}): Promise<SamlIdp> {
  const keys = options.keys ?? createSamlKeyPair()
  const issuer = options.issuer ?? "urn:test:saml-idp"
  const state: { next: NextAnswer } = { next: { user: { id: "user-1", email: "user@example.test" } } }
  const app = express()

  const configFor = (answer: NextAnswer, postUrl: string) => ({
    issuer,
    cert: keys.cert,
    key: keys.key,
    profileMapper: () => claimsOf(answer.user),
    getUserFromRequest: () => answer.user,
    lifetimeInSeconds: answer.lifetimeInSeconds ?? 300,
    signAssertion: answer.signAssertion ?? true,
    signResponse: answer.signResponse ?? false,
    recipient: answer.recipient ?? postUrl,
    destination: answer.destination ?? postUrl,
    ...(answer.audience && { audience: answer.audience }),
    ...(answer.encryptionCert && { encryptionCert: answer.encryptionCert, encryptionPublicKey: answer.encryptionPublicKey }),
  })

  app.get("/sso", (req, res, next) => {
    const answer = state.next
    // The recipient and destination default to the ACS the AuthnRequest named.
    samlp.parseRequest(req, (err, data) => {
      if (err) return next(err)
      const acs = data?.assertionConsumerServiceURL ?? ""
      samlp.auth({ ...configFor(answer, acs), getPostURL: (_audience, _dom, _req, callback) => callback(null, acs) })(req, res, next)
    })
  })

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}`
  return {
    issuer,
    ssoUrl: `${base}/sso`,
    cert: keys.cert,
    get next() {
      return state.next
    },
    set next(answer: NextAnswer) {
      state.next = answer
    },
    unsolicited(acsUrl: string, audience: string) {
      const answer = state.next
      return new Promise<string>((resolve, reject) => {
        samlp.getSamlResponse({ ...configFor(answer, acsUrl), audience, postUrl: acsUrl }, answer.user, (err, response) => {
          if (err || !response) reject(err ?? new Error("no response"))
          else resolve(Buffer.from(response).toString("base64"))
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
