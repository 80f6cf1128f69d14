/**
 * Settings › Security activity in plain words: every type of entry and every
 * sign-in method reads as a sentence a user understands, the device without
 * version numbers, the time relative to the server's "now".
 */
import { describe, expect, it } from "vitest"
import type { SecurityEvent, SecurityEventMethod, SecurityEventType } from "@/lib/auth"
import {
  activityLine,
  activityText,
  addressPrefix,
  describeSecurityEvent,
  deviceName,
  FIRST_PASSWORD_DETAIL,
  relativeTime,
} from "@/server/accounts/security-activity"

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

function entry(type: SecurityEventType, more: Partial<SecurityEvent> = {}): SecurityEvent {
  return {
    id: "e1",
    userId: "u1",
    type,
    outcome: "success",
    method: null,
    provider: null,
    ip: "203.0.113.7",
    userAgent: CHROME_MAC,
    device: null,
    detail: null,
    createdAt: new Date("2026-11-26T07:09:00Z"),
    ...more,
  }
}

// Every type, exhaustively: a type added to the log without words here fails to compile.
const TYPES: Record<SecurityEventType, [success: string, failure: string]> = {
  "sign-in": ["Signed in", "Failed sign-in"],
  "sign-out": ["Signed out", "Sign-out failed"],
  "password-changed": ["Password changed", "Failed password change (wrong current password)"],
  "password-reset": ["Password reset with an email link", "Password reset failed"],
  "password-revoked": ["Password removed with It wasn't me (someone else had it); every session was signed out", "Removing the password failed"],
  "email-change-requested": ["Email address change requested", "Email address change refused"],
  "email-changed": ["Email address changed", "Email address change failed"],
  "passkey-added": ["Passkey added", "Adding a passkey failed"],
  "passkey-removed": ["Passkey removed", "Removing a passkey failed"],
  "account-linked": ["Account linked", "Linking an account failed"],
  "account-unlinked": ["Linked account unlinked", "Unlinking an account failed"],
  "two-factor-enabled": ["Two-factor authentication turned on", "Turning on two-factor authentication failed"],
  "two-factor-disabled": ["Two-factor authentication turned off", "Turning off two-factor authentication failed"],
  "recovery-codes-regenerated": ["New recovery codes made", "Making new recovery codes failed"],
  "session-revoked": ["Ended a session", "Ending a session failed"],
  "account-deletion-requested": ["Account deletion requested", "Account deletion refused"],
  "two-factor-failures": [
    "Several wrong two-factor codes at sign-in: someone who has your password may be trying to get in",
    "Several wrong two-factor codes at sign-in: someone who has your password may be trying to get in",
  ],
  reauthenticated: ["Identity confirmed", "Failed identity confirmation"],
  "roles-changed": ["Roles changed by an administrator", "Changing roles failed"],
  banned: ["Account suspended by an administrator", "Suspending the account failed"],
  unbanned: ["Suspension lifted by an administrator", "Lifting the suspension failed"],
  "sessions-revoked-by-admin": ["Sessions ended by an administrator", "Ending sessions failed"],
  "password-reset-sent": ["Password reset email sent by an administrator", "Sending a password reset email failed"],
  "two-factor-disabled-by-admin": ["Two-factor authentication turned off by an administrator", "Turning off two-factor authentication failed"],
  "user-deleted": ["Account deleted by an administrator", "Deleting the account failed"],
  "impersonation-started": ["Impersonation started", "Impersonation refused"],
  "impersonation-stopped": ["Impersonation ended", "Ending impersonation failed"],
  "organization-joined": ["Joined an organization", "Joining an organization failed"],
  "organization-left": ["Left an organization", "Leaving an organization failed"],
}

