/**
 * The Apple client secret's lifetime: made once, reused until five minutes
 * before it expires, then made again; never longer than Apple's six months.
 */
import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair } from "jose"
import { describe, expect, it } from "vitest"
import { APPLE_MAX_SECRET_AGE, appleClientSecretMaker } from "@/lib/auth/providers/apple-client-secret"
import { parseAppleUserField } from "@/lib/auth/providers/apple"

async function pem(): Promise<string> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true })
  return exportPKCS8(privateKey)
}

describe("appleClientSecretMaker", () => {
  it("reuses a secret until five minutes before it expires, then makes a new one", async () => {
    let now = Date.UTC(2026, 0, 1)
    const make = appleClientSecretMaker({ teamId: "T", keyId: "K", privateKey: await pem(), maxAge: 3600 }, () => now)
    const first = await make({ clientId: "c" })
    expect(decodeJwt(first)).toMatchObject({ iss: "T", sub: "c", aud: "https://appleid.apple.com", iat: now / 1000, exp: now / 1000 + 3600 })
    expect(decodeProtectedHeader(first)).toEqual({ alg: "ES256", kid: "K" })
    now += (3600 - 301) * 1000
    expect(await make({ clientId: "c" })).toBe(first)
    now += 2000
    const second = await make({ clientId: "c" })
    expect(second).not.toBe(first)
    expect(decodeJwt(second).iat).toBe(Math.floor(now / 1000))
  })

  it("keeps one secret per client id", async () => {
    const make = appleClientSecretMaker({ teamId: "T", keyId: "K", privateKey: await pem() })
    expect(decodeJwt(await make({ clientId: "a" })).sub).toBe("a")
    expect(decodeJwt(await make({ clientId: "b" })).sub).toBe("b")
  })

  it("refuses a lifetime Apple would refuse", async () => {
    const privateKey = await pem()
    expect(() => appleClientSecretMaker({ teamId: "T", keyId: "K", privateKey, maxAge: APPLE_MAX_SECRET_AGE + 1 })).toThrow(RangeError)
    expect(() => appleClientSecretMaker({ teamId: "T", keyId: "K", privateKey, maxAge: APPLE_MAX_SECRET_AGE })).not.toThrow()
  })
})

describe("parseAppleUserField", () => {
  it("keeps the documented name and nothing else", () => {
    expect(parseAppleUserField('{"name":{"firstName":"Ada","lastName":"Lovelace"},"email":"x@y"}')).toEqual({
      name: { firstName: "Ada", lastName: "Lovelace" },
    })
  })
  it.each([null, "", "not json", "[]", '{"name":"Ada"}', '{"name":{"firstName":"  "}}', '{"name":{"firstName":1}}'])(
    "no name from %j",
    (raw) => expect(parseAppleUserField(raw)).toBeUndefined(),
  )
})
