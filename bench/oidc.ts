/**
 * npm run bench:oidc (also run by npm run bench) — the server time of one
 * OpenID Connect sign-in: POST /signin/oidc (authorization redirect) plus
 * GET /callback/oidc (code exchange, ID token validation, session), ours
 * against @auth/core 0.41 with the same provider, a real oidc-provider on
 * loopback over HTTPS. The provider's own login pages are not timed.
 * Sign-ins alternate between the two libraries. Writes bench/oidc-results.json.
 *
 * Environment: BENCH_OIDC_N sign-ins per library (default 40).
 */
import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Auth as authCore } from "@auth/core"
import { Auth as ours } from "../lib/auth"
import OIDC from "../lib/auth/providers/oidc"
import { createTestCertificate } from "../tests/helpers/tls"
import { IdpBrowser, startOidcServer } from "../tests/helpers/oidc-provider"
import { CookieJar } from "./lib/jar"
import { BASE_PATH, ORIGIN, SECRET } from "./lib/libraries"

// Node reads NODE_EXTRA_CA_CERTS at start-up: make the certificate, then run again with it trusted.
if (!process.env.TEST_TLS_CERT) {
  const { certFile, keyFile, trustFile } = createTestCertificate()
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: trustFile, TEST_TLS_CERT: certFile, TEST_TLS_KEY: keyFile }
  const child = spawnSync(process.execPath, process.execArgv.concat(process.argv.slice(1)), { stdio: "inherit", env })
  process.exit(child.status ?? 1)
}

const RESULTS_FILE = fileURLToPath(new URL("./oidc-results.json", import.meta.url))
const n = Number(process.env.BENCH_OIDC_N ?? 40)
type Handler = (request: Request) => Promise<Response>

const idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE_PATH}/callback/oidc`] })
const client = { clientId: idp.clientId, clientSecret: idp.clientSecret }
const oursConfig = { secret: SECRET, trustHost: true, basePath: BASE_PATH, providers: [OIDC({ issuer: idp.issuer, ...client })] }
const authCoreConfig = {
  secret: SECRET,
  trustHost: true,
  basePath: BASE_PATH,
  providers: [{ id: "oidc", name: "OIDC", type: "oidc" as const, issuer: idp.issuer, ...client, checks: ["pkce" as const, "state" as const, "nonce" as const] }],
}
const libraries: Record<string, Handler> = {
  ours: (request) => ours(request, oursConfig),
  "@auth/core": (request) => authCore(request, authCoreConfig) as Promise<Response>,
}

function request(jar: CookieJar, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers)
  headers.set("cookie", jar.header())
  return new Request(`${ORIGIN}${path}`, { ...init, headers })
}

/** One sign-in; returns the server times in ms of the sign-in POST and of the callback. */
async function signIn(handler: Handler, sub: string): Promise<[number, number]> {
  const jar = new CookieJar()
  const csrf = await handler(request(jar, `${BASE_PATH}/csrf`))
  jar.update(csrf.headers)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const body = new URLSearchParams({ csrfToken, callbackUrl: ORIGIN })
  const headers = { "content-type": "application/x-www-form-urlencoded" }
  let started = performance.now()
  const redirect = await handler(request(jar, `${BASE_PATH}/signin/oidc`, { method: "POST", body, headers }))
  const signInMs = performance.now() - started
  jar.update(redirect.headers)
  const callback = new URL(await new IdpBrowser().authorize(redirect.headers.get("location")!, sub))
  started = performance.now()
  const done = await handler(request(jar, `${callback.pathname}${callback.search}`))
  const callbackMs = performance.now() - started
  jar.update(done.headers)
  if (done.status !== 302 || !jar.header().includes("session-token")) throw new Error(`sign-in failed: ${done.status} ${done.headers.get("location")}`)
  return [signInMs, callbackMs]
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

// Warm-up: module loading, JIT, and the one discovery/JWKS fetch each library may cache.
for (const handler of Object.values(libraries)) await signIn(handler, "warm-up")
const timings: Record<string, { total: number[]; signIn: number[]; callback: number[] }> = {
  ours: { total: [], signIn: [], callback: [] },
  "@auth/core": { total: [], signIn: [], callback: [] },
}
for (let i = 0; i < n; i++) {
  for (const [name, handler] of i % 2 === 0 ? Object.entries(libraries) : Object.entries(libraries).reverse()) {
    const [a, b] = await signIn(handler, `bench-${i}`)
    const t = timings[name]!
    t.signIn.push(a)
    t.callback.push(b)
    t.total.push(a + b)
  }
}
const medians = (name: string) => ({
  total: median(timings[name]!.total),
  signIn: median(timings[name]!.signIn),
  callback: median(timings[name]!.callback),
})
const result = {
  case: "one OIDC sign-in (POST /signin/oidc + GET /callback/oidc), server time",
  n,
  medianMs: { ours: medians("ours"), "@auth/core": medians("@auth/core") },
  ratio: median(timings["@auth/core"]!.total) / median(timings.ours!.total),
  discoveryRequests: idp.counts["/.well-known/openid-configuration"],
  node: process.version,
}
console.log(`OIDC sign-in, median server time over ${n} sign-ins each:`)
for (const name of ["ours", "@auth/core"] as const) {
  const m = result.medianMs[name]
  console.log(`  ${name.padEnd(11)} ${m.total.toFixed(2)} ms (sign-in ${m.signIn.toFixed(2)} ms, callback ${m.callback.toFixed(2)} ms)`)
}
console.log(`  ratio (@auth/core / ours): ${result.ratio.toFixed(2)}x`)
writeFileSync(RESULTS_FILE, `${JSON.stringify(result, null, 2)}\n`)
await idp.close()
process.exit(0)
