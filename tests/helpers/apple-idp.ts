/**
 * A stand-in for Sign in with Apple that follows Apple's documented flow, on
 * 127.0.0.1 (so an app on localhost gets a truly cross-site POST):
 *
 * - GET  /.well-known/openid-configuration  (no userinfo endpoint, as Apple)
 * - GET  /auth/authorize  → the user "signs in" as `idp.user` and the page
 *   POSTs code, state, id_token and — on this user's first authorization of
 *   this client only — `user` (JSON name and email) to the redirect_uri;
 * - POST /auth/token  → checks the client secret JWT (ES256 signature with
 *   the client's public key, kid, iss = team id, sub = client id, aud =
 *   https://appleid.apple.com, at most six months), the code (once, same
 *   client and redirect_uri); answers with an ID token signed by its own key
 *   (email_verified as the string "true", as Apple has sent it);
 * - GET  /auth/keys  → that key as a JWKS.
 *
 * Apple documents no PKCE parameter for either request, so this stand-in
 * takes none; it records every authorization query and token form it gets,
 * for tests to hold them to Apple's documented parameters.
 *
 * HTTPS with the given certificate (a production `next start` refuses http
 * identity providers), plain http otherwise.
 */
import { randomBytes } from "node:crypto"
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { createServer as createHttpsServer } from "node:https"
import type { AddressInfo } from "node:net"
import {
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose"

export const APPLE_AUDIENCE = "https://appleid.apple.com"
const SIX_MONTHS = 15_777_000

export interface AppleIdpUser {
  sub: string
  email: string
  firstName?: string
  lastName?: string
  /** A "Hide My Email" relay address. */
  privateEmail?: boolean
}

/** The client as registered with Apple: its Services ID, team, and the key that signs its secrets. */
export interface AppleClient {
  clientId: string
  teamId: string
  keyId: string
  /** The public half of the Sign in with Apple key. */
  publicKey: CryptoKey
  redirectUris: string[]
}

export interface AppleIdp {
  issuer: string
  /** Who signs in at the next authorization. */
  user: AppleIdpUser
  /** Every client secret the token endpoint received, decoded, with its verdict. */
  readonly secrets: { header: Record<string, unknown>; payload: JWTPayload; accepted: boolean; reason?: string }[]
  /** Errors the token endpoint answered. */
  readonly tokenErrors: string[]
  /** The query of every authorization request, in order. */
  readonly authorizeRequests: URLSearchParams[]
  /** The form of every token request, in order. */
  readonly tokenRequests: URLSearchParams[]
  close(): Promise<void>
}

/** A Sign in with Apple key pair: the PEM the app gets (AUTH_APPLE_PRIVATE_KEY) and the public key the stand-in checks with. */
export async function appleSigningKey(): Promise<{ privateKeyPem: string; publicKey: CryptoKey }> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true })
  return { privateKeyPem: await exportPKCS8(privateKey), publicKey }
}

interface IssuedCode {
  clientId: string
  redirectUri: string
  nonce?: string
  user: AppleIdpUser
  expiresAt: number
  used: boolean
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"))
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
  res.end(JSON.stringify(body))
}

