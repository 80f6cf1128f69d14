/**
 * npm run fuzz -- --url http://127.0.0.1:PORT [--seed N] [--count N] [--timeout MS] [--concurrency N]
 *                 [--email E --password P] [--only I]
 *
 * Seeded malformed requests against a running server: every auth endpoint,
 * the guarded pages and the app's auth pages, with odd methods, content
 * types, bodies up to 1 MB, invalid escapes, NUL, giant or broken cookies and
 * odd headers. A finding is any 5xx, any body that shows a stack trace or an
 * internal path, or a request that gets no answer within the timeout. When
 * it is done the seed account must still sign in (skip with --email "").
 *
 * Request i is made from (seed, i) alone, so a finding is replayed with
 * `--seed S --only i`. Exit code 1 when anything was found.
 * tests/e2e/fuzz.spec.ts runs it in `npm test` with a fixed seed and a small count.
 */
import http from "node:http"
import { fileURLToPath } from "node:url"

export interface FuzzOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  url: string
  seed: number
  count: number
  /** Requests with no complete answer within this many ms are findings (a hang). */
  timeoutMs?: number
  concurrency?: number
  basePath?: string
  /** An account that must still sign in afterwards; also used for valid sessions during the run. */
  account?: { email: string; password: string }
  /** Only these request indices (a replay). */
  only?: readonly number[]
  /** Internal paths of the server's checkout, which must never appear in a body. */
  internalPaths?: readonly string[]
  log?: (line: string) => void
}

export interface FuzzFinding {
  index: number
  request: string
  problem: string
}

export interface FuzzReport {
  sent: number
  statuses: Record<string, number>
  findings: FuzzFinding[]
  /** "ok", "skipped", or why the sign-in afterwards failed. */
  signInAfter: string
}

// ---------------------------------------------------------------------------
// Seeded choices
// ---------------------------------------------------------------------------

/** mulberry32: small, fast, and the same on every platform. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

class Dice {
  constructor(readonly next: () => number) {}
  int(max: number): number {
    return Math.floor(this.next() * max)
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }
  bytes(length: number): Buffer {
    const out = Buffer.alloc(length)
    for (let i = 0; i < length; i++) out[i] = this.int(256)
    return out
  }
  /** Printable ASCII plus the odd troublemaker. */
  text(max: number): string {
    const length = this.int(max + 1)
    let out = ""
    for (let i = 0; i < length; i++) {
      out += this.chance(0.9) ? String.fromCharCode(32 + this.int(95)) : this.pick(["%", "%zz", "%00", "\u0000", "é", "\ud83d\ude00", "\u202e", "\ufeff", "\\", '"', ";", "="])
    }
    return out
  }
}

// ---------------------------------------------------------------------------
// What gets sent
// ---------------------------------------------------------------------------

interface Material {
  basePath: string
  /** A CSRF cookie and its token, so some requests get past the CSRF check. */
  csrfCookie: string
  csrfToken: string
  /** A signed-in Cookie header (empty without an account). */
  sessionCookie: string
}

interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Buffer
  /** Whether it carries the valid CSRF token to the credentials callback (counted against the budget). */
  credentialsWithToken: boolean
}

function targets(base: string): string[] {
  return [
    `${base}/providers`,
    `${base}/session`,
    `${base}/csrf`,
    `${base}/signin`,
    `${base}/signin/credentials`,
    `${base}/signin/passkey`,
    `${base}/signin/oidc`,
    `${base}/signin/github`,
    `${base}/signin/email`,
    `${base}/signin/unknown-provider`,
    `${base}/signout`,
    `${base}/callback/credentials`,
    `${base}/callback/passkey`,
    `${base}/callback/oidc`,
    `${base}/callback/github`,
    `${base}/callback/email`,
    `${base}/callback/unknown-provider`,
    `${base}/verify-request`,
    `${base}/error`,
    `${base}/webauthn-options/passkey`,
    `${base}/webauthn-options/credentials`,
    `${base}/no-such-action`,
    base,
    "/api/me",
    "/dashboard",
    "/settings",
    "/signup",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/",
  ]
}

