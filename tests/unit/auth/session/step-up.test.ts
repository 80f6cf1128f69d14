/** The step-up decision (session/step-up.ts): fresh, stale, and a proof of unknown age. */
import { describe, expect, it } from "vitest"
import { needsReauthentication } from "@/lib/auth"

const now = new Date("2031-01-01T12:00:00Z")
const config = { reauthenticateAfter: 600 }
const ago = (seconds: number) => ({ authenticatedAt: new Date(now.getTime() - seconds * 1000) })

describe("needsReauthentication", () => {
  it("lets a proof younger than reauthenticateAfter through, up to the limit itself", () => {
    expect(needsReauthentication(ago(0), config, now)).toBe(false)
    expect(needsReauthentication(ago(600), config, now)).toBe(false)
  })

  it("asks again once the proof is older", () => {
    expect(needsReauthentication(ago(601), config, now)).toBe(true)
    expect(needsReauthentication(ago(5), { reauthenticateAfter: 0 }, now)).toBe(true)
  })

  it("counts a missing or unreadable proof as stale", () => {
    expect(needsReauthentication(null, config, now)).toBe(true)
    expect(needsReauthentication(undefined, config, now)).toBe(true)
    expect(needsReauthentication({ authenticatedAt: null }, config, now)).toBe(true)
    expect(needsReauthentication({ authenticatedAt: new Date(Number.NaN) }, config, now)).toBe(true)
  })

  it("reads a proof from the future (clock skew) as fresh, and takes epoch milliseconds", () => {
    expect(needsReauthentication(ago(-30), config, now)).toBe(false)
    expect(needsReauthentication(ago(700), config, now.getTime())).toBe(true)
  })
})
