/**
 * AUTH_BREACHED_PASSWORDS_URL and AUTH_BREACHED_PASSWORDS_ON_ERROR are checked
 * at start like the other AUTH_* variables: a set but unusable value stops the
 * server with one line that names the variable and shows a correct example.
 */
import { describe, expect, it } from "vitest"
import { environmentProblems } from "@/lib/auth/config/env-check"
import { breachedPasswordsOnErrorFromEnv, breachedPasswordsUrlFromEnv } from "@/lib/auth/env"
import { checkEnvironmentAtStartup } from "@/lib/auth/next/startup"

const variables = (env: Record<string, string>) => environmentProblems(env).map((p) => p.variable)

describe("breached-password variables at start", () => {
  it("accepts them unset (the check is off, failures would be allowed) and accepts usable values", () => {
    expect(environmentProblems({})).toEqual([])
    expect(breachedPasswordsUrlFromEnv({})).toBeUndefined()
    expect(breachedPasswordsOnErrorFromEnv({})).toBe("allow")
    const env = {
      AUTH_BREACHED_PASSWORDS_URL: "https://api.pwnedpasswords.com/range",
      AUTH_BREACHED_PASSWORDS_ON_ERROR: " Refuse ",
    }
    expect(environmentProblems(env)).toEqual([])
    expect(breachedPasswordsOnErrorFromEnv(env)).toBe("refuse")
    // A local mirror over plain http is fine on this machine.
    expect(environmentProblems({ AUTH_BREACHED_PASSWORDS_URL: "http://127.0.0.1:8080/range" })).toEqual([])
  })

  it("refuses a URL without a scheme, with a query, or plain http to another machine, naming the variable", () => {
    for (const url of ["api.pwnedpasswords.com/range", "https://range.example.com/range?key=1", "http://range.example.com/range"]) {
      const [problem] = environmentProblems({ AUTH_BREACHED_PASSWORDS_URL: url })
      expect(problem?.variable).toBe("AUTH_BREACHED_PASSWORDS_URL")
      expect(problem?.message).toContain("e.g. AUTH_BREACHED_PASSWORDS_URL=https://api.pwnedpasswords.com/range")
    }
  })

  it("refuses an on-error policy other than allow or refuse", () => {
    expect(variables({ AUTH_BREACHED_PASSWORDS_ON_ERROR: "block" })).toEqual(["AUTH_BREACHED_PASSWORDS_ON_ERROR"])
    expect(environmentProblems({ AUTH_BREACHED_PASSWORDS_ON_ERROR: "block" })[0]?.message).toBe(
      'AUTH_BREACHED_PASSWORDS_ON_ERROR is set to "block", which is neither "allow" nor "refuse". It must say what happens to a new password when the breached-password service cannot answer, e.g. AUTH_BREACHED_PASSWORDS_ON_ERROR=allow',
    )
  })

  it("stops the server with one line per variable", () => {
    const lines: string[] = []
    let exited: number | undefined
    checkEnvironmentAtStartup({
      env: { AUTH_BREACHED_PASSWORDS_URL: "pwned", AUTH_BREACHED_PASSWORDS_ON_ERROR: "sometimes" },
      print: (line) => void lines.push(line),
      exit: (code) => void (exited = code),
    })
    expect(exited).toBe(1)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: AUTH_BREACHED_PASSWORDS_URL is set to "pwned"/)
    expect(lines[1]).toMatch(/^\[auth\] Refusing to start: AUTH_BREACHED_PASSWORDS_ON_ERROR is set to "sometimes"/)
  })
})
