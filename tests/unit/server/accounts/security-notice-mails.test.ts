/**
 * The security notice mails' texts: each says what happened, links to
 * Settings › Security activity (where the owner reviews it and ends sessions)
 * and never carries a secret: no one-time link or token, no exact address, no
 * raw User-Agent, no credential id. The one exception: the wrong-codes notice
 * after a password carries the single-use "It wasn't me" link that removes it.
 */
import { describe, expect, it } from "vitest"
import { newDeviceNotice, type SecurityNotice, securityNoticeMail } from "@/server/accounts/security-notices"
import { NOTICE_LINK_LABEL } from "@/server/accounts/account-mails"

const SITE = "app.example.com"
const URL_ = `https://${SITE}/settings#security-activity`
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const IP = "203.0.113.57"

const NOTICES: [SecurityNotice, string][] = [
  [{ kind: "password", change: "changed" }, "Your password was changed (app.example.com)"],
  [{ kind: "password", change: "reset" }, "Your password was reset (app.example.com)"],
  [{ kind: "password", change: "set" }, "A password was added to your account (app.example.com)"],
  [{ kind: "passkey-added" }, "A passkey was added to your account (app.example.com)"],
  [{ kind: "account-linked", provider: "GitHub" }, "GitHub was linked to your account (app.example.com)"],
  [{ kind: "two-factor", change: "enabled" }, "Two-factor authentication was turned on (app.example.com)"],
  [{ kind: "two-factor", change: "disabled" }, "Two-factor authentication was turned off (app.example.com)"],
  [{ kind: "two-factor", change: "recovery-codes-regenerated" }, "New recovery codes were made for your account (app.example.com)"],
  [
    newDeviceNotice({ ip: IP, userAgent: FIREFOX_WINDOWS, method: "password", provider: "credentials" }),
    "New sign-in to your account — Firefox on Windows from 203.0.113.x (app.example.com)",
  ],
]

describe("security notice mails", () => {
  it.each(NOTICES)("%o", (notice, subject) => {
    const mail = securityNoticeMail(notice, { url: URL_, site: SITE })
    expect(mail.subject).toBe(subject)
    // The one link: where to review the activity and end sessions.
    expect(mail.text).toContain(`${NOTICE_LINK_LABEL}: ${URL_}`)
    expect(mail.html).toContain(`href="${URL_}"`)
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([URL_])
    expect(mail.text).toMatch(/If this was (not )?you/)
    // A notice, not an action: nothing to use once, nothing that expires, no token in a link.
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/token=|expires|works once/i)
      expect(body).not.toContain(IP)
      expect(body).not.toContain(FIREFOX_WINDOWS)
      expect(body).not.toMatch(/Firefox\/\d|rv:\d/)
    }
  })

  it("wrong codes after a password: It wasn't me removes it (once, 24 hours), the activity link stays", () => {
    const revokeUrl = `https://${SITE}/password-revoke?token=abc_DEF-123`
    const mail = securityNoticeMail({ kind: "two-factor-failures", password: true, failures: 5 }, { url: URL_, site: SITE, revokeUrl })
    expect(mail.subject).toBe("Several wrong two-factor codes at sign-in (app.example.com)")
    expect(mail.text).toContain("Someone entered your password for app.example.com and then failed the second step 5 times")
    expect(mail.text).toContain(`It wasn't me: remove my password: ${revokeUrl}`)
    expect(mail.text).toContain("The link works once and expires in 24 hours.")
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([revokeUrl, URL_])
    expect(mail.html).toContain(`href="${revokeUrl}"`)
  })

  it("wrong codes without a password to remove: the plain notice, no link to act on", () => {
    const mail = securityNoticeMail({ kind: "two-factor-failures", password: false }, { url: URL_, site: SITE })
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([URL_])
    expect(mail.text).not.toMatch(/token=|works once/)
  })

  it("new device: what, from which network and how, in the intro", () => {
    const notice = newDeviceNotice({ ip: IP, userAgent: FIREFOX_WINDOWS, method: "passkey", provider: "passkey" })
    const mail = securityNoticeMail(notice, { url: URL_, site: SITE })
    expect(mail.text).toContain("New sign-in to your account")
    expect(mail.text).toContain(`Someone signed in to your ${SITE} account with a passkey on a device not seen before: Firefox on Windows from 203.0.113.x.`)
  })

  it("new device without a known address or agent still reads", () => {
    const mail = securityNoticeMail(newDeviceNotice({ ip: null, userAgent: null, method: null }), { url: URL_, site: SITE })
    expect(mail.subject).toBe("New sign-in to your account — Unknown device (app.example.com)")
    expect(mail.text).toContain("account on a device not seen before: Unknown device.")
  })

  it("a provider's name is escaped in the HTML part", () => {
    const mail = securityNoticeMail({ kind: "account-linked", provider: "<b>Evil</b>" }, { url: URL_, site: SITE })
    expect(mail.html).not.toContain("<b>Evil</b>")
  })
})
