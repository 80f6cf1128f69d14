/**
 * The SvelteKit variant's prefix and the path of AUTH_URL: an explicit
 * `prefix` (or `basePath`) that AUTH_URL's path contradicts is refused when
 * SvelteKitAuth is created (or, for a config built per event, when the hook
 * first runs), with a message naming both, instead of the hook silently
 * answering at one path while the app expects the other.
 */
import { describe, expect, it } from "vitest"
import { BasePathMismatch } from "@/lib/auth"
import { SvelteKitAuth } from "@/lib/auth/sveltekit"
import { aliceConfig, ORIGIN, withEnv } from "../support"
import { requestEvent } from "./event"

describe("prefix and AUTH_URL", () => {
  it("a prefix AUTH_URL's path contradicts: SvelteKitAuth throws, naming both", async () => {
    await withEnv({ AUTH_URL: `${ORIGIN}/api/auth` }, async () => {
      expect(() => SvelteKitAuth({ ...aliceConfig(), prefix: "/auth" })).toThrow(BasePathMismatch)
      expect(() => SvelteKitAuth({ ...aliceConfig(), prefix: "/auth" })).toThrow(/AUTH_URL \(\/api\/auth\) differs from prefix \(\/auth\)/)
      expect(() => SvelteKitAuth({ ...aliceConfig(), basePath: "/auth" })).toThrow(/differs from basePath/)
    })
  })

  it("the same path, or AUTH_URL without a path, is no conflict; AUTH_URL's path alone is the prefix", async () => {
    await withEnv({ AUTH_URL: `${ORIGIN}/api/auth/` }, async () => {
      const auth = SvelteKitAuth({ ...aliceConfig(), prefix: "/api/auth" })
      const event = requestEvent(new Request(`${ORIGIN}/api/auth/providers`))
      const res = await auth.handle({ event, resolve: () => new Response("page") })
      expect(res.status).toBe(200)
      const implicit = SvelteKitAuth(aliceConfig())
      const again = requestEvent(new Request(`${ORIGIN}/api/auth/providers`))
      expect((await implicit.handle({ event: again, resolve: () => new Response("page") })).status).toBe(200)
    })
    await withEnv({ AUTH_URL: ORIGIN }, async () => {
      expect(() => SvelteKitAuth({ ...aliceConfig(), prefix: "/auth" })).not.toThrow()
    })
  })

  it("a config built per event: the hook rejects with the same error (SvelteKit logs it and answers 500)", async () => {
    await withEnv({ AUTH_URL: `${ORIGIN}/api/auth` }, async () => {
      const auth = SvelteKitAuth(() => ({ ...aliceConfig(), prefix: "/auth" }))
      const event = requestEvent(new Request(`${ORIGIN}/auth/providers`))
      await expect(auth.handle({ event, resolve: () => new Response("page") })).rejects.toMatchObject({
        code: "base_path_mismatch",
      })
    })
  })
})