const METHODS = ["GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "get", "CONNECTX"]
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded",
  "application/json",
  "application/json",
  "application/json; charset=utf-16le",
  "text/plain;charset=UTF-8",
  "multipart/form-data; boundary=----fuzz",
  "multipart/form-data",
  "application/octet-stream",
  "APPLICATION/JSON",
  "application/x-www-form-urlencoded;charset=\u00ff",
  "text/x-component",
  "",
]
const QUERY_KEYS = ["callbackUrl", "error", "code", "token", "email", "csrf", "redirect", "x", "callbackUrl", "__proto__", ""]
const BAD_VALUES = [
  "%",
  "%zz",
  "%00",
  "%E0%A4%A",
  "%C0%AF",
  "%ED%A0%80",
  "javascript:alert(1)",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u0000",
  "null",
  "undefined",
  "[object Object]",
]
const PAGE_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-action", "next-url", "x-middleware-subrequest", "x-invoke-path"]

function junkCookie(dice: Dice, material: Material): string {
  const session = dice.pick(["authjs.session-token", "__Secure-authjs.session-token", "authjs.session-token.0", "authjs.session-token.15", "authjs.session-token.99"])
  switch (dice.int(12)) {
    case 0:
      return ""
    case 1:
      return material.sessionCookie
    case 2:
      return `${material.csrfCookie}; ${material.sessionCookie}`
    case 3: // giant: one huge value, under Node's 16 KB header limit most of the time
      return `${session}=${"A".repeat(1000 + dice.int(15_000))}`
    case 4: // many chunks
      return Array.from({ length: 1 + dice.int(120) }, (_, i) => `authjs.session-token.${i}=${dice.text(40).replace(/[;\s]/g, "")}`).join("; ")
    case 5:
      return `${session}=${dice.pick(["a.b.c.d.e", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0....", "%zz", '"quoted"', "", "=".repeat(50)])}`
    case 6:
      return dice.pick([";;;;", "=", "a", "==; ;=", "__proto__=1; constructor=2", "authjs.csrf-token=abc|def", "authjs.callback-url=javascript%3Aalert(1)"])
    case 7:
      return `authjs.csrf-token=${dice.text(140).replace(/[;\s]/g, "")}; ${session}=${dice.text(200).replace(/[;\s]/g, "")}`
    case 8:
      return `authjs.callback-url=${encodeURIComponent(dice.pick(BAD_VALUES))}; ${material.csrfCookie}`
    case 9:
      return `${material.sessionCookie}; ${material.sessionCookie.replace(/=([^;]{10})/, "=X$1")}`
    default:
      return material.csrfCookie
  }
}

function junkPath(dice: Dice, path: string): string {
  switch (dice.int(14)) {
    case 0:
      return `${path}/${dice.pick(["%", "%zz", "%00", "%2F", "..", "%2e%2e", "a".repeat(2000), "%C0%AF", "x%00y"])}`
    case 1:
      return path.replace(/\/([^/]*)$/, (_m, last: string) => `/${encodeURIComponent(last).replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)}`)
    case 2:
      return `${path}/`
    case 3:
      return `/${path}`
    case 4:
      return path.toUpperCase()
    default:
      return path
  }
}

function junkQuery(dice: Dice): string {
  if (dice.chance(0.4)) return ""
  const parts: string[] = []
  const n = 1 + dice.int(4)
  for (let i = 0; i < n; i++) {
    const key = dice.pick(QUERY_KEYS)
    const value = dice.chance(0.5) ? dice.pick(BAD_VALUES) : encodeURIComponent(dice.text(60))
    parts.push(dice.chance(0.7) ? `${encodeURIComponent(key)}=${value}` : `${key}${value}`)
  }
  return `?${parts.join("&")}`
}

