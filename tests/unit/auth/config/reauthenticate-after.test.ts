/**
 * reauthenticateAfter and AUTH_REAUTHENTICATE_AFTER: default 600 seconds; the
 * variable sets it unless the config does; a value that is not a whole number
 * of seconds is reported by name at start-up and as a configuration error.
 */
import { describe, expect, it } from "vitest"
import { environmentProblems, reauthenticateAfterProblem } from "@/lib/auth/config/env-check"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { reauthenticateAfterFromEnv } from "@/lib/auth/env"
import { checkEnvironmentAtStartup } from "@/lib/auth/next/startup"
import type { AuthConfig } from "@/lib/auth"

const secret = "reauthenticate-after-secret-0123456789abcdef"
const base: AuthConfig = { secret, trustHost: true, providers: [] }

function resolved(config: AuthConfig, env: Record<string, string | undefined> = {}) {
  return createConfigResolver({ env })(config)
}

describe("AUTH_REAUTHENTICATE_AFTER", () => {
  it("reads whole seconds; unset is undefined; anything else is NaN", () => {
    expect(reauthenticateAfterFromEnv({})).toBeUndefined()
    expect(reauthenticateAfterFromEnv({ AUTH_REAUTHENTICATE_AFTER: "" })).toBeUndefined()
    expect(reauthenticateAfterFromEnv({ AUTH_REAUTHENTICATE_AFTER: " 5 " })).toBe(5)
    expect(reauthenticateAfterFromEnv({ AUTH_REAUTHENTICATE_AFTER: "0" })).toBe(0)
    for (const value of ["10m", "-5", "1.5", "abc", "1e3"]) {
      expect(reauthenticateAfterFromEnv({ AUTH_REAUTHENTICATE_AFTER: value }), value).toBeNaN()
    }
  })

  it("defaults to 600 seconds, is set by the variable, and the config's own value wins", () => {
    expect(resolved(base).reauthenticateAfter).toBe(600)
    expect(resolved(base, { AUTH_REAUTHENTICATE_AFTER: "90" }).reauthenticateAfter).toBe(90)
    expect(resolved({ ...base, reauthenticateAfter: 120 }, { AUTH_REAUTHENTICATE_AFTER: "90" }).reauthenticateAfter).toBe(120)
  })

  it("an invalid value is reported by name at start-up, with an example", () => {
    const env = { AUTH_REAUTHENTICATE_AFTER: "ten minutes" }
    const problem = reauthenticateAfterProblem(env)
    expect(problem?.variable).toBe("AUTH_REAUTHENTICATE_AFTER")
    expect(problem?.message).toContain("AUTH_REAUTHENTICATE_AFTER=600")
    expect(environmentProblems(env).map((p) => p.variable)).toEqual(["AUTH_REAUTHENTICATE_AFTER"])
    const lines: string[] = []
    let exitCode: number | undefined
    checkEnvironmentAtStartup({ env, print: (line) => lines.push(line), exit: (code) => void (exitCode = code) })
    expect(exitCode).toBe(1)
    expect(lines.join("\n")).toContain("AUTH_REAUTHENTICATE_AFTER")
    expect(resolved(base, env).error?.message).toContain("AUTH_REAUTHENTICATE_AFTER")
  })

  it("under a minute is refused: the proof would be stale before the user is back from re-authenticating", () => {
    for (const value of ["0", "30", "59"]) {
      expect(reauthenticateAfterProblem({ AUTH_REAUTHENTICATE_AFTER: value })?.message, value).toContain("at least 60")
      expect(resolved(base, { AUTH_REAUTHENTICATE_AFTER: value }).error?.message, value).toContain("at least 60")
    }
    expect(reauthenticateAfterProblem({ AUTH_REAUTHENTICATE_AFTER: "60" })).toBeUndefined()
    expect(resolved({ ...base, reauthenticateAfter: 0 }).error?.message).toContain("reauthenticateAfter")
  })

  it("a negative config value is a configuration error", () => {
    expect(resolved({ ...base, reauthenticateAfter: -1 }).error?.message).toContain("reauthenticateAfter")
  })
})
