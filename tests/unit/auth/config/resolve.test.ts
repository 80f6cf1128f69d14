/**
 * Configuration edge cases that used to escape Auth() as exceptions (a 500
 * with a stack trace from the framework) instead of the documented behaviour:
 * `providers` defaults to [], and a bad secret is a MissingSecret
 * configuration error, answered like every other one.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import type { AuthConfig } from "@/lib/auth"
import { BASE, ORIGIN, recordingLogger, SECRET } from "@/tests/integration/auth/support"

function request(path: string): Request {
  return new Request(`${ORIGIN}${BASE}${path}`)
}

describe("configuration edge cases", () => {
  it("providers may be left out (default [])", async () => {
    const config = { secret: SECRET, trustHost: true, basePath: BASE } as unknown as AuthConfig
    const providers = await Auth(request("/providers"), config)
    expect(providers.status).toBe(200)
    expect(await providers.json()).toEqual({})
    const session = await Auth(request("/session"), config)
    expect(session.status).toBe(200)
    expect(await session.json()).toBeNull()
  })

  it.each([
    ["an empty string in the secret list", [SECRET, ""]],
    ["an empty first secret", ["", SECRET]],
    ["a non-string secret", [SECRET, 42 as unknown as string]],
  ])("%s is a MissingSecret configuration error, not an exception", async (_label, secret) => {
    const { logger, errors } = recordingLogger()
    const config: AuthConfig = { secret, trustHost: true, basePath: BASE, providers: [], logger }
    const res = await Auth(request("/session"), config)
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ message: expect.stringMatching(/server configuration/) })
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["MissingSecret"])
    const page = await Auth(request("/signin"), config)
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toMatch(/text\/html/)
  })
})
