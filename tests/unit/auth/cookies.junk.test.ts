/**
 * A session cookie split into more chunks than the library ever writes (an
 * attacker's or a broken client's): reading and clearing stop at MAX_CHUNKS,
 * and the junk is logged once, without a stack.
 */
import { describe, expect, it, vi } from "vitest"
import { Auth } from "@/lib/auth"
import { MAX_CHUNKS, SessionStore } from "@/lib/auth/cookies"
import type { AuthConfig } from "@/lib/auth/config/types"

const option = { name: "authjs.session-token", options: { path: "/", httpOnly: true, sameSite: "lax" as const } }

describe("junk session cookies", () => {
  it("reads and clears at most MAX_CHUNKS (16) chunks, whatever the request claims", () => {
    const cookies: Record<string, string> = {}
    for (let i = 0; i < 560; i++) cookies[`authjs.session-token.${i}`] = "x"
    cookies["authjs.session-token.999999"] = "x"
    cookies["authjs.session-token.007"] = "x"
    const store = new SessionStore(option, cookies)
    expect(store.value).toBe("x".repeat(16))
    const cleared = store.clean()
    expect(MAX_CHUNKS).toBe(16)
    expect(cleared.map((c) => c.name)).toEqual(Array.from({ length: 16 }, (_, i) => `authjs.session-token.${i}`))
  })

  it("answers 560 junk chunks with at most 16 deletions, and logs a junk token once per process without a stack", async () => {
    const lines: string[] = []
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => void lines.push(args.join(" ")))
    const error = vi.spyOn(console, "error").mockImplementation((...args) => void lines.push(args.join(" ")))
    try {
      const config: AuthConfig = { secret: "junk-cookie-secret-0123456789abcdefghijk", trustHost: true, providers: [] }
      const junk = Array.from({ length: 560 }, (_, i) => `authjs.session-token.${i}=garbage${i}`).join("; ")
      for (let i = 0; i < 20; i++) {
        const response = await Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie: junk } }), config)
        expect(await response.json()).toBeNull()
        expect(response.headers.getSetCookie().length).toBeLessThanOrEqual(16)
      }
      for (let i = 0; i < 20; i++) {
        await Auth(new Request("http://localhost:3000/auth/session", { headers: { cookie: "authjs.session-token=x" } }), config)
      }
      const logged = lines.filter((line) => line.includes("[auth]"))
      expect(logged.length).toBeLessThanOrEqual(1)
      expect(logged.join("\n")).not.toMatch(/\n\s+at /)
    } finally {
      warn.mockRestore()
      error.mockRestore()
    }
  })
})