export async function startAppleIdp(client: AppleClient, options: { tls?: { cert: string; key: string } } = {}): Promise<AppleIdp> {
  const { privateKey: idTokenKey, publicKey: idTokenPublic } = await generateKeyPair("RS256", { extractable: true })
  const jwk: JWK = { ...(await exportJWK(idTokenPublic)), kid: "stand-in-1", use: "sig", alg: "RS256" }
  const codes = new Map<string, IssuedCode>()
  /** Users who already authorized this client: Apple sends their name only the first time. */
  const authorized = new Set<string>()
  const secrets: AppleIdp["secrets"] = []
  const tokenErrors: string[] = []
  const authorizeRequests: URLSearchParams[] = []
  const tokenRequests: URLSearchParams[] = []
  let issuer = ""

  async function checkClientSecret(secret: string | null, clientId: string | null): Promise<string | undefined> {
    if (!secret || clientId !== client.clientId) return "unknown client"
    let header: Record<string, unknown> = {}
    try {
      header = decodeProtectedHeader(secret) as Record<string, unknown>
      const { payload } = await jwtVerify(secret, client.publicKey, {
        algorithms: ["ES256"],
        issuer: client.teamId,
        subject: client.clientId,
        audience: APPLE_AUDIENCE,
        requiredClaims: ["iat", "exp"],
      })
      let reason: string | undefined
      if (header.kid !== client.keyId) reason = "wrong kid"
      else if ((payload.exp ?? 0) - (payload.iat ?? 0) > SIX_MONTHS) reason = "valid for longer than six months"
      secrets.push({ header, payload, accepted: reason === undefined, reason })
      return reason
    } catch (error) {
      secrets.push({ header, payload: {}, accepted: false, reason: (error as Error).message })
      return (error as Error).message
    }
  }

  async function authorize(url: URL, res: ServerResponse): Promise<void> {
    const q = url.searchParams
    authorizeRequests.push(new URLSearchParams(q))
    const redirectUri = q.get("redirect_uri") ?? ""
    if (q.get("client_id") !== client.clientId || !client.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { "content-type": "text/plain" }).end("invalid_client or redirect_uri")
      return
    }
    // Apple requires form_post whenever name or email is asked for.
    if (q.get("response_type") !== "code" || q.get("response_mode") !== "form_post" || !q.get("state")) {
      res.writeHead(400, { "content-type": "text/plain" }).end("invalid_request")
      return
    }
    const user = idp.user
    const code = randomBytes(24).toString("base64url")
    codes.set(code, {
      clientId: client.clientId,
      redirectUri,
      nonce: q.get("nonce") ?? undefined,
      user,
      expiresAt: Date.now() + 5 * 60_000,
      used: false,
    })
    const fields: [string, string][] = [
      ["state", q.get("state")!],
      ["code", code],
      ["id_token", await idToken(user, q.get("nonce") ?? undefined)],
    ]
    const key = `${client.clientId}:${user.sub}`
    if (!authorized.has(key)) {
      authorized.add(key)
      const scope = (q.get("scope") ?? "").split(" ")
      if (scope.includes("name") || scope.includes("email")) {
        fields.push([
          "user",
          JSON.stringify({
            ...(scope.includes("name") ? { name: { firstName: user.firstName, lastName: user.lastName } } : {}),
            ...(scope.includes("email") ? { email: user.email } : {}),
          }),
        ])
      }
    }
    const inputs = fields.map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`).join("")
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
    res.end(
      `<!DOCTYPE html><html><body><form method="post" action="${escapeHtml(redirectUri)}">${inputs}</form>` +
        `<script>document.forms[0].submit()</script></body></html>`,
    )
  }

  function idToken(user: AppleIdpUser, nonce: string | undefined): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({
      email: user.email,
      email_verified: "true",
      is_private_email: user.privateEmail ? "true" : "false",
      auth_time: now,
      nonce_supported: true,
      real_user_status: 2,
      ...(nonce === undefined ? {} : { nonce }),
    })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid })
      .setIssuer(issuer)
      .setAudience(client.clientId)
      .setSubject(user.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(idTokenKey)
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req)
    tokenRequests.push(form)
    const fail = (status: number, error: string, detail: string) => {
      tokenErrors.push(`${error}: ${detail}`)
      json(res, status, { error })
    }
    const secretProblem = await checkClientSecret(form.get("client_secret"), form.get("client_id"))
    if (secretProblem) return fail(400, "invalid_client", secretProblem)
    if (form.get("grant_type") !== "authorization_code") return fail(400, "unsupported_grant_type", String(form.get("grant_type")))
    const issued = codes.get(form.get("code") ?? "")
    if (!issued || issued.used || issued.expiresAt < Date.now()) return fail(400, "invalid_grant", "unknown, used or expired code")
    issued.used = true
    if (issued.clientId !== form.get("client_id") || issued.redirectUri !== form.get("redirect_uri")) {
      return fail(400, "invalid_grant", "client or redirect_uri differs")
    }
    json(res, 200, {
      access_token: randomBytes(16).toString("hex"),
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: randomBytes(16).toString("hex"),
      id_token: await idToken(issued.user, issued.nonce),
    })
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", issuer)
    const route = `${req.method} ${url.pathname}`
    const done = (error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" })
      res.end(String(error))
    }
    if (route === "GET /.well-known/openid-configuration") {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/auth/authorize`,
        token_endpoint: `${issuer}/auth/token`,
        revocation_endpoint: `${issuer}/auth/revoke`,
        jwks_uri: `${issuer}/auth/keys`,
        response_types_supported: ["code", "code id_token", "code id_token token"],
        response_modes_supported: ["query", "fragment", "form_post"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "name"],
        token_endpoint_auth_methods_supported: ["client_secret_post"],
        claims_supported: ["aud", "email", "email_verified", "exp", "iat", "is_private_email", "iss", "nonce", "nonce_supported", "real_user_status", "sub", "transfer_sub"],
      })
    }
    if (route === "GET /auth/keys") return json(res, 200, { keys: [jwk] })
    if (route === "GET /auth/authorize") return void authorize(url, res).catch(done)
    if (route === "POST /auth/token") return void token(req, res).catch(done)
    res.writeHead(404).end()
  }

  const server: Server = options.tls ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, handler) : createHttpServer(handler)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  issuer = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`

  const idp: AppleIdp = {
    issuer,
    user: { sub: "000000.apple-user", email: "apple-user@example.test" },
    secrets,
    tokenErrors,
    authorizeRequests,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return idp
}
