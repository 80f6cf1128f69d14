/**
 * Per-client budgets over HTTP. An attacker behind one
 * home connection owns a whole IPv6 /64 and can send each request from a new
 * address of it; a proxy's X-Forwarded-For may spell one address several
 * ways. Replayed through the library's handler behind one trusted proxy:
 * rotating addresses or spellings buys no extra attempts, another network
 * keeps its own budget, the prefix setting is honoured, and the security log
 * still shows the address exactly as the proxy sent it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

const ORIGIN = "http://localhost:3000"
const SECRET = "client-address-keys-secret-0123456789abcdef"
const CLIENT_LIMIT = 3

function config(options: { ipv6Prefix?: number; adapter?: AuthConfig["adapter"] } = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    providers: [
      Credentials({
        credentials: { email: { type: "email" }, password: { type: "password" } },
        authorize: () => null,
      }),
    ],
    logger: { error: () => {} },
    rateLimit: {
      store: new MemoryRateLimitStore(),
      trustedProxies: 1,
      ...(options.ipv6Prefix === undefined ? {} : { ipv6Prefix: options.ipv6Prefix }),
      // A small client budget; the identifier rule is off so that only the per-client key is measured.
      rules: { "credentials-client": { limit: CLIENT_LIMIT, windowSeconds: 900 }, "credentials-identifier": false },
    },
  }
}

/** A sign-in form post as the proxy forwards it: the client wrote `spoofed`, the proxy appended `from`. */
async function attempt(cfg: AuthConfig, csrf: { cookie: string; token: string }, from: string, email = "someone@example.com") {
  const res = await Auth(
    new Request(`${ORIGIN}/auth/callback/credentials`, {
      method: "POST",
      headers: {
        cookie: csrf.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": `198.51.100.250, ${from}`,
      },
      body: new URLSearchParams({ csrfToken: csrf.token, email, password: "a wrong password" }),
    }),
    cfg,
  )
  const location = res.headers.get("location") ?? ""
  if (location.includes("code=rate_limited")) return "limited"
  expect(location).toContain("code=credentials")
  return "checked"
}

async function csrfFor(cfg: AuthConfig) {
  const res = await Auth(new Request(`${ORIGIN}/auth/csrf`), cfg)
  return { cookie: res.headers.getSetCookie()[0]!.split(";")[0]!, token: ((await res.json()) as { csrfToken: string }).csrfToken }
}

const random16 = () => Math.floor(Math.random() * 0x10000).toString(16)

describe("per-client budgets key on canonical addresses, IPv6 by network", () => {
  it("1,000 addresses of one /64 share one budget; another /64 still has its own", async () => {
    const cfg = config()
    const csrf = await csrfFor(cfg)
    const outcomes: string[] = []
    for (let i = 0; i < 1000; i++) {
      outcomes.push(await attempt(cfg, csrf, `2001:db8:aaaa:1:${random16()}:${random16()}:${random16()}:${(i + 1).toString(16)}`))
    }
    expect(outcomes.filter((o) => o === "checked")).toHaveLength(CLIENT_LIMIT)
    expect(outcomes.slice(CLIENT_LIMIT).every((o) => o === "limited")).toBe(true)
    // The neighbouring /64 (another household) is not touched by it.
    expect(await attempt(cfg, csrf, "2001:db8:aaaa:2::1")).toBe("checked")
  })

  it("every spelling of one address shares one budget", async () => {
    const cfg = config()
    const csrf = await csrfFor(cfg)
    const spellings = [
      "203.0.113.9",
      "::ffff:203.0.113.9",
      "::FFFF:CB00:7109",
      "[::ffff:203.0.113.9]:443",
      "203.0.113.9:51234",
      "0:0:0:0:0:ffff:cb00:7109",
    ]
    const outcomes = []
    for (const spelling of spellings) outcomes.push(await attempt(cfg, csrf, spelling))
    expect(outcomes).toEqual(["checked", "checked", "checked", "limited", "limited", "limited"])
    expect(await attempt(cfg, csrf, "203.0.113.10")).toBe("checked")

    const v6 = ["2001:db8:bbbb:1::5", "2001:DB8:BBBB:1:0:0:0:5", "2001:0db8:bbbb:0001:0000:0000:0000:0005", "[2001:db8:bbbb:1::5]:443", "2001:db8:bbbb:1::5%eth0"]
    const v6Outcomes = []
    for (const spelling of v6) v6Outcomes.push(await attempt(cfg, csrf, spelling))
    expect(v6Outcomes).toEqual(["checked", "checked", "checked", "limited", "limited"])
  })

  it("the prefix setting is honoured: /48 joins two /64s of one site, /128 keys each address", async () => {
    const wide = config({ ipv6Prefix: 48 })
    const wideCsrf = await csrfFor(wide)
    const outcomes = []
    for (let i = 1; i <= 4; i++) outcomes.push(await attempt(wide, wideCsrf, `2001:db8:cccc:${i}::1`))
    expect(outcomes).toEqual(["checked", "checked", "checked", "limited"])
    expect(await attempt(wide, wideCsrf, "2001:db8:cccd:1::1")).toBe("checked")

    const exact = config({ ipv6Prefix: 128 })
    const exactCsrf = await csrfFor(exact)
    for (let i = 1; i <= 6; i++) expect(await attempt(exact, exactCsrf, `2001:db8:dddd:1::${i}`)).toBe("checked")
  })
})

describe("the security log keeps the address as the proxy sent it", () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
  })
  afterAll(async () => {
    await db.cleanup()
  })

  it("a failed sign-in's entry has the proxy's spelling; the device key reads its network", async () => {
    const email = "log-owner@example.test"
    const created = await signUp(db.prisma, { email, name: "Owner", password: "the owner's passphrase 7" })
    if (!created.ok) throw new Error(created.message)
    const cfg: AuthConfig = {
      ...config({ adapter: PrismaAdapter(db.prisma) }),
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: (c) => authorizeWithPassword(db.prisma, c),
        }),
      ],
    }
    const csrf = await csrfFor(cfg)
    expect(await attempt(cfg, csrf, "2001:DB8:EEEE:1::AbCd", email)).toBe("checked")
    expect(await attempt(cfg, csrf, "::ffff:203.0.113.77", email)).toBe("checked")
    const entries = await db.prisma.securityEvent.findMany({ where: { userId: created.user.id }, orderBy: { createdAt: "asc" } })
    expect(entries.map((e) => [e.outcome, e.ip, e.device?.split("|")[2]])).toEqual([
      ["failure", "2001:DB8:EEEE:1::AbCd", "2001:db8:eeee"],
      ["failure", "::ffff:203.0.113.77", "203.0.113"],
    ])
  })
})
