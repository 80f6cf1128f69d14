// HTTP from a chosen loopback address (all of 127.0.0.0/8 reaches a local server), so a test
// or the attack bench can play many distinct clients against one `next start`.
import http from "node:http"

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request from `from` (default 127.0.0.1): no cookie jar, no redirects followed. */
export function send(
  baseURL: string,
  path: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const target = new URL(path, baseURL)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        localAddress: options.from ?? "127.0.0.1",
        headers: { host: target.host, ...options.headers },
        agent: false,
      },
      (response) => {
        let body = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => (body += chunk))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
      },
    )
    request.on("error", reject)
    request.end(options.body)
  })
}

export interface CsrfPair {
  cookie: string
  csrfToken: string
}

export async function csrf(baseURL: string, from: string): Promise<CsrfPair> {
  const answer = await send(baseURL, "/api/auth/csrf", { from })
  const cookie = (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ")
  return { cookie, csrfToken: (JSON.parse(answer.body) as { csrfToken: string }).csrfToken }
}

/** A credentials sign-in POST as a fetch caller (X-Auth-Return-Redirect): 429 when a rate limit refuses it. */
export function signInPost(
  baseURL: string,
  token: CsrfPair,
  fields: { email: string; password: string },
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send(baseURL, "/api/auth/callback/credentials", {
    from,
    method: "POST",
    headers: {
      cookie: token.cookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-auth-return-redirect": "1",
      ...headers,
    },
    body: new URLSearchParams({ csrfToken: token.csrfToken, ...fields }).toString(),
  })
}
