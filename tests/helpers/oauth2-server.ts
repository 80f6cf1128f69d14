/**
 * A small OAuth 2.0 authorization server over HTTPS for providers that are
 * not OpenID Connect (GitHub, X, VK, Yandex shapes). /authorize approves at
 * once; /token checks the code, the redirect_uri and the PKCE verifier and
 * answers with the JSON the test gives (a refresh_token grant gets its own
 * answer); every other path answers the JSON registered for it. Requests
 * are recorded for assertions. With `iss` set, every authorization response
 * names that issuer (RFC 9207), as GitHub's do.
 */
import { createHash, randomBytes } from "node:crypto"
import https from "node:https"
import type { AddressInfo } from "node:net"
import { testTlsOptions } from "./tls"

export interface RecordedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  form?: URLSearchParams
}

export interface OAuth2Server {
  url: string
  requests: RecordedRequest[]
  /** The token endpoint's JSON answer. */
  tokenResponse: Record<string, unknown>
  /** The token endpoint's JSON answer to a refresh_token grant. */
  refreshResponse: Record<string, unknown>
  /** JSON answers by path, e.g. "/user". */
  routes: Record<string, unknown>
  /**
   * The query the authorization endpoint redirects back with, in the shape
   * the provider documents (TikTok adds `scopes`, Strava `scope`; a refusal
   * may be `error` and `error_description`, or WeChat's `state` alone).
   * Default: `code` and `state`.
   */
  callbackQuery?: (answer: { code: string; state: string | null; request: URLSearchParams }) => Record<string, string>
  /** The `iss` the authorization responses carry (added to the default query); none when unset. */
  iss?: string
  close(): Promise<void>
}

export async function startOAuth2Server(): Promise<OAuth2Server> {
  const codes = new Map<string, { redirectUri: string; challenge?: string }>()
  const state: OAuth2Server = {
    url: "",
    requests: [],
    tokenResponse: {},
    refreshResponse: {},
    routes: {},
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }
  const server = https.createServer(testTlsOptions(), (req, res) => {
    const url = new URL(req.url ?? "/", state.url)
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
    req.on("end", () => {
      const form = req.method === "POST" ? new URLSearchParams(raw) : undefined
      state.requests.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, headers: req.headers, form })
      if (url.pathname.endsWith("/authorize")) {
        const code = randomBytes(12).toString("hex")
        const redirectUri = url.searchParams.get("redirect_uri") ?? ""
        codes.set(code, { redirectUri, challenge: url.searchParams.get("code_challenge") ?? undefined })
        const back = new URL(redirectUri)
        const s = url.searchParams.get("state")
        const query = state.callbackQuery?.({ code, state: s, request: url.searchParams }) ?? {
          code,
          ...(s ? { state: s } : {}),
          ...(state.iss !== undefined ? { iss: state.iss } : {}),
        }
        for (const [key, value] of Object.entries(query)) back.searchParams.set(key, value)
        res.writeHead(302, { location: back.href })
        return void res.end()
      }
      if ((url.pathname.endsWith("/token") || url.pathname.endsWith("/access_token")) && form?.get("grant_type") === "refresh_token") {
        // Refresh: any refresh token but "revoked-token" gets the refresh answer.
        if (form.get("refresh_token") === "revoked-token") return json(res, 400, { error: "invalid_grant" })
        return json(res, 200, state.refreshResponse)
      }
      if (url.pathname.endsWith("/token") || url.pathname.endsWith("/access_token")) {
        const code = form?.get("code") ?? ""
        const issued = codes.get(code)
        codes.delete(code)
        if (!issued || issued.redirectUri !== form?.get("redirect_uri")) return json(res, 400, { error: "invalid_grant" })
        if (issued.challenge) {
          const verifier = form?.get("code_verifier") ?? ""
          if (createHash("sha256").update(verifier).digest("base64url") !== issued.challenge) {
            return json(res, 400, { error: "invalid_grant", error_description: "PKCE" })
          }
        }
        return json(res, 200, state.tokenResponse)
      }
      if (Object.hasOwn(state.routes, url.pathname)) return json(res, 200, state.routes[url.pathname])
      json(res, 404, { error: "not_found" })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  state.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return state
}
