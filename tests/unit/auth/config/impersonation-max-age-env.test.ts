/**
 * AUTH_IMPERSONATION_MAX_AGE is checked at start like the other AUTH_*
 * variables: a typo must stop the server, not silently mean the one-hour
 * default.
 */
import { describe, expect, it } from "vitest"
import { environmentProblems } from "@/lib/auth/config/env-check"

const variables = (value: string) => environmentProblems({ AUTH_IMPERSONATION_MAX_AGE: value }).map((p) => p.variable)

describe("AUTH_IMPERSONATION_MAX_AGE at start", () => {
  it("accepts it unset, blank, or whole seconds from 60 to 3600", () => {
    expect(environmentProblems({})).toEqual([])
    for (const value of ["", "60", "1800", " 3600 "]) expect(variables(value)).toEqual([])
  })

  it("refuses units, fractions, negatives and values outside 60..3600, naming the variable with an example", () => {
    for (const value of ["30m", "1.5", "-60", "59", "3601", "86400", "one hour"]) {
      expect(variables(value)).toEqual(["AUTH_IMPERSONATION_MAX_AGE"])
    }
    expect(environmentProblems({ AUTH_IMPERSONATION_MAX_AGE: "30m" })[0]?.message).toBe(
      'AUTH_IMPERSONATION_MAX_AGE is set to "30m", which is not a whole number of seconds from 60 to 3600. It must be how long an administrator\'s impersonation of a user may last, e.g. AUTH_IMPERSONATION_MAX_AGE=1800',
    )
  })
})
