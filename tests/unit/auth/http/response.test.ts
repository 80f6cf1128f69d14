/**
 * The headers every JSON answer of the auth routes carries.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import type { AuthConfig } from "@/lib/auth/config/types"

describe("auth JSON responses are never stored by shared caches", () => {
  it("sends Cache-Control: private, no-store on /providers, /csrf and /session, even with a forwarded host", async () => {
    const config: AuthConfig = {
      secret: "cache-control-secret-0123456789abcdefghijk",
      trustHost: true,
      providers: [{ id: "credentials", name: "Password", type: "credentials", credentials: {}, authorize: () => null }],
    }
    for (const path of ["providers", "csrf", "session"]) {
      const response = await Auth(
        new Request(`http://localhost:3000/auth/${path}`, { headers: { "x-forwarded-host": "evil.example" } }),
        config,
      )
      expect(response.headers.get("content-type")).toContain("application/json")
      expect(response.headers.get("cache-control")).toMatch(/private/)
      expect(response.headers.get("cache-control")).toMatch(/no-store/)
    }
  })
})
