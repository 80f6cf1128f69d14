/**
 * The security log in plain words, for Settings › Security activity and the
 * security notice mails: what happened ("Signed in with a passkey"), on what
 * ("Chrome on macOS") and when ("2 minutes ago"). Pure functions: the page
 * passes the entries and the server's "now", so the words are testable
 * without a clock or a database.
 */
import { addressPrefix as networkOf, type SecurityEvent, type SecurityEventMethod, type SecurityEventType } from "@/lib/auth"
import { addressText } from "@/server/display/address"
import { deviceName } from "@/server/display/device"
import { exactTime, relativeTime } from "@/server/display/time"

// The mails and older callers name these here; server/display holds them for every page.
export { deviceName, exactTime, relativeTime }

/**
 * `detail` of a "password-changed" entry written when an account without a
 * password got its first one (the set-password link): the log has no type of
 * its own for it, and "Password changed" would mislead the owner.
 */
export const FIRST_PASSWORD_DETAIL = "first password"

/** Provider id → the name people know it by ("github" → "GitHub"); unknown ids read as themselves. */
export type ProviderNames = Readonly<Record<string, string>>

const METHOD_WORDS: Record<SecurityEventMethod, string> = {
  password: "a password",
  email: "an email link",
  passkey: "a passkey",
  oauth: "a linked account",
  totp: "an authenticator code",
  "recovery-code": "a recovery code",
}

/** "with a passkey", "with GitHub"; empty when the entry names no method. */
export function methodPhrase(method: SecurityEventMethod | null, provider: string | null, names: ProviderNames = {}): string {
  if (!method) return ""
  // An OAuth/OIDC sign-in reads better by its provider's name than as "a linked account".
  if (method === "oauth" && provider) return ` with ${providerName(provider, names)}`
  return ` with ${METHOD_WORDS[method]}`
}

export function providerName(provider: string, names: ProviderNames = {}): string {
  return Object.hasOwn(names, provider) ? names[provider] : provider
}

type Entry = Pick<SecurityEvent, "type" | "outcome" | "method" | "provider" | "detail">

/** Each type's words for a success and for a failure. A Record, so a new type cannot go unworded. */
const TYPE_WORDS: Record<SecurityEventType, (e: Entry, names: ProviderNames) => { success: string; failure: string }> = {
  // The library's note says how a second step went ("with an authenticator code") or why a
  // sign-in was refused ("wrong authenticator code"): in brackets after the method.
  "sign-in": (e, n) => {
    const how = `${methodPhrase(e.method, e.provider, n)}${bracketed(e.detail)}`
    return { success: `Signed in${how}`, failure: `Failed sign-in${how}` }
  },
  "sign-out": () => ({ success: "Signed out", failure: "Sign-out failed" }),
  "password-changed": (e) =>
    e.detail === FIRST_PASSWORD_DETAIL
      ? { success: "Password set", failure: "Setting a password failed" }
      : { success: "Password changed", failure: "Failed password change (wrong current password)" },
  "password-reset": () => ({ success: "Password reset with an email link", failure: "Password reset failed" }),
  "password-revoked": () => ({
    success: "Password removed with It wasn't me (someone else had it); every session was signed out",
    failure: "Removing the password failed",
  }),
  "email-change-requested": () => ({ success: "Email address change requested", failure: "Email address change refused" }),
  "email-changed": () => ({ success: "Email address changed", failure: "Email address change failed" }),
  "passkey-added": (e) => ({ success: `Passkey added${quoted(e.detail)}`, failure: "Adding a passkey failed" }),
  "passkey-removed": (e) => ({ success: `Passkey removed${quoted(e.detail)}`, failure: "Removing a passkey failed" }),
  "account-linked": (e, n) => {
    const what = e.provider ? `${providerName(e.provider, n)} account` : "Account"
    return { success: `${what} linked`, failure: `Linking ${e.provider ? `a ${providerName(e.provider, n)}` : "an"} account failed` }
  },
  "account-unlinked": (e, n) => {
    const what = e.provider ? `${providerName(e.provider, n)} account` : "Linked account"
    return { success: `${what} unlinked`, failure: "Unlinking an account failed" }
  },
  "two-factor-enabled": () => ({ success: "Two-factor authentication turned on", failure: "Turning on two-factor authentication failed" }),
  "two-factor-disabled": () => ({ success: "Two-factor authentication turned off", failure: "Turning off two-factor authentication failed" }),
  "recovery-codes-regenerated": () => ({ success: "New recovery codes made", failure: "Making new recovery codes failed" }),
  // The library's note says which and how many: "1 session", "every other session (2 sessions)".
  "session-revoked": (e) => ({ success: e.detail ? `Ended ${e.detail}` : "Ended a session", failure: "Ending a session failed" }),
  "account-deletion-requested": () => ({ success: "Account deletion requested", failure: "Account deletion refused" }),
  // The library's note says how many in how long: "5 wrong codes within 15 minutes".
  "two-factor-failures": (e) => {
    const words = `Several wrong two-factor codes at sign-in${bracketed(e.detail)}: someone who has your password may be trying to get in`
    return { success: words, failure: words }
  },
  // Step-up ("Confirm it's you"): how, and the library's note on the second factor or the refusal,
  // as for a sign-in: "Identity confirmed with a password (with an authenticator code)".
  reauthenticated: (e, n) => {
    const how = `${methodPhrase(e.method, e.provider, n)}${bracketed(e.detail)}`
    return { success: `Identity confirmed${how}`, failure: `Failed identity confirmation${how}` }
  },
  // What an administrator did to the account. The note never carries a ban's reason.
  "roles-changed": (e) => ({ success: `Roles changed by an administrator${bracketed(e.detail)}`, failure: "Changing roles failed" }),
  banned: (e) => ({ success: `Account suspended by an administrator${bracketed(e.detail)}`, failure: "Suspending the account failed" }),
  unbanned: () => ({ success: "Suspension lifted by an administrator", failure: "Lifting the suspension failed" }),
  "sessions-revoked-by-admin": (e) => ({ success: `Sessions ended by an administrator${bracketed(e.detail)}`, failure: "Ending sessions failed" }),
  "password-reset-sent": () => ({ success: "Password reset email sent by an administrator", failure: "Sending a password reset email failed" }),
  "two-factor-disabled-by-admin": () => ({
    success: "Two-factor authentication turned off by an administrator",
    failure: "Turning off two-factor authentication failed",
  }),
  "user-deleted": () => ({ success: "Account deleted by an administrator", failure: "Deleting the account failed" }),
  "impersonation-started": (e) => ({ success: `Impersonation started${bracketed(e.detail)}`, failure: "Impersonation refused" }),
  "impersonation-stopped": (e) => ({ success: `Impersonation ended${bracketed(e.detail)}`, failure: "Ending impersonation failed" }),
  "organization-joined": (e) => ({ success: `Joined an organization${quoted(e.detail)}`, failure: "Joining an organization failed" }),
  "organization-left": (e) => ({ success: `Left an organization${quoted(e.detail)}`, failure: "Leaving an organization failed" }),
}