describe("describeSecurityEvent", () => {
  // Every way a re-authentication is written (actions/reauthenticate.ts, and the passkey and
  // email-link sign-ins made on a browser already signed in as the user), success and failure.
  it.each([
    [{ method: "password" }, "Identity confirmed with a password", "Failed identity confirmation with a password"],
    [
      { method: "password", detail: "with an authenticator code" },
      "Identity confirmed with a password (with an authenticator code)",
      "Failed identity confirmation with a password (with an authenticator code)",
    ],
    [
      { method: "password", detail: "with a recovery code" },
      "Identity confirmed with a password (with a recovery code)",
      "Failed identity confirmation with a password (with a recovery code)",
    ],
    [{ method: "totp" }, "Identity confirmed with an authenticator code", "Failed identity confirmation with an authenticator code"],
    [{ method: "recovery-code" }, "Identity confirmed with a recovery code", "Failed identity confirmation with a recovery code"],
    [{ method: "passkey" }, "Identity confirmed with a passkey", "Failed identity confirmation with a passkey"],
    [{ method: "email" }, "Identity confirmed with an email link", "Failed identity confirmation with an email link"],
  ] as [Partial<SecurityEvent>, string, string][])("a re-authentication %o", (more, success, failure) => {
    expect(describeSecurityEvent(entry("reauthenticated", more))).toBe(success)
    expect(describeSecurityEvent(entry("reauthenticated", { ...more, outcome: "failure" }))).toBe(failure)
  })

  it("a refused re-authentication says why without saying which factor was wrong", () => {
    const refused = entry("reauthenticated", { method: "password", outcome: "failure", detail: "wrong password or code" })
    expect(describeSecurityEvent(refused)).toBe("Failed identity confirmation with a password (wrong password or code)")
  })

  it.each(Object.entries(TYPES) as [SecurityEventType, [string, string]][])("%s, success and failure", (type, [success, failure]) => {
    expect(describeSecurityEvent(entry(type))).toBe(success)
    expect(describeSecurityEvent(entry(type, { outcome: "failure" }))).toBe(failure)
  })

  const METHODS: Record<SecurityEventMethod, string> = {
    password: "with a password",
    email: "with an email link",
    passkey: "with a passkey",
    oauth: "with a linked account",
    totp: "with an authenticator code",
    "recovery-code": "with a recovery code",
  }
  it.each(Object.entries(METHODS) as [SecurityEventMethod, string][])("sign-in with method %s", (method, words) => {
    expect(describeSecurityEvent(entry("sign-in", { method }))).toBe(`Signed in ${words}`)
    expect(describeSecurityEvent(entry("sign-in", { method, outcome: "failure" }))).toBe(`Failed sign-in ${words}`)
  })

  it("names an OAuth provider as people know it, or by its id", () => {
    const names = { github: "GitHub" }
    expect(describeSecurityEvent(entry("sign-in", { method: "oauth", provider: "github" }), names)).toBe("Signed in with GitHub")
    expect(describeSecurityEvent(entry("sign-in", { method: "oauth", provider: "oidc" }), names)).toBe("Signed in with oidc")
    expect(describeSecurityEvent(entry("account-linked", { provider: "github" }), names)).toBe("GitHub account linked")
    expect(describeSecurityEvent(entry("account-unlinked", { provider: "github" }), names)).toBe("GitHub account unlinked")
    // An id that happens to be an Object.prototype key is not looked up there.
    expect(describeSecurityEvent(entry("account-linked", { provider: "constructor" }), names)).toBe("constructor account linked")
  })

  it("a first password reads as set, not changed; a passkey's name is quoted", () => {
    expect(describeSecurityEvent(entry("password-changed", { detail: FIRST_PASSWORD_DETAIL }))).toBe("Password set")
    expect(describeSecurityEvent(entry("passkey-removed", { detail: "Work laptop" }))).toBe("Passkey removed “Work laptop”")
    expect(describeSecurityEvent(entry("session-revoked", { detail: "1 session" }))).toBe("Ended 1 session")
    expect(describeSecurityEvent(entry("session-revoked", { detail: "every other session (2 sessions)" }))).toBe("Ended every other session (2 sessions)")
    expect(describeSecurityEvent(entry("sign-in", { method: "password", detail: "with an authenticator code" }))).toBe(
      "Signed in with a password (with an authenticator code)",
    )
    expect(describeSecurityEvent(entry("sign-in", { method: "password", outcome: "failure", detail: "wrong authenticator code" }))).toBe(
      "Failed sign-in with a password (wrong authenticator code)",
    )
  })

  it("an entry of a type this version does not know still reads as something", () => {
    expect(describeSecurityEvent(entry("made-up" as SecurityEventType))).toBe("Account change")
  })
})

describe("deviceName", () => {
  it.each([
    [CHROME_MAC, "Chrome on macOS"],
    [FIREFOX_WINDOWS, "Firefox on Windows"],
    [SAFARI_IPHONE, "Safari on iOS"],
    [CHROME_ANDROID, "Chrome on Android"],
    ["curl/8.5.0", "curl"],
    [null, "Unknown device"],
    ["", "Unknown device"],
    ["something odd", "Unknown device"],
  ])("%s → %s (no version numbers)", (ua, name) => {
    expect(deviceName(ua)).toBe(name)
    expect(deviceName(ua)).not.toMatch(/\d/)
  })
})

describe("relativeTime", () => {
  const now = new Date("2026-11-26T12:00:00Z")
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000)
  it.each([
    [0, "just now"],
    [59, "just now"],
    [-30, "just now"], // another instance's clock a little ahead
    [60, "1 minute ago"],
    [2 * 60 + 5, "2 minutes ago"],
    [59 * 60 + 59, "59 minutes ago"],
    [3600, "1 hour ago"],
    [3 * 3600 + 10, "3 hours ago"],
    [24 * 3600, "1 day ago"],
    [3 * 24 * 3600, "3 days ago"],
    [29 * 24 * 3600, "29 days ago"],
    [30 * 24 * 3600, "1 month ago"],
    [89 * 24 * 3600, "2 months ago"],
    [365 * 24 * 3600, "1 year ago"],
    [800 * 24 * 3600, "2 years ago"],
  ])("%i seconds before → %s", (seconds, words) => {
    expect(relativeTime(before(seconds), now)).toBe(words)
  })
})

describe("addressPrefix", () => {
  it.each([
    ["203.0.113.7", "203.0.113.x"],
    ["::ffff:198.51.100.23", "198.51.100.x"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"],
    ["2001:0db8::1", "2001:db8:0::/48"],
    ["::1", "0:0:0::/48"],
    [null, null],
    ["", null],
    ["not an address", null],
    ["1:2:3", null],
  ])("%s → %s", (ip, prefix) => {
    expect(addressPrefix(ip)).toBe(prefix)
  })
})

describe("activityLine", () => {
  it("one line: what, device and when; the exact time and the address beside it", () => {
    const now = new Date("2026-11-26T07:11:00Z")
    const line = activityLine(entry("sign-in", { method: "passkey" }), now)
    expect(activityText(line)).toBe("Signed in with a passkey — Chrome on macOS — 2 minutes ago")
    expect(line).toMatchObject({ at: "2026-11-26T07:09:00.000Z", exact: "2026-11-26 07:09 UTC", ip: "203.0.113.7", address: "203.0.113.7", failed: false })
    const failed = activityLine(entry("sign-in", { method: "password", outcome: "failure", userAgent: FIREFOX_WINDOWS }), now)
    expect(activityText(failed)).toBe("Failed sign-in with a password — Firefox on Windows — 2 minutes ago")
    expect(failed.failed).toBe(true)
  })
})