function junkBody(dice: Dice, material: Material, type: string): Buffer {
  const withToken = dice.chance(0.5) ? material.csrfToken : dice.pick(["", "0".repeat(64), dice.text(64)])
  switch (dice.int(11)) {
    case 0:
      return Buffer.alloc(0)
    case 1:
      return dice.bytes(dice.int(2000))
    case 2: // up to 1 MB
      return Buffer.from(dice.pick(["a", "%", "{", "\u0000", "&"]).repeat(64 * 1024 + dice.int(1024 * 1024 - 64 * 1024)))
    case 3:
      return Buffer.from(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)
    case 4:
      return Buffer.from(`${'{"a":'.repeat(200)}1${"}".repeat(200)}`)
    case 5:
      return Buffer.from(
        JSON.stringify({
          csrfToken: dice.chance(0.3) ? { $ne: null } : withToken,
          email: dice.pick([dice.text(40), ["a@b.c"], { a: 1 }, null, 1e308, "x".repeat(5000), "a\u0000@example.com"]),
          password: dice.pick([dice.text(40), [], true, "x".repeat(100_000)]),
          callbackUrl: dice.pick(BAD_VALUES),
          __proto__: { polluted: true },
        }).replace('"polluted"', dice.chance(0.5) ? '"polluted"' : '"\\ud800"'),
      )
    case 6:
      return Buffer.from(`{"csrfToken":"${withToken}","callbackUrl":"\\ud800","email":"\\u0000"}`)
    case 7: {
      const fields = new URLSearchParams()
      fields.set("csrfToken", withToken)
      fields.set("email", dice.chance(0.5) ? `${dice.text(20).replace(/\s/g, "")}@example.com` : dice.text(60))
      fields.set("password", dice.text(60))
      if (dice.chance(0.5)) fields.set("callbackUrl", dice.pick(BAD_VALUES))
      return Buffer.from(fields.toString())
    }
    case 8:
      return Buffer.from(`csrfToken=${withToken}&email=%&password=%zz&callbackUrl=%00&${"a=1&".repeat(dice.int(5000))}`)
    case 9:
      return Buffer.from(
        type.startsWith("multipart")
          ? `------fuzz\r\nContent-Disposition: form-data; name="csrfToken"\r\n\r\n${withToken}\r\n------fuzz--\r\n`
          : `\u0000${dice.text(200)}\u0000`,
      )
    default:
      return Buffer.from(dice.text(300))
  }
}

function oddHeaders(dice: Dice, headers: Record<string, string>): void {
  const n = dice.int(4)
  for (let i = 0; i < n; i++) {
    switch (dice.int(12)) {
      case 0:
        headers["x-forwarded-host"] = dice.pick(["evil.example", "a..b", "x".repeat(400), "host:99999", "[::1", "evil.example, good.example", ""])
        break
      case 1:
        headers["x-forwarded-proto"] = dice.pick(["https", "javascript", "http, https", "", "HTTPS"])
        break
      case 2:
        headers["x-forwarded-for"] = dice.pick(["1.2.3.4", "::1, 1.1.1.1", "not-an-ip", ",,,", "x".repeat(500)])
        break
      case 3:
        headers.accept = dice.pick(["application/json", "text/html", "*/*", "text/x-component", "application/json, text/html", "\u00ff"])
        break
      case 4:
        headers["x-auth-return-redirect"] = dice.pick(["1", "true", "", "0"])
        break
      case 5:
        headers.origin = dice.pick(["null", "https://evil.example", "file://", "http://127.0.0.1", "garbage"])
        break
      case 6:
        headers["sec-fetch-site"] = dice.pick(["cross-site", "same-site", "same-origin", "none", "junk"])
        break
      case 7:
        headers[dice.pick(PAGE_HEADERS)] = dice.pick(["1", "%", "[]", '["",{"children":["__PAGE__",{}]}]', "x".repeat(300), "0123456789abcdef0123456789abcdef01234567"])
        break
      case 8:
        headers["content-encoding"] = dice.pick(["gzip", "br", "deflate", "identity", "x-junk"])
        break
      case 9:
        headers.range = dice.pick(["bytes=0-0", "bytes=-1", "bytes=junk"])
        break
      case 10:
        headers["user-agent"] = dice.text(300).replace(/[^\x20-\x7e]/g, "")
        break
      default:
        headers.expect = dice.pick(["100-continue", "junk"])
    }
  }
}

function makeRequest(seed: number, index: number, material: Material): FuzzRequest {
  const dice = new Dice(prng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0))
  const target = dice.pick(targets(material.basePath))
  const method = dice.pick(METHODS)
  const headers: Record<string, string> = {}
  const cookie = junkCookie(dice, material)
  if (cookie) headers.cookie = cookie
  let body: Buffer | undefined
  const upper = method.toUpperCase()
  if (upper !== "GET" && upper !== "HEAD" && !(upper === "OPTIONS" && dice.chance(0.5))) {
    const type = dice.pick(CONTENT_TYPES)
    if (type) headers["content-type"] = type
    body = junkBody(dice, material, type)
  }
  oddHeaders(dice, headers)
  const path = `${junkPath(dice, target)}${junkQuery(dice)}`
  // What any HTTP client can put on the wire: header values are latin-1 without controls, the
  // request target has no spaces or controls (anything else is the client's error, not a test).
  for (const [name, value] of Object.entries(headers)) headers[name] = value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?")
  const wirePath = path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c))
  const credentialsWithToken =
    upper === "POST" && target.endsWith("/callback/credentials") && body !== undefined && body.includes(material.csrfToken)
  return { method, path: wirePath, headers, body, credentialsWithToken }
}

