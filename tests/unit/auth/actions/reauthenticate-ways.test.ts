/**
 * The rule of which answers may prove a signed-in user on
 * {basePath}/reauthenticate (actions/reauthenticate-ways.ts), for each kind of
 * account: without two-factor the password; with two-factor the password and
 * a code, or the code alone when there is no password. Every try without the
 * second factor for a two-factor user is refused before anything is checked.
 */
import { describe, expect, it } from "vitest"
import { reauthenticationTry, type ReauthenticationWays } from "@/lib/auth/actions/reauthenticate-ways"

const PASSWORD_ONLY: ReauthenticationWays = { password: true, twoFactor: false }
const PASSWORD_AND_TWO_FACTOR: ReauthenticationWays = { password: true, twoFactor: true }
const TWO_FACTOR_NO_PASSWORD: ReauthenticationWays = { password: false, twoFactor: true }
const NEITHER: ReauthenticationWays = { password: false, twoFactor: false }

const verdict = (body: Record<string, unknown>, ways: ReauthenticationWays) => {
  const tried = reauthenticationTry(body, ways)
  return tried.ok ? tried.kind : tried.error
}

describe("reauthenticationTry", () => {
  it("a user without two-factor: the password; a code is no way in", () => {
    expect(verdict({ method: "password", password: "p" }, PASSWORD_ONLY)).toBe("password")
    expect(verdict({ method: "password", password: "p", code: "123456" }, PASSWORD_ONLY)).toBe("password")
    expect(verdict({ method: "code", code: "123456" }, PASSWORD_ONLY)).toBe("unavailable_method")
  })

  it("a two-factor user with a password: the password and a code together, nothing less", () => {
    expect(verdict({ method: "password", password: "p", code: "123456" }, PASSWORD_AND_TWO_FACTOR)).toBe("password-and-code")
    expect(verdict({ method: "password", password: "p", code: "k7m2-9xq4-hf3t" }, PASSWORD_AND_TWO_FACTOR)).toBe("password-and-code")
    for (const code of [undefined, "", "   ", 123456, ["123456"]]) {
      expect(verdict({ method: "password", password: "p", code }, PASSWORD_AND_TWO_FACTOR)).toBe("missing_code")
    }
    expect(verdict({ method: "code", code: "123456" }, PASSWORD_AND_TWO_FACTOR)).toBe("unavailable_method")
    expect(verdict({ method: "code", code: "123456", password: "p" }, PASSWORD_AND_TWO_FACTOR)).toBe("unavailable_method")
  })

  it("a two-factor user without a password: the code alone; the password is no way in", () => {
    expect(verdict({ method: "code", code: "123 456" }, TWO_FACTOR_NO_PASSWORD)).toBe("code")
    expect(verdict({ method: "password", password: "p", code: "123456" }, TWO_FACTOR_NO_PASSWORD)).toBe("unavailable_method")
  })

  it("an account with neither: nothing here (a passkey or an email link)", () => {
    expect(verdict({ method: "password", password: "p" }, NEITHER)).toBe("unavailable_method")
    expect(verdict({ method: "code", code: "123456" }, NEITHER)).toBe("unavailable_method")
  })

  it("an unknown or missing method is refused for everyone, and the log gets no method for it", () => {
    for (const ways of [PASSWORD_ONLY, PASSWORD_AND_TWO_FACTOR, TWO_FACTOR_NO_PASSWORD, NEITHER]) {
      for (const method of [undefined, "passkey", "email", ["password"], "PASSWORD"]) {
        expect(reauthenticationTry({ method, password: "p", code: "123456" }, ways)).toMatchObject({ ok: false, error: "unavailable_method", method: null })
      }
    }
  })

  it("names the refused try's way for the log: six digits an authenticator code, anything else a recovery code", () => {
    expect(reauthenticationTry({ method: "code", code: "123456" }, PASSWORD_AND_TWO_FACTOR)).toMatchObject({ method: "totp" })
    expect(reauthenticationTry({ method: "code", code: "k7m2-9xq4-hf3t" }, PASSWORD_AND_TWO_FACTOR)).toMatchObject({ method: "recovery-code" })
    expect(reauthenticationTry({ method: "password", password: "p" }, PASSWORD_AND_TWO_FACTOR)).toMatchObject({ method: "password", detail: "no code with the password" })
  })
})
