/**
 * The identifier of the change-of-address tokens: the user and both addresses
 * in one VerificationToken.identifier, read back only when it is exactly what
 * the app writes (email-change-tokens.ts).
 */
import { describe, expect, it } from "vitest"
import { encodeIdentifier, parseIdentifier, userPrefix } from "@/server/accounts/email-change-tokens"

describe("email-change token identifiers", () => {
  it("parses only identifiers it wrote", () => {
    const binding = { userId: "ckuser1", newEmail: "new@example.com", oldEmail: "old@example.com" }
    const id = encodeIdentifier("email-change", binding)
    expect(parseIdentifier("email-change", id)).toEqual(binding)
    expect(parseIdentifier("email-change-cancel", id)).toBeNull()
    const [purpose, user] = id.split(":")
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
    for (const bad of [
      `${purpose}:${user}:${json({ new: "New@example.com", old: "old@example.com" })}`,
      `${purpose}:${user}:${json({ new: "new@example.com", old: "old@example.com", extra: 1 })}`,
      `${purpose}:${user}:${json({ new: "new@example.com" })}`,
      `${purpose}:${user}:${json(["new@example.com", "old@example.com"])}`,
      `${purpose}:${user}:not*base64`,
      `${purpose}::${json({ new: "new@example.com", old: "old@example.com" })}`,
      `${id}:more`,
      "old@example.com",
      "password-reset:old@example.com",
    ]) {
      expect(parseIdentifier("email-change", bad)).toBeNull()
    }
  })


  it("gives each user and purpose a prefix no other user's or purpose's identifier starts with", () => {
    const binding = { userId: "ab", newEmail: "new@example.com", oldEmail: "old@example.com" }
    const id = encodeIdentifier("email-change", binding)
    expect(id.startsWith(userPrefix("email-change", "ab"))).toBe(true)
    expect(id.startsWith(userPrefix("email-change", "a"))).toBe(false)
    expect(encodeIdentifier("email-change-cancel", binding).startsWith(userPrefix("email-change", "ab"))).toBe(false)
  })
})