// ---------------------------------------------------------------------------
// Sending and judging
// ---------------------------------------------------------------------------

interface Answer {
  status: number
  body: Buffer
}

function send(origin: URL, request: FuzzRequest, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest
    try {
      req = http.request({
        host: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent: false,
        // Our checks, not Node's: header values with bytes above 0x7f are sent as they are.
        insecureHTTPParser: true,
      })
    } catch (error) {
      reject(Object.assign(new Error(`client refused to build the request: ${String(error)}`), { clientSide: true }))
      return
    }
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { hang: true }))
    }, timeoutMs)
    req.on("response", (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => {
        clearTimeout(timer)
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) })
      })
      res.on("error", (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
    req.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.end(request.body)
  })
}

function describeRequest(request: FuzzRequest): string {
  const size = request.body ? ` body ${request.body.length} B` : ""
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v}`)
    .join(" | ")
  const path = request.path.length > 120 ? `${request.path.slice(0, 120)}…(${request.path.length})` : request.path
  return `${request.method} ${path}${size} [${headers}]`
}

/** What must never be in a response body: stack frames and paths of the server's files. */
function leakPatterns(internalPaths: readonly string[]): RegExp[] {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return [
    /\n\s+at [^\n]*\(/,
    /\bat (?:async )?[\w$.<>]+ \((?:\/|file:|node:|webpack)/,
    /webpack-internal:|turbopack:\/\/\/\[project\]/,
    /(?:^|[\s"'(])\/[\w./-]*node_modules\//,
    /\b[\w-]+\.(?:ts|tsx|js|mjs):\d+:\d+\b/,
    /\b(?:PrismaClient\w*Error|SQLITE_\w+|ECONNREFUSED|TypeError: |ReferenceError: |SyntaxError: )/,
    ...internalPaths.filter((p) => p.length > 1).map((p) => new RegExp(escape(p))),
  ]
}

/** The seed account's sign-in through the real endpoints; returns the signed-in Cookie header. */
async function signIn(origin: string, basePath: string, account: { email: string; password: string }): Promise<string> {
  const csrf = await fetch(`${origin}${basePath}/csrf`)
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await fetch(`${origin}${basePath}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ csrfToken, email: account.email, password: account.password, callbackUrl: `${origin}/dashboard` }),
  })
  await res.body?.cancel()
  const location = res.headers.get("location") ?? ""
  const session = res.headers.getSetCookie().find((c) => /^(?:__Secure-)?authjs\.session-token=/.test(c))
  if (res.status !== 302 || location.includes("error=") || !session) {
    throw new Error(`sign-in answered ${res.status} ${location}`)
  }
  const cookie = session.split(";")[0]!
  const check = await fetch(`${origin}${basePath}/session`, { headers: { cookie } })
  const body = (await check.json()) as { user?: { email?: string } } | null
  if (body?.user?.email !== account.email.toLowerCase()) throw new Error(`the session after sign-in was ${JSON.stringify(body)}`)
  return cookie
}

async function freshCsrf(origin: string, basePath: string): Promise<{ csrfCookie: string; csrfToken: string }> {
  const res = await fetch(`${origin}${basePath}/csrf`)
  const csrfCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  return { csrfCookie, csrfToken }
}

/**
 * Wrong passwords with a valid token count against the per-client limit (50
 * per 15 minutes by default); staying under it keeps the final sign-in a test
 * of the server rather than of the limit.
 */
