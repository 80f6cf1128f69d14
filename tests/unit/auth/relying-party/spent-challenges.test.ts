/**
 * The in-process memory of answered passkey challenges (the adapter has no
 * challenge store): a challenge answered once is refused while it could still
 * arrive with a valid cookie, and the memory never grows past its bound.
 */
import { describe, expect, it, vi } from "vitest"
import { processSpentChallenges, SpentChallengeMemory } from "@/lib/auth/relying-party/spent-challenges"

const now = 1_800_000_000_000
const minute = 60_000

describe("the memory of spent passkey challenges", () => {
  it("takes a challenge once; a second answer while it is remembered is refused; another challenge is not", () => {
    const memory = new SpentChallengeMemory()
    expect(memory.spend("a", now + 7 * minute, now)).toBe(true)
    expect(memory.spend("a", now + 7 * minute, now + 6 * minute)).toBe(false)
    expect(memory.spend("b", now + 7 * minute, now)).toBe(true)
  })

  it("forgets a challenge only after the time it was kept for (its cookie is refused by then)", () => {
    const memory = new SpentChallengeMemory()
    memory.spend("a", now + minute, now)
    expect(memory.spend("a", now + 2 * minute, now + minute - 1)).toBe(false)
    expect(memory.spend("a", now + 2 * minute, now + minute)).toBe(true)
  })

  it("drops expired entries as it goes, so a steady trickle keeps it small", () => {
    const memory = new SpentChallengeMemory()
    for (let i = 0; i < 1000; i++) memory.spend(`c${i}`, now + i * 1000 + minute, now + i * 1000)
    // Entries live one minute and one arrives per second: about sixty are remembered at a time.
    expect(memory.size).toBeLessThanOrEqual(61)
  })

  it("never holds more than its capacity: a flood pushes out the oldest, which is then no longer refused", () => {
    const memory = new SpentChallengeMemory(3)
    for (const hash of ["a", "b", "c", "d"]) expect(memory.spend(hash, now + minute, now)).toBe(true)
    expect(memory.size).toBe(3)
    expect(memory.spend("d", now + minute, now)).toBe(false)
    expect(memory.spend("a", now + minute, now)).toBe(true)
  })

  it("is one memory per process, whichever copy of the module asks (Next.js loads one per bundle)", async () => {
    vi.resetModules()
    const copy = await import("@/lib/auth/relying-party/spent-challenges")
    expect(copy.processSpentChallenges).not.toBe(processSpentChallenges)
    processSpentChallenges().spend("shared", Date.now() + minute)
    expect(copy.processSpentChallenges().spend("shared", Date.now() + minute)).toBe(false)
  })
})
