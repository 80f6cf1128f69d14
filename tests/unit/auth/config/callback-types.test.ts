/**
 * The jwt and session callbacks as next-auth v5 apps write them, checked by
 * the type checker (`tsc --noEmit` covers tests/): what the app passed to
 * update() is read field by field with no cast (`session` of jwt,
 * `newSession` of session, both `any` as in next-auth), and the callbacks do
 * what they say when the library calls them that way.
 */
import { describe, expect, it } from "vitest"
import type { NextAuthConfig } from "@/lib/auth/next"

// Written exactly as in a next-auth app's auth.ts.
const callbacks = {
  jwt({ token, trigger, session }) {
    if (trigger === "update" && session?.name) token.name = session.name
    return token
  },
  session({ session, trigger, newSession }) {
    if (trigger === "update" && newSession?.name && session.user) session.user.name = newSession.name
    return session
  },
} satisfies NextAuthConfig["callbacks"]

describe("jwt and session callbacks in next-auth's words", () => {
  it("jwt copies the name the app passed to update() into the token", async () => {
    const token = await callbacks.jwt({ token: { sub: "u1", name: "Ada" }, trigger: "update", session: { name: "Ada Lovelace" } })
    expect(token).toEqual({ sub: "u1", name: "Ada Lovelace" })
    expect(await callbacks.jwt({ token: { sub: "u1", name: "Ada" } })).toEqual({ sub: "u1", name: "Ada" })
  })

  it("session copies it into the session (database strategy)", async () => {
    const user = { id: "u1", email: "ada@example.test", emailVerified: null, name: "Ada" }
    const session = { user: { ...user }, expires: "2030-01-01T00:00:00.000Z" }
    const out = await callbacks.session({ session, token: {}, user, trigger: "update", newSession: { name: "Ada Lovelace" } })
    expect(out.user?.name).toBe("Ada Lovelace")
  })
})