const CREDENTIALS_BUDGET = 30

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const origin = new URL(options.url)
  const base = origin.origin
  const basePath = options.basePath ?? "/api/auth"
  const timeoutMs = options.timeoutMs ?? 15_000
  const log = options.log ?? (() => {})
  const patterns = leakPatterns(options.internalPaths ?? [])

  const sessionCookie = options.account ? await signIn(base, basePath, options.account) : ""
  const material: Material = { basePath, sessionCookie, ...(await freshCsrf(base, basePath)) }

  const indices = options.only ? [...options.only] : Array.from({ length: options.count }, (_, i) => i)
  const statuses: Record<string, number> = {}
  const findings: FuzzFinding[] = []
  let credentialsSent = 0
  let sent = 0
  let cursor = 0

  async function worker(): Promise<void> {
    while (cursor < indices.length) {
      const index = indices[cursor++]!
      let request = makeRequest(options.seed, index, material)
      if (request.credentialsWithToken && ++credentialsSent > CREDENTIALS_BUDGET) {
        request = { ...request, body: Buffer.from(request.body!.toString("latin1").split(material.csrfToken).join("0".repeat(64)), "latin1") }
      }
      let answer: Answer
      try {
        answer = await send(origin, request, timeoutMs)
      } catch (error) {
        const e = error as Error & { clientSide?: boolean; hang?: boolean; code?: string }
        if (e.clientSide) {
          statuses.skipped = (statuses.skipped ?? 0) + 1
          continue
        }
        sent++
        // A server that closes the connection on a request it cannot parse has answered it.
        if (!e.hang && (e.code === "ECONNRESET" || e.code === "EPIPE")) {
          statuses.reset = (statuses.reset ?? 0) + 1
          continue
        }
        statuses.failed = (statuses.failed ?? 0) + 1
        findings.push({ index, request: describeRequest(request), problem: e.hang ? e.message : `no answer: ${e.code ?? e.message}` })
        continue
      }
      sent++
      const key = String(answer.status)
      statuses[key] = (statuses[key] ?? 0) + 1
      const text = answer.body.toString("utf8")
      if (answer.status >= 500) {
        findings.push({ index, request: describeRequest(request), problem: `${answer.status}: ${text.slice(0, 200)}` })
      } else {
        const leak = patterns.find((pattern) => pattern.test(text))
        if (leak) {
          const at = text.search(leak)
          findings.push({ index, request: describeRequest(request), problem: `body shows internals (${leak}): …${text.slice(Math.max(0, at - 60), at + 140)}…` })
        }
      }
      if (sent % 500 === 0) log(`fuzz: ${sent}/${indices.length} sent, ${findings.length} findings`)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, () => worker()))

  let signInAfter = "skipped"
  if (options.account) {
    try {
      await signIn(base, basePath, options.account)
      signInAfter = "ok"
    } catch (error) {
      signInAfter = error instanceof Error ? error.message : String(error)
    }
  }
  return { sent, statuses, findings, signInAfter }
}

// ---------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------

function parseArgs(argv: readonly string[]): FuzzOptions {
  const values = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (!arg.startsWith("--")) throw new Error(`unexpected argument ${arg}`)
    const [name, inline] = arg.slice(2).split("=", 2) as [string, string | undefined]
    values.set(name, inline ?? argv[++i] ?? "")
  }
  const int = (name: string, fallback: number) => {
    const raw = values.get(name)
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`)
    return n
  }
  const url = values.get("url") ?? process.env.FUZZ_URL
  if (!url) throw new Error("--url is required (the running server, e.g. http://127.0.0.1:3000)")
  const email = values.get("email") ?? process.env.SEED_EMAIL ?? "demo@example.com"
  const password = values.get("password") ?? process.env.SEED_PASSWORD ?? "demo-password-123"
  const only = values.get("only")
  return {
    url,
    seed: int("seed", Date.now() % 1_000_000),
    count: int("count", 2000),
    timeoutMs: int("timeout", 15_000),
    concurrency: Math.max(1, int("concurrency", 4)),
    basePath: values.get("base-path") ?? "/api/auth",
    account: email === "" ? undefined : { email, password },
    only: only === undefined ? undefined : only.split(",").map(Number),
    internalPaths: [process.cwd()],
    log: (line) => console.log(line),
  }
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2))
  console.log(`fuzz: ${options.only ? `requests ${options.only.join(",")}` : `${options.count} requests`} against ${options.url}, seed ${options.seed}`)
  const started = Date.now()
  const report = await runFuzz(options)
  console.log(`fuzz: ${report.sent} sent in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(report.statuses)}`)
  for (const finding of report.findings) console.log(`FINDING #${finding.index}: ${finding.problem}\n    ${finding.request}`)
  console.log(`fuzz: sign-in afterwards: ${report.signInAfter}`)
  const failed = report.findings.length > 0 || (report.signInAfter !== "ok" && report.signInAfter !== "skipped")
  if (failed) console.log(`fuzz: replay one with --seed ${options.seed} --only N`)
  process.exit(failed ? 1 : 0)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(`fuzz: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  })
}
