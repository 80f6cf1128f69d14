/**
 * `npm run dev` picks its port from PORT: the real environment first, then the
 * .env files `next dev` would read too late to use for the port.
 */
import { describe, expect, it } from "vitest"
// @ts-expect-error -- a plain .mjs script module without type declarations
import { devPort } from "@/scripts/lib/dev-port.mjs"

const pick = devPort as (processEnv: Record<string, string | undefined>, fileEnv: Record<string, string | undefined>) => string | undefined

describe("devPort", () => {
  it("is Next's default when PORT is set nowhere", () => {
    expect(pick({}, {})).toBeUndefined()
    expect(pick({ PORT: " " }, {})).toBeUndefined()
  })

  it("takes PORT from the environment over the .env files, and from the files when the environment has none", () => {
    expect(pick({ PORT: "4000" }, { PORT: "5000" })).toBe("4000")
    expect(pick({}, { PORT: "5000" })).toBe("5000")
  })

  it("stops with one line naming the variable for a value that is not a port", () => {
    for (const bad of ["http://localhost:4000", "4000abc", "0", "70000", "-1"]) {
      expect(() => pick({ PORT: bad }, {})).toThrow(/^PORT must be a number from 1 to 65535/)
    }
  })
})
