/**
 * The field every new password is typed into (sign-up, Settings, reset,
 * set-password), as the server renders it: masked (ASVS 6.2.6), open to paste
 * and password managers (6.2.7: no paste handler, autocomplete="new-password"),
 * and long enough for a passphrase (6.2.9: 128 characters, not a low cap).
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { NewPasswordField } from "@/components/new-password-field"
import { checkPassword } from "@/server/accounts/password-policy"

describe("NewPasswordField", () => {
  const markup = renderToStaticMarkup(createElement(NewPasswordField, { label: "Password", error: "This password contains your name." }))

  it("masks the entry and invites password managers, with nothing that blocks paste", () => {
    expect(markup).toMatch(/<input[^>]*type="password"/)
    expect(markup).toMatch(/<input[^>]*autoComplete="new-password"|<input[^>]*autocomplete="new-password"/)
    expect(markup).not.toMatch(/onpaste|oncopy|readonly/i)
  })

  it("allows 128 characters, and the policy accepts a 64-character passphrase and a 128-character one", () => {
    expect(markup).toMatch(/<input[^>]*maxLength="128"|<input[^>]*maxlength="128"/)
    const words = "marble canyon whisper lantern orchard cobalt thimble saffron fjord "
    expect(checkPassword(words.slice(0, 64))).toBeNull()
    expect(checkPassword(words.repeat(2).slice(0, 128))).toBeNull()
  })

  it("shows the reason under the field and ties it to the input", () => {
    expect(markup).toContain('id="password-error"')
    expect(markup).toMatch(/aria-describedby="password-error password-hint"/)
    expect(markup).toContain("This password contains your name.")
  })
})