/** A passkey's name, as the user gave it, in quotes; nothing when there is none. */
function quoted(detail: string | null): string {
  return detail ? ` “${detail}”` : ""
}

/** The library's short note in brackets: "(with an authenticator code)", "(wrong email or password)"; nothing when there is none. */
function bracketed(detail: string | null): string {
  return detail ? ` (${detail})` : ""
}

/** What happened, in words: "Signed in with a passkey", "Failed sign-in with a password", "Password changed". */
export function describeSecurityEvent(entry: Entry, names: ProviderNames = {}): string {
  const words = TYPE_WORDS[entry.type as SecurityEventType]
  // An entry whose type this app version does not know (written by a newer one) still reads as something.
  if (!words) return entry.outcome === "failure" ? "Account change failed" : "Account change"
  const text = words(entry, names)
  return entry.outcome === "failure" ? text.failure : text.success
}

/**
 * The network a client address belongs to, for mails: "203.0.113.x" (the
 * IPv4 /24), "2001:db8:1::/48" (IPv6): the same networks the library compares
 * to tell a device not seen before (security-log/device.ts). Enough for an
 * owner to recognise their home or office, without mailing an exact address.
 */
export function addressPrefix(ip: string | null | undefined): string | null {
  const network = networkOf(ip)
  if (network === "unknown") return null
  return network.includes(":") ? `${network}::/48` : `${network}.x`
}

/** One list item of Settings › Security activity. */
export interface ActivityLine {
  id: string
  /** "Signed in with a passkey" */
  what: string
  /** "Chrome on macOS" */
  device: string
  /** "2 minutes ago" */
  when: string
  /** ISO 8601, for <time dateTime>. */
  at: string
  /** "2026-11-26 07:09 UTC" */
  exact: string
  /** The raw client address, for the record (the data export); null when unknown. */
  ip: string | null
  /** The address as people read it: "this computer", "203.0.113.7"; null when unknown. */
  address: string | null
  failed: boolean
}

export function activityLine(event: SecurityEvent, now: Date, names: ProviderNames = {}): ActivityLine {
  return {
    id: event.id,
    what: describeSecurityEvent(event, names),
    device: deviceName(event.userAgent),
    when: relativeTime(event.createdAt, now),
    at: event.createdAt.toISOString(),
    exact: exactTime(event.createdAt),
    ip: event.ip,
    address: addressText(event.ip),
    failed: event.outcome === "failure",
  }
}

/** The line as one text: "Signed in with a passkey — Chrome on macOS — 2 minutes ago". */
export function activityText(line: Pick<ActivityLine, "what" | "device" | "when">): string {
  return `${line.what} — ${line.device} — ${line.when}`
}
