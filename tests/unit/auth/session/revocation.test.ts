/**
 * The jwt revocation rule on its own: which tokens a user's answer from the
 * adapter leaves valid. The adapter is a plain in-memory map standing in for
 * the column (the Prisma path, with a deleted user: tests/integration/auth/jwt-revocation).
 */
import { describe, expect, it } from "vitest"
import type { SessionsValidSince } from "@/lib/auth/adapters/types"
import { sessionRevocation } from "@/lib/auth/session/revocation"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"

function memoryAdapter(users: Map<string, Date | null>) {
  return {
    getSessionsValidSince: async (userId: string): Promise<SessionsValidSince> =>
      users.has(userId) ? (users.get(userId) ?? null) : "no-such-user",
    setSessionsValidSince: async (userId: string, since: Date): Promise<boolean> => {
      if (!users.has(userId)) return false
      users.set(userId, since)
      return true
    },
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

describe("sessionRevocation", () => {
  it("a known user without an instant: every token is valid; with one, to the millisecond: only tokens whose validFrom is at or after it", async () => {
    const users = new Map<string, Date | null>([["ada", null]])
    const revocation = sessionRevocation(memoryAdapter(users), new ValidSinceCache(), 0)
    expect(await revocation.accepts({ sub: "ada", iat: 1 })).toBe(true)
    const instant = await revocation.revoke("ada", new Date(10_500))
    // Stored as it is: no truncation to the second leaves a window for tokens of the same second.
    expect(instant.getTime()).toBe(10_500)
    expect(users.get("ada")?.getTime()).toBe(10_500)
    expect(await revocation.accepts({ sub: "ada", iat: 10, validFrom: 10_499 })).toBe(false)
    expect(await revocation.accepts({ sub: "ada", iat: 10, validFrom: 10_500 })).toBe(true)
    // The claim decides, not iat: a re-issue with a later iat but the old validFrom stays refused.
    expect(await revocation.accepts({ sub: "ada", iat: 99, validFrom: 10_000 })).toBe(false)
    // A token from before the claim counts from its iat, in whole seconds: one of the instant's own second is refused.
    expect(await revocation.accepts({ sub: "ada", iat: 10 })).toBe(false)
    expect(await revocation.accepts({ sub: "ada", iat: 11 })).toBe(true)
  })

  it("revokedAfter reads the database, not the cache: another process's revocation after a sign-in's start is seen at once", async () => {
    const users = new Map<string, Date | null>([["eve", null]])
    const revocation = sessionRevocation(memoryAdapter(users), new ValidSinceCache(), 60)
    expect(await revocation.accepts({ sub: "eve", iat: 1 })).toBe(true)
    users.set("eve", new Date(5_000))
    expect(await revocation.revokedAfter("eve", 4_999)).toBe(true)
    expect(await revocation.revokedAfter("eve", 5_000)).toBe(false)
    // The cache, 60 s fresh, still knows nothing: only the session read later learns it.
    expect(revocation.acceptsNow({ sub: "eve", iat: 1 })).toBe(true)
    expect(await revocation.revokedAfter("gone", 0)).toBe(true)
  })

  it("a verdict kept through a database outage is not confirmed; a read or a revoke confirms it again", async () => {
    const { DatabaseUnavailable } = await import("@/lib/auth/errors")
    let down = false
    const users = new Map<string, Date | null>([["fay", null]])
    const memory = memoryAdapter(users)
    const adapter = {
      ...memory,
      getSessionsValidSince: async (userId: string) => {
        if (down) throw new DatabaseUnavailable("down")
        return memory.getSessionsValidSince(userId)
      },
    }
    const revocation = sessionRevocation(adapter, new ValidSinceCache(), 0)
    const token = { sub: "fay", validFrom: 1 }
    expect(await revocation.accepts(token)).toBe(true)
    expect(revocation.confirmed(token)).toBe(true)
    down = true
    expect(await revocation.accepts(token)).toBe(true)
    expect(revocation.confirmed(token)).toBe(false)
    down = false
    expect(await revocation.accepts(token)).toBe(true)
    expect(revocation.confirmed(token)).toBe(true)
    // A token naming nobody is never held back.
    expect(revocation.confirmed({ validFrom: 1 })).toBe(true)
  })

  it("a user the adapter does not have (deleted): no token is valid, not even one issued this second", async () => {
    const revocation = sessionRevocation(memoryAdapter(new Map()), new ValidSinceCache(), 60)
    expect(await revocation.accepts({ sub: "gone", iat: nowSeconds() })).toBe(false)
    expect(await revocation.accepts({ sub: "gone" })).toBe(false)
    // A token naming nobody is not this rule's business.
    expect(await revocation.accepts({ iat: nowSeconds() })).toBe(true)
  })

  it("revoking a user deleted meanwhile refuses its tokens at once in this process, within the same second", async () => {
    const users = new Map<string, Date | null>([["bob", null]])
    const revocation = sessionRevocation(memoryAdapter(users), new ValidSinceCache(), 60)
    const token = { sub: "bob", iat: nowSeconds() }
    expect(await revocation.accepts(token)).toBe(true)
    users.delete("bob")
    // The cached null would still be used for 60 s; the revoke after the deletion replaces it.
    await revocation.revoke("bob")
    expect(await revocation.accepts(token)).toBe(false)
  })
})

describe("sessionRevocation.acceptsNow (the verdict without a database read)", () => {
  it("cannot tell before the user's instant was read, then gives accepts()'s verdict, and follows a revoke at once", async () => {
    const users = new Map<string, Date | null>([["cy", null]])
    const revocation = sessionRevocation(memoryAdapter(users), new ValidSinceCache(), 60)
    const token = { sub: "cy", iat: nowSeconds() - 5 }
    expect(revocation.acceptsNow(token)).toBeUndefined()
    expect(await revocation.accepts(token)).toBe(true)
    expect(revocation.acceptsNow(token)).toBe(true)
    await revocation.revoke("cy")
    expect(revocation.acceptsNow(token)).toBe(false)
    expect(await revocation.accepts(token)).toBe(false)
  })

  it("cannot tell once the remembered instant is older than the delay", async () => {
    let now = 1_000_000
    const revocation = sessionRevocation(memoryAdapter(new Map([["di", null]])), new ValidSinceCache({ now: () => now }), 60)
    const token = { sub: "di", iat: 1 }
    await revocation.accepts(token)
    expect(revocation.acceptsNow(token)).toBe(true)
    now += 60_000
    expect(revocation.acceptsNow(token)).toBeUndefined()
  })

  it("refuses a deleted user's token from memory, and leaves a token naming nobody alone", async () => {
    const revocation = sessionRevocation(memoryAdapter(new Map()), new ValidSinceCache(), 60)
    await revocation.accepts({ sub: "gone", iat: nowSeconds() })
    expect(revocation.acceptsNow({ sub: "gone", iat: nowSeconds() })).toBe(false)
    expect(revocation.acceptsNow({ iat: nowSeconds() })).toBe(true)
  })
})
