/**
 * A stand-in for Microsoft Entra ID's v2.0 endpoints over HTTPS on 127.0.0.1,
 * shaped as Microsoft documents them, one directory per path segment:
 * /{tenant}/v2.0/.well-known/openid-configuration (issuer
 * {origin}/{tenant}/v2.0, or the {tenantid} template for "common"),
 * /{tenant}/oauth2/v2.0/authorize, /{tenant}/oauth2/v2.0/token and
 * /{tenant}/discovery/v2.0/keys. The authorize endpoint signs in `user` at
 * once, whatever tenant the URL names, as the multi-tenant endpoints do for a
 * user of any directory; the ID token carries the v2.0 claims of that user's
 * home tenant (iss, tid, oid, sub, aud, nonce, preferred_username, email, ver).
 * https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference
 * https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 */
import { createHash, randomBytes, randomUUID } from "node:crypto"
import https from "node:https"
import type { AddressInfo } from "node:net"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { testTlsOptions } from "./tls"

export interface EntraUser {
  /** The user's home directory: the token's tid and the tenant in its iss. */
  tenantId: string
  oid: string
  name: string
  email: string
}

export interface EntraStandIn {
  origin: string
  clientId: string
  clientSecret: string
  /** Who the next authorization signs in. */
  user: EntraUser
  /** The v2.0 issuer of a directory on this stand-in. */
  issuerOf(tenant: string): string
  close(): Promise<void>
}

interface IssuedCode {
  redirectUri: string
  challenge?: string
  nonce?: string
  user: EntraUser
}

export async function startEntraStandIn(options: { user: EntraUser }): Promise<EntraStandIn> {
  const clientId = randomUUID()
  const clientSecret = randomBytes(24).toString("base64url")
  const { privateKey, publicKey } = await generateKeyPair("RS256")
  const jwk = { ...(await exportJWK(publicKey)), kid: "stand-in-key", use: "sig", alg: "RS256" }
  const codes = new Map<string, IssuedCode>()

  const state: EntraStandIn = {
    origin: "",
    clientId,
    clientSecret,
    user: options.user,
    issuerOf: (tenant) => `${state.origin}/${tenant}/v2.0`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }

  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }

  function metadata(tenant: string) {
    const multi = ["common", "organizations", "consumers"].includes(tenant)
    return {
      issuer: multi ? `${state.origin}/{tenantid}/v2.0` : state.issuerOf(tenant),
      authorization_endpoint: `${state.origin}/${tenant}/oauth2/v2.0/authorize`,
      token_endpoint: `${state.origin}/${tenant}/oauth2/v2.0/token`,
      jwks_uri: `${state.origin}/${tenant}/discovery/v2.0/keys`,
      userinfo_endpoint: `${state.origin}/oidc/userinfo`,
      response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
      subject_types_supported: ["pairwise"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
      scopes_supported: ["openid", "profile", "email", "offline_access"],
      claims_supported: ["sub", "iss", "aud", "exp", "iat", "nonce", "name", "preferred_username", "oid", "tid", "ver", "email"],
      tenant_region_scope: null,
    }
  }

  async function idToken(issued: IssuedCode): Promise<string> {
    const { user } = issued
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({
      name: user.name,
      preferred_username: user.email,
      email: user.email,
      oid: user.oid,
      tid: user.tenantId,
      ver: "2.0",
      ...(issued.nonce ? { nonce: issued.nonce } : {}),
    })
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
      .setIssuer(state.issuerOf(user.tenantId))
      .setAudience(clientId)
      .setSubject(`pairwise-${user.oid}`)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey)
  }

  function clientAuthenticated(req: import("node:http").IncomingMessage, form: URLSearchParams): boolean {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":").map(decodeURIComponent)
      return id === clientId && secret === clientSecret
    }
    return form.get("client_id") === clientId && form.get("client_secret") === clientSecret
  }

  const server = https.createServer(testTlsOptions(), (req, res) => {
    const url = new URL(req.url ?? "/", state.origin)
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
    req.on("end", () => {
      void (async () => {
        const [, tenant, ...rest] = url.pathname.split("/")
        const path = rest.join("/")
        if (path === "v2.0/.well-known/openid-configuration") return json(res, 200, metadata(tenant))
        if (path === "discovery/v2.0/keys") return json(res, 200, { keys: [jwk] })
        if (path === "oauth2/v2.0/authorize") {
          const redirectUri = url.searchParams.get("redirect_uri") ?? ""
          if (url.searchParams.get("client_id") !== clientId) return json(res, 400, { error: "unauthorized_client" })
          const code = randomBytes(16).toString("base64url")
          codes.set(code, {
            redirectUri,
            challenge: url.searchParams.get("code_challenge") ?? undefined,
            nonce: url.searchParams.get("nonce") ?? undefined,
            user: state.user,
          })
          const back = new URL(redirectUri)
          back.searchParams.set("code", code)
          const s = url.searchParams.get("state")
          if (s) back.searchParams.set("state", s)
          res.writeHead(302, { location: back.href })
          return void res.end()
        }
        if (path === "oauth2/v2.0/token" && req.method === "POST") {
          const form = new URLSearchParams(raw)
          if (!clientAuthenticated(req, form)) return json(res, 401, { error: "invalid_client" })
          const issued = codes.get(form.get("code") ?? "")
          codes.delete(form.get("code") ?? "")
          if (!issued || issued.redirectUri !== form.get("redirect_uri")) return json(res, 400, { error: "invalid_grant" })
          if (issued.challenge) {
            const verifier = form.get("code_verifier") ?? ""
            if (createHash("sha256").update(verifier).digest("base64url") !== issued.challenge) return json(res, 400, { error: "invalid_grant" })
          }
          return json(res, 200, {
            token_type: "Bearer",
            scope: "openid profile email User.Read",
            expires_in: 3600,
            access_token: randomBytes(24).toString("base64url"),
            id_token: await idToken(issued),
          })
        }
        json(res, 404, { error: "not_found" })
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  state.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return state
}
