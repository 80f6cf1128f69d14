import { base64url, decodeProtectedHeader } from "jose"
import { describe, expect, it } from "vitest"
import { MissingSecretError } from "@/lib/auth/errors"
import { deriveKey } from "@/lib/auth/jwt"
import { SealedSecretUnreadable, SecretBox } from "@/lib/auth/two-factor/secret-box"
import { newTotpSecret } from "@/lib/auth/two-factor/totp"

const OLD = "old-secret-0123456789abcdef0123456789"
const NEW = "new-secret-0123456789abcdef0123456789"
const USER = "user-1"

describe("SecretBox", () => {
  it("round-trips a TOTP secret", async () => {
    const box = new SecretBox(NEW)
    const secret = newTotpSecret()
    const sealed = await box.seal(secret, USER)
    expect(await box.open(sealed, USER)).toBe(secret)
    // Another instance with the same secret opens it too: nothing lives only in memory.
    expect(await new SecretBox([NEW]).open(sealed, USER)).toBe(secret)
  })

  it("the sealed value does not contain the secret in any common encoding", async () => {
    const secret = newTotpSecret()
    const sealed = await new SecretBox(NEW).seal(secret, USER)
    expect(sealed).not.toContain(secret)
    expect(sealed.toLowerCase()).not.toContain(secret.toLowerCase())
    expect(sealed).not.toContain(base64url.encode(secret))
    // A compact JWE, dir + A256GCM, with a fresh IV each time.
    expect(sealed.split(".")).toHaveLength(5)
    expect(decodeProtectedHeader(sealed)).toMatchObject({ alg: "dir", enc: "A256GCM" })
    expect(await new SecretBox(NEW).seal(secret, USER)).not.toBe(sealed)
  })

  it("after a rotation [new, old], what the old secret sealed still opens; new values use the new secret", async () => {
    const secret = newTotpSecret()
    const sealedBefore = await new SecretBox(OLD).seal(secret, USER)
    const rotated = new SecretBox([NEW, OLD])
    expect(await rotated.open(sealedBefore, USER)).toBe(secret)
    expect(await rotated.isCurrent(sealedBefore)).toBe(false)

    const sealedAfter = await rotated.seal(secret, USER)
    expect(await rotated.isCurrent(sealedAfter)).toBe(true)
    expect(await new SecretBox(NEW).open(sealedAfter, USER)).toBe(secret)
    await expect(new SecretBox(OLD).open(sealedAfter, USER)).rejects.toBeInstanceOf(SealedSecretUnreadable)
  })

  it("a secret not on the list fails with a typed error", async () => {
    const sealed = await new SecretBox(OLD).seal(newTotpSecret(), USER)
    const error = await new SecretBox(NEW).open(sealed, USER).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SealedSecretUnreadable)
    expect(error).toMatchObject({ code: "sealed_secret_unreadable", name: "SealedSecretUnreadable" })
    expect(SealedSecretUnreadable.code).toBe("sealed_secret_unreadable")
  })

  it("a tampered or malformed value fails with the same typed error", async () => {
    const box = new SecretBox(NEW)
    const sealed = await box.seal(newTotpSecret(), USER)
    const parts = sealed.split(".")
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1)
    parts[3] = flip(parts[3]!)
    for (const bad of [parts.join("."), "", "not-a-jwe", sealed.slice(0, -2)]) {
      await expect(box.open(bad, USER)).rejects.toBeInstanceOf(SealedSecretUnreadable)
    }
  })

  it("a value sealed for one user does not open for another", async () => {
    const box = new SecretBox(NEW)
    const sealed = await box.seal(newTotpSecret(), USER)
    await expect(box.open(sealed, "user-2")).rejects.toBeInstanceOf(SealedSecretUnreadable)
  })

  it("its key is not a session-token key derived from the same secret", async () => {
    const sealed = await new SecretBox(NEW).seal(newTotpSecret(), USER)
    const { kid } = decodeProtectedHeader(sealed)
    // Whatever salt (cookie name) the session tokens use, even one chosen to collide.
    for (const salt of ["authjs.session-token", "__Secure-authjs.session-token", "lib/auth two-factor secret box"]) {
      expect((await deriveKey(NEW, salt, "A256GCM")).kid).not.toBe(kid)
    }
  })

  it("needs a non-empty secret", () => {
    expect(() => new SecretBox([])).toThrow(MissingSecretError)
    expect(() => new SecretBox("")).toThrow(MissingSecretError)
    expect(() => new SecretBox([NEW, ""])).toThrow(MissingSecretError)
  })
})
