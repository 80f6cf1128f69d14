import { createHash } from "node:crypto"

import { describe, expect, it } from "vitest"

import { createCSRFToken } from "@/lib/auth/csrf"

const TOKEN_A = "a".repeat(64)
const HASH_A_SECRET = "903c1490e042a075338b0e597cd889260f671063edb09ab070d2634e8277cf9c"

const nodeSha256 = (input: string) => createHash("sha256").update(input).digest("hex")

describe("createCSRFToken", () => {
  it("issues a new token and cookie when the request has none", async () => {
    const result = await createCSRFToken({ secrets: ["secret"], isPost: false })
    expect(result.csrfToken).toMatch(/^[0-9a-f]{64}$/)
    expect(result.csrfTokenVerified).toBe(false)
    expect(result.cookie).toBe(`${result.csrfToken}|${nodeSha256(`${result.csrfToken}secret`)}`)

    const other = await createCSRFToken({ secrets: ["secret"], isPost: false })
    expect(other.csrfToken).not.toBe(result.csrfToken)
  })

  it("accepts an Auth.js cookie (reference test vector)", async () => {
    const cookieValue = `${TOKEN_A}|${HASH_A_SECRET}`
    expect(await createCSRFToken({ secrets: ["secret"], cookieValue, isPost: false })).toEqual({
      csrfToken: TOKEN_A,
      csrfTokenVerified: false,
    })
  })

  it("verifies a POST only when the body echoes the cookie token", async () => {
    const cookieValue = `${TOKEN_A}|${HASH_A_SECRET}`
    const post = (bodyValue: unknown) => createCSRFToken({ secrets: ["secret"], cookieValue, isPost: true, bodyValue })
    expect(await post(TOKEN_A)).toEqual({ csrfToken: TOKEN_A, csrfTokenVerified: true })
    expect((await post("b".repeat(64))).csrfTokenVerified).toBe(false)
    expect((await post(TOKEN_A.slice(1))).csrfTokenVerified).toBe(false)
    expect((await post(undefined)).csrfTokenVerified).toBe(false)
    expect((await post([TOKEN_A])).csrfTokenVerified).toBe(false)
    expect((await post({ toString: () => TOKEN_A })).csrfTokenVerified).toBe(false)
    // A GET never verifies, even with a matching value.
    expect((await createCSRFToken({ secrets: ["secret"], cookieValue, isPost: false, bodyValue: TOKEN_A })).csrfTokenVerified).toBe(false)
  })

  it("replaces a cookie whose hash does not verify", async () => {
    for (const cookieValue of [
      `${TOKEN_A}|${nodeSha256(`${TOKEN_A}other-secret`)}`,
      `${TOKEN_A}|${HASH_A_SECRET.replace(/^9/, "8")}`,
      `${TOKEN_A}|${HASH_A_SECRET.toUpperCase()}`,
      `${TOKEN_A}${HASH_A_SECRET}`,
      `${TOKEN_A}|`,
      `|${HASH_A_SECRET}`,
      `${TOKEN_A}|${HASH_A_SECRET}|extra`,
      "garbage",
      "",
    ]) {
      const result = await createCSRFToken({ secrets: ["secret"], cookieValue, isPost: true, bodyValue: TOKEN_A })
      expect(result.csrfTokenVerified, cookieValue).toBe(false)
      expect(result.csrfToken, cookieValue).not.toBe(TOKEN_A)
      expect(result.cookie, cookieValue).toMatch(/^[0-9a-f]{64}\|[0-9a-f]{64}$/)
    }
  })

  it("keeps cookies valid across secret rotation and issues with the first secret", async () => {
    const secrets = ["new", "old"]
    const issuedWithOld = `${TOKEN_A}|${nodeSha256(`${TOKEN_A}old`)}`
    expect(await createCSRFToken({ secrets, cookieValue: issuedWithOld, isPost: true, bodyValue: TOKEN_A })).toEqual({
      csrfToken: TOKEN_A,
      csrfTokenVerified: true,
    })

    // What Auth.js issues when configured with the same array.
    const commaJoined = `${TOKEN_A}|${nodeSha256(`${TOKEN_A}new,old`)}`
    expect((await createCSRFToken({ secrets, cookieValue: commaJoined, isPost: true, bodyValue: TOKEN_A })).csrfTokenVerified).toBe(true)

    const fresh = await createCSRFToken({ secrets, isPost: false })
    expect(fresh.cookie).toBe(`${fresh.csrfToken}|${nodeSha256(`${fresh.csrfToken}new`)}`)

    // Once "old" is retired, its cookies stop verifying.
    expect((await createCSRFToken({ secrets: ["newer", "new"], cookieValue: issuedWithOld, isPost: false })).cookie).toBeDefined()
  })

  it("requires a secret", async () => {
    await expect(createCSRFToken({ secrets: [], isPost: false })).rejects.toThrow(TypeError)
  })
})
