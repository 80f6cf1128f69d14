/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1 over HTTPS with the
 * test certificate, for the OAuth/OIDC suites and the e2e servers. It
 * counts requests per path (discovery, JWKS, token, …), can be stopped
 * and answered with garbage, and drives its own login and consent forms
 * for tests that have no browser.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto"
import https from "node:https"
import type { AddressInfo } from "node:net"
import Provider from "oidc-provider"
import { testTlsOptions } from "./tls"

export interface TestAccount {
  sub: string
  email?: string
  name?: string
  picture?: string
  /** The `email_verified` claim; default true when there is an email. */
  emailVerified?: boolean
}

export interface OidcServerOptions {
  clientId?: string
  clientSecret?: string
  redirectUris: string[]
  postLogoutRedirectUris?: string[]
  accounts?: TestAccount[]
  /** Seconds; short values let refresh tests see an expired access token. */
  accessTokenTtl?: number
  tls?: { cert: string; key: string }
  /** Fixed port (the e2e servers must know the issuer before it starts); default: any free one. */
  port?: number
  /** A path the issuer ends in (OneLogin's /oidc/2, Asgardeo's /t/<org>/oauth2/token); every endpoint is under it. */
  issuerPath?: string
  /** Endpoint paths, for a stand-in of a provider that documents its own (FusionAuth: /oauth2/token …). */
  routes?: { authorization?: string; token?: string; userinfo?: string }
}

export interface OidcServer {
  issuer: string
  clientId: string
  clientSecret: string
  /** Requests seen per path, e.g. counts["/.well-known/openid-configuration"]. */
  counts: Record<string, number>
  /** "garbage": every request answers 200 with non-JSON; "down": connections are destroyed; "hang": no answer. */
  mode: "normal" | "garbage" | "down" | "hang"
  provider: Provider
  close(): Promise<void>
}

export async function startOidcServer(options: OidcServerOptions): Promise<OidcServer> {
  const clientId = options.clientId ?? "test-client"
  const clientSecret = options.clientSecret ?? "test-client-secret-0123456789"
  const accounts = new Map((options.accounts ?? []).map((a) => [a.sub, a]))
  const counts: Record<string, number> = {}
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key-1", use: "sig", alg: "RS256" }

  const server = https.createServer(options.tls ?? testTlsOptions())
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  const mount = (options.issuerPath ?? "").replace(/\/+$/, "")
  const issuer = `https://127.0.0.1:${port}${mount}`

  const provider = new Provider(issuer, {
    ...(options.routes ? { routes: options.routes } : {}),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    // Claims in the ID token too (not only at userinfo), as most providers do.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    ttl: { AccessToken: options.accessTokenTtl ?? 3600, IdToken: 3600, Session: 3600, Grant: 3600, Interaction: 600, RefreshToken: 86400 },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    async findAccount(_ctx, sub) {
      // Unlisted subjects get an address; one whose sub starts with "unverified-" is not vouched for.
      const account = accounts.get(sub) ?? { sub, email: `${sub}@idp.example.test`, name: `User ${sub}`, emailVerified: !sub.startsWith("unverified-") }
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: account.email !== undefined && account.emailVerified !== false, name: account.name, picture: account.picture }
        },
      }
    },
    // Consent is implied: each sign-in asks only for login.
    async loadExistingGrant(ctx) {
      const clientIdOf = ctx.oidc.client!.clientId
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(clientIdOf)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOf, accountId: ctx.oidc.session!.accountId })
      grant.addOIDCScope("openid email profile offline_access")
      await grant.save()
      return grant
    },
  })
  provider.on("server_error", () => {})

  const handler = provider.callback()
  const state: OidcServer = {
    issuer,
    clientId,
    clientSecret,
    counts,
    mode: "normal",
    provider,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
  server.on("request", (req, res) => {
    const path = new URL(req.url ?? "/", issuer).pathname
    counts[path] = (counts[path] ?? 0) + 1
    if (state.mode === "down") return void req.socket.destroy()
    if (state.mode === "hang") return
    if (state.mode === "garbage") {
      res.writeHead(200, { "content-type": "application/json" })
      return void res.end("<html>definitely not json")
    }
    if (mount) {
      // Mounted under the issuer's path: the provider sees paths relative to it.
      const url = req.url ?? "/"
      if (!url.startsWith(`${mount}/`)) return void res.writeHead(404).end()
      Object.assign(req, { originalUrl: url, url: url.slice(mount.length) })
    }
    handler(req, res)
  })
  return state
}

