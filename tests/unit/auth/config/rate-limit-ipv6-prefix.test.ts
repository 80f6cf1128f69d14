/**
 * rateLimit.ipv6Prefix and AUTH_RATE_LIMIT_IPV6_PREFIX: IPv6 clients are keyed
 * by their /64 unless configured otherwise; the variable sets the prefix
 * unless the config does; a value that is not a prefix length from 32 to 128
 * stops the server at start-up by name and is a configuration error.
 */
import { describe, expect, it } from "vitest"
import { environmentProblems, rateLimitIpv6PrefixProblem } from "@/lib/auth/config/env-check"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { rateLimitIpv6PrefixFromEnv } from "@/lib/auth/env"
import { checkEnvironmentAtStartup } from "@/lib/auth/next/startup"
import type { AuthConfig } from "@/lib/auth"

const base: AuthConfig = { secret: "ipv6-prefix-secret-0123456789abcdef0123", trustHost: true, providers: [] }
const fromProxy = (address: string) => new Request("http://localhost/", { headers: { "x-forwarded-for": address } })

function keyOf(config: AuthConfig, env: Record<string, string | undefined>, address: string): string {
  const resolved = createConfigResolver({ env })({ ...config, rateLimit: { trustedProxies: 1, ...(config.rateLimit || {}) } })
  expect(resolved.error).toBeUndefined()
  return resolved.rateLimiter.clientAddress(fromProxy(address))
}

describe("AUTH_RATE_LIMIT_IPV6_PREFIX", () => {
  it("reads a whole number (a leading slash allowed); unset is undefined; anything else is NaN", () => {
    expect(rateLimitIpv6PrefixFromEnv({})).toBeUndefined()
    expect(rateLimitIpv6PrefixFromEnv({ AUTH_RATE_LIMIT_IPV6_PREFIX: "" })).toBeUndefined()
    expect(rateLimitIpv6PrefixFromEnv({ AUTH_RATE_LIMIT_IPV6_PREFIX: " 56 " })).toBe(56)
    expect(rateLimitIpv6PrefixFromEnv({ AUTH_RATE_LIMIT_IPV6_PREFIX: "/48" })).toBe(48)
    for (const value of ["64 bits", "-64", "6.4", "abc", "1e2"]) {
      expect(rateLimitIpv6PrefixFromEnv({ AUTH_RATE_LIMIT_IPV6_PREFIX: value }), value).toBeNaN()
    }
  })

  it("defaults to /64, is set by the variable, and the config's own value wins", () => {
    const address = "2001:db8:1:2ff:aaaa:bbbb:cccc:dddd"
    expect(keyOf(base, {}, address)).toBe("2001:db8:1:2ff::/64")
    expect(keyOf(base, { AUTH_RATE_LIMIT_IPV6_PREFIX: "56" }, address)).toBe("2001:db8:1:200::/56")
    expect(keyOf({ ...base, rateLimit: { ipv6Prefix: 48 } }, { AUTH_RATE_LIMIT_IPV6_PREFIX: "56" }, address)).toBe("2001:db8:1::/48")
    expect(keyOf(base, { AUTH_RATE_LIMIT_IPV6_PREFIX: "128" }, address)).toBe("2001:db8:1:2ff:aaaa:bbbb:cccc:dddd")
  })

  it("a bad value stops the server at start-up by name, with an example, and is a configuration error", () => {
    for (const value of ["sixty-four", "0", "16", "31", "129", "200"]) {
      const env = { AUTH_RATE_LIMIT_IPV6_PREFIX: value }
      const problem = rateLimitIpv6PrefixProblem(env)
      expect(problem?.variable, value).toBe("AUTH_RATE_LIMIT_IPV6_PREFIX")
      expect(problem?.message).toContain("AUTH_RATE_LIMIT_IPV6_PREFIX=64")
      expect(environmentProblems(env).map((p) => p.variable)).toEqual(["AUTH_RATE_LIMIT_IPV6_PREFIX"])
      const lines: string[] = []
      let exitCode: number | undefined
      checkEnvironmentAtStartup({ env, print: (line) => lines.push(line), exit: (code) => void (exitCode = code) })
      expect(exitCode).toBe(1)
      expect(lines.join("\n")).toContain("AUTH_RATE_LIMIT_IPV6_PREFIX")
      expect(createConfigResolver({ env })(base).error?.message).toContain("AUTH_RATE_LIMIT_IPV6_PREFIX")
    }
    for (const value of ["32", "48", "64", "128"]) expect(rateLimitIpv6PrefixProblem({ AUTH_RATE_LIMIT_IPV6_PREFIX: value })).toBeUndefined()
  })

  it("a bad config value is a configuration error naming the option", () => {
    for (const ipv6Prefix of [0, 20, 64.5, 129]) {
      const resolved = createConfigResolver({ env: {} })({ ...base, rateLimit: { ipv6Prefix } })
      expect(resolved.error?.message, String(ipv6Prefix)).toContain("rateLimit.ipv6Prefix")
    }
    expect(createConfigResolver({ env: { AUTH_RATE_LIMIT_IPV6_PREFIX: "zero" } })({ ...base, rateLimit: false }).error?.message).toContain(
      "AUTH_RATE_LIMIT_IPV6_PREFIX",
    )
  })
})
