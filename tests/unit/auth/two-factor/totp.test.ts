import { Secret, TOTP, URI } from "otpauth"
import { describe, expect, it } from "vitest"
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, newTotpSecret, totpStep, totpUri, verifyTotp } from "@/lib/auth/two-factor/totp"

/** RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". */
const RFC_SEED = Secret.fromLatin1("12345678901234567890")
const RFC_SECRET = RFC_SEED.base32

/** RFC 6238 Appendix B, SHA-1 rows: (Unix time in seconds, T as hex, 8-digit TOTP). */
const RFC_VECTORS = [
  [59, "0000000000000001", "94287082"],
  [1111111109, "00000000023523EC", "07081804"],
  [1111111111, "00000000023523ED", "14050471"],
  [1234567890, "000000000273EF07", "89005924"],
  [2000000000, "0000000003F940AA", "69279037"],
  [20000000000, "0000000027BC86AA", "65353130"],
] as const

/** A code computed independently of the module under test. */
const codeAt = (secret: string, ms: number, digits = TOTP_DIGITS) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits, period: 30, timestamp: ms })

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("the library reproduces the Appendix B SHA-1 vector at %i s", (seconds, stepHex, code) => {
    const ms = seconds * 1000
    expect(codeAt(RFC_SECRET, ms, 8)).toBe(code)
    // T (the step) is what verifyTotp reports, and our step arithmetic agrees with the RFC's table.
    expect(totpStep(ms)).toBe(Number.parseInt(stepHex, 16))
  })

  it.each(RFC_VECTORS)("our 6-digit configuration accepts the vector's last six digits at %i s", (seconds, stepHex, code) => {
    // HOTP truncation: the 6-digit code is the 8-digit one mod 10^6.
    expect(verifyTotp(code.slice(-6), RFC_SECRET, seconds * 1000)).toBe(Number.parseInt(stepHex, 16))
  })

  it("uses SHA-1, 6 digits and 30-second steps", () => {
    expect(TOTP_DIGITS).toBe(6)
    expect(TOTP_PERIOD_SECONDS).toBe(30)
    const uri = new URL(totpUri({ secret: RFC_SECRET, issuer: "Example", accountName: "ada@example.com" }))
    expect(uri.searchParams.get("algorithm")).toBe("SHA1")
    expect(uri.searchParams.get("digits")).toBe("6")
    expect(uri.searchParams.get("period")).toBe("30")
  })

  describe("window", () => {
    const secret = newTotpSecret()
    // The middle of a step, so ±n steps are whole steps away from any boundary.
    const now = 1_800_000_015_000
    const step = totpStep(now)

    it.each([-1, 0, 1])("accepts the code of step %i from now and reports that step", (offset) => {
      const code = codeAt(secret, now + offset * 30_000)
      expect(verifyTotp(code, secret, now)).toBe(step + offset)
    })

    it.each([-2, 2, -3, 3])("refuses the code of step %i from now", (offset) => {
      expect(verifyTotp(codeAt(secret, now + offset * 30_000), secret, now)).toBeNull()
    })

    it("holds at the edges of a step: the last and first millisecond", () => {
      const start = step * 30_000
      const end = start + 29_999
      expect(totpStep(start)).toBe(step)
      expect(totpStep(end)).toBe(step)
      // At the step's first millisecond the previous step is accepted; 2 steps back is not.
      expect(verifyTotp(codeAt(secret, start - 1), secret, start)).toBe(step - 1)
      expect(verifyTotp(codeAt(secret, start - 30_001), secret, start)).toBeNull()
      // At its last millisecond the next step is accepted; 2 steps ahead is not.
      expect(verifyTotp(codeAt(secret, end + 1), secret, end)).toBe(step + 1)
      expect(verifyTotp(codeAt(secret, end + 30_001), secret, end)).toBeNull()
    })

    it("takes a Date as well as milliseconds", () => {
      expect(verifyTotp(codeAt(secret, now), secret, new Date(now))).toBe(step)
    })
  })

  describe("input", () => {
    const secret = newTotpSecret()
    const now = Date.now()
    const code = codeAt(secret, now)

    it("ignores spaces, as apps show codes in two groups", () => {
      expect(verifyTotp(`${code.slice(0, 3)} ${code.slice(3)}`, secret, now)).toBe(totpStep(now))
      expect(verifyTotp(` ${code}\n`, secret, now)).toBe(totpStep(now))
    })

    it("refuses anything but six digits, without throwing", () => {
      for (const bad of ["", "12345", "1234567", "abcdef", `${code.slice(0, 5)}é`, "١٢٣٤٥٦", `${code}0`, "12-345"]) {
        expect(verifyTotp(bad, secret, now)).toBeNull()
      }
    })

    it("refuses a code made with another secret", () => {
      expect(verifyTotp(codeAt(newTotpSecret(), now), secret, now)).toBeNull()
    })

    it("throws for a secret that is not base32 (a corrupt record) and for an invalid time", () => {
      expect(() => verifyTotp("123456", "not base32!", now)).toThrow()
      expect(() => verifyTotp(code, secret, new Date(Number.NaN))).toThrow(TypeError)
    })
  })

  it("newTotpSecret gives 160 random bits as base32", () => {
    const a = newTotpSecret()
    expect(a).toMatch(/^[A-Z2-7]{32}$/)
    expect(Secret.fromBase32(a).bytes).toHaveLength(20)
    expect(newTotpSecret()).not.toBe(a)
  })

  it("totpUri is an otpauth:// URI an authenticator app imports, names encoded", () => {
    const secret = newTotpSecret()
    const uri = totpUri({ secret, issuer: "Acme: Dev", accountName: "ada+2fa@example.com" })
    expect(uri.startsWith("otpauth://totp/")).toBe(true)
    const parsed = URI.parse(uri)
    expect(parsed).toBeInstanceOf(TOTP)
    // A colon would split the "issuer:account" label in the wrong place: it is left out.
    expect(parsed.issuer).toBe("Acme Dev")
    expect(parsed.label).toBe("ada+2fa@example.com")
    expect(URI.parse(totpUri({ secret, issuer: "Acme", accountName: "a:b@example.com" })).label).toBe("a b@example.com")
    expect(parsed.secret.base32).toBe(secret)
    // The app's codes are the ones we accept.
    const now = Date.now()
    expect(verifyTotp(parsed.generate({ timestamp: now }), secret, now)).toBe(totpStep(now))
  })
})