/** A cookie-keeping client for the provider's own pages (login form, logout form). */
export class IdpBrowser {
  readonly jar = new Map<string, string>()

  async get(url: string): Promise<Response> {
    return this.#send(url, { method: "GET" })
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.#send(url, {
      method: "POST",
      body: new URLSearchParams(form).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
  }

  async #send(url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size > 0) headers.set("cookie", [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "))
    const res = await fetch(url, { ...init, headers, redirect: "manual" })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const eq = pair!.indexOf("=")
      const name = pair!.slice(0, eq)
      const value = pair!.slice(eq + 1)
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return res
  }

  /**
   * Follows the provider's redirects from an authorization URL, logging in
   * as `sub`, until the provider sends the browser away from itself; returns
   * that URL (the app's callback, with code or error).
   */
  async authorize(authorizationUrl: string, sub: string): Promise<string> {
    const issuerOrigin = new URL(authorizationUrl).origin
    let url = authorizationUrl
    for (let hop = 0; hop < 10; hop++) {
      const res = await this.get(url)
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get("location")!, url).href
        if (new URL(next).origin !== issuerOrigin) return next
        url = next
        continue
      }
      const html = await res.text()
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      if (!action) throw new Error(`The provider answered ${res.status} without a form: ${html.slice(0, 300)}`)
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? "login"
      const submitted = await this.post(new URL(action, url).href, { prompt, login: sub, password: "any" })
      const next = new URL(submitted.headers.get("location") ?? url, url).href
      if (new URL(next).origin !== issuerOrigin) return next
      url = next
    }
    throw new Error("Too many redirects at the provider")
  }

  /**
   * Like authorize(), for response_mode=form_post: returns the auto-submitted
   * form the provider renders for the app (its action and fields).
   */
  async authorizeFormPost(authorizationUrl: string, sub: string): Promise<{ action: string; fields: Record<string, string> }> {
    const issuerOrigin = new URL(authorizationUrl).origin
    let url = authorizationUrl
    for (let hop = 0; hop < 10; hop++) {
      const res = await this.get(url)
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get("location")!, url).href
        continue
      }
      const html = await res.text()
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      if (!action) throw new Error(`No form: ${html.slice(0, 300)}`)
      if (new URL(action, url).origin !== issuerOrigin) {
        const fields: Record<string, string> = {}
        for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = decodeHtml(m[2]!)
        return { action: new URL(action, url).href, fields }
      }
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? "login"
      const submitted = await this.post(new URL(action, url).href, { prompt, login: sub, password: "any" })
      url = new URL(submitted.headers.get("location") ?? url, url).href
    }
    throw new Error("Too many redirects at the provider")
  }

  /** Confirms the provider's logout form and returns where it sends the browser next. */
  async confirmLogout(endSessionUrl: string): Promise<string> {
    const page = await this.get(endSessionUrl)
    const html = await page.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1]
    if (!action || !xsrf) throw new Error(`No logout form: ${html.slice(0, 300)}`)
    const res = await this.post(new URL(action, endSessionUrl).href, { xsrf, logout: "yes" })
    return new URL(res.headers.get("location") ?? "", endSessionUrl).href
  }
}

function decodeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27|#x2F);/g, (_, e: string) =>
    ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", "#x2F": "/" })[e] ?? _,
  )
}
