/**
 * The texts of the app's own account mails, on the library's mail layout
 * (HTML + plain text, brand colour, no remote images).
 */
import { type RenderedMail, renderActionMail, renderNoticeMail } from "@/lib/auth"
import { brandTheme } from "@/server/mail/brand"
import { TOKEN_LIFETIME_SECONDS } from "./account-tokens"
import { PASSWORD_REVOKE_LIFETIME_SECONDS } from "./password-revoke-tokens"

export function passwordResetMail(p: { url: string; site: string }): RenderedMail {
  return renderActionMail({
    site: p.site,
    subject: `Reset your password for ${p.site} (link valid for 1 hour)`,
    heading: "Reset your password",
    intro: `Someone asked to reset the password of your ${p.site} account. Choose a new password with the button below.`,
    buttonLabel: "Choose a new password",
    url: p.url,
    lifetime: TOKEN_LIFETIME_SECONDS["password-reset"],
    ignoreNote: "If you did not ask for this, ignore this email: your password stays as it is.",
    theme: brandTheme,
  })
}

export function setPasswordMail(p: { url: string; site: string }): RenderedMail {
  return renderActionMail({
    site: p.site,
    subject: `Set a password for ${p.site} (link valid for 1 hour)`,
    heading: "Set a password",
    intro: `You asked to add a password to your ${p.site} account, which you sign in to without one so far. Choose it with the button below.`,
    buttonLabel: "Choose a password",
    url: p.url,
    lifetime: TOKEN_LIFETIME_SECONDS["set-password"],
    ignoreNote: "If you did not ask for this, ignore this email: no password is set until the link is used.",
    theme: brandTheme,
  })
}

export function verifyEmailMail(p: { url: string; site: string }): RenderedMail {
  return renderActionMail({
    site: p.site,
    subject: `Confirm your email address for ${p.site} (link valid for 24 hours)`,
    heading: "Confirm your email address",
    intro: `Confirm that this address belongs to your new ${p.site} account.`,
    buttonLabel: "Confirm my email address",
    url: p.url,
    lifetime: TOKEN_LIFETIME_SECONDS["verify-email"],
    ignoreNote: "If you did not create an account, ignore this email.",
    theme: brandTheme,
  })
}

/** What happened to the account's second factor, for the notice mails below. */
export type TwoFactorNotice = "enabled" | "disabled" | "recovery-codes-regenerated"

const TWO_FACTOR_NOTICES: Record<TwoFactorNotice, { subject: string; heading: string; intro: string }> = {
  enabled: {
    subject: "Two-factor authentication was turned on",
    heading: "Two-factor authentication is on",
    intro: "From now on, signing in to your account asks for a code from your authenticator app (or a recovery code, or a passkey) after the first step.",
  },
  disabled: {
    subject: "Two-factor authentication was turned off",
    heading: "Two-factor authentication is off",
    intro: "Signing in to your account no longer asks for a code from an authenticator app. Your recovery codes no longer work.",
  },
  "recovery-codes-regenerated": {
    subject: "New recovery codes were made for your account",
    heading: "Your recovery codes were replaced",
    intro: "A new set of 10 recovery codes was made for your account. The previous codes no longer work.",
  },
}

/**
 * Every security notice links to the same place: Settings › Security activity
 * (what happened, from where) just above Sessions (where the owner ends the
 * ones they do not recognise).
 */
export const NOTICE_LINK_LABEL = "Review your account activity and end sessions"

/** The path of that place; callers put their mail origin in front. */
export const NOTICE_PATH = "/settings#security-activity"

/** A security notice: the owner learns of a change to their second factor, whoever made it. */
export function twoFactorNoticeMail(notice: TwoFactorNotice, p: { url: string; site: string }): RenderedMail {
  const text = TWO_FACTOR_NOTICES[notice]
  return renderNoticeMail({
    site: p.site,
    subject: `${text.subject} (${p.site})`,
    heading: text.heading,
    intro: text.intro,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.url,
    warning: `If this was not you, someone else is signed in to your account: change your password, sign out your other sessions and turn two-factor authentication back on from Settings on ${p.site}.`,
    theme: brandTheme,
  })
}

/**
 * A security notice: wrong two-factor codes kept coming at sign-in (the
 * library's alert: 5 within 15 minutes by default). Whoever typed them got
 * past the first step, so the owner is told to change the password even
 * though nobody got in.
 */
export function twoFactorFailuresMail(p: { url: string; site: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `Several wrong two-factor codes at sign-in (${p.site})`,
    heading: "Someone is trying to sign in to your account",
    intro: `Several wrong two-factor codes were typed while signing in to your ${p.site} account. Whoever typed them got past the first step: they know your password, or could use your email or a linked account. They were not let in without the code.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.url,
    warning: `If this was you, there is nothing to do. If not, change your password from Settings on ${p.site} now, and check your email account and linked accounts.`,
    theme: brandTheme,
  })
}

/** How an account's password came to change: Settings, a reset link, or a first password set by link. */
export type PasswordChange = "changed" | "reset" | "set"

const PASSWORD_NOTICES: Record<PasswordChange, { subject: string; heading: string; intro: (site: string) => string }> = {
  changed: {
    subject: "Your password was changed",
    heading: "Your password was changed",
    intro: (site) => `The password of your ${site} account was changed from Settings. Your other sessions were signed out.`,
  },
  reset: {
    subject: "Your password was reset",
    heading: "Your password was reset",
    intro: (site) => `The password of your ${site} account was reset with a link mailed to this address. Every session was signed out.`,
  },
  set: {
    subject: "A password was added to your account",
    heading: "Your account has a password",
    intro: (site) => `Your ${site} account now has a password, chosen with a link mailed to this address. It signs you in together with this email address.`,
  },
}

/** A security notice: the account's password changed. Never holds the password, old or new. */
export function passwordNoticeMail(change: PasswordChange, p: { url: string; site: string }): RenderedMail {
  const text = PASSWORD_NOTICES[change]
  return renderNoticeMail({
    site: p.site,
    subject: `${text.subject} (${p.site})`,
    heading: text.heading,
    intro: text.intro(p.site),
    linkLabel: NOTICE_LINK_LABEL,
    url: p.url,
    warning: `If this was not you, choose a new password now with "Forgot password?" on the sign-in page of ${p.site}, then end the sessions you do not recognise.`,
    theme: brandTheme,
  })
}

/** A security notice: a new passkey can sign in to the account. */
export function passkeyAddedMail(p: { url: string; site: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `A passkey was added to your account (${p.site})`,
    heading: "A passkey was added",
    intro: `A new passkey can now sign in to your ${p.site} account.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.url,
    warning: `If this was not you, someone else is signed in to your account: remove the passkey and end your other sessions from Settings on ${p.site}, then change your password.`,
    theme: brandTheme,
  })
}

/** A security notice: an account at a provider (GitHub, ...) now signs in to this one. */
export function accountLinkedMail(p: { url: string; site: string; provider: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `${p.provider} was linked to your account (${p.site})`,
    heading: `${p.provider} was linked to your account`,
    intro: `You can now sign in to your ${p.site} account with ${p.provider}.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.url,
    warning: `If this was not you, someone else is signed in to your account: unlink ${p.provider} and end your other sessions from Settings on ${p.site}, then change your password.`,
    theme: brandTheme,
  })
}

/**
 * A security notice: a sign-in from a browser and network the account has not
 * used before. `device` is "Chrome on macOS", `network` an address prefix
 * ("203.0.113.x"), `method` how ("with a password"); none of them a secret.
 */
export function newDeviceSignInMail(p: { url: string; site: string; device: string; network: string | null; method: string }): RenderedMail {
  const where = p.network ? `${p.device} from ${p.network}` : p.device
  return renderNoticeMail({
    site: p.site,
    subject: `New sign-in to your account — ${where} (${p.site})`,
    heading: "New sign-in to your account",
    intro: `Someone signed in to your ${p.site} account${p.method} on a device not seen before: ${where}.`,
    linkLabel: NOTICE_LINK_LABEL,
    url: p.url,
    warning: `If this was you, there is nothing to do. If not, end that session and change your password from Settings on ${p.site}, and turn on two-factor authentication.`,
    theme: brandTheme,
  })
}

/** The page behind the notice's "It wasn't me" (app/password-revoke); callers add the origin and the token. */
export const PASSWORD_REVOKE_PATH = "/password-revoke"

/**
 * The same alert when the first step was the password: whoever typed the
 * codes has it. The call to action removes that password in one click (on a
 * confirmation page, so a mail scanner following the link changes nothing).
 */
export function twoFactorPasswordFailuresMail(p: { url: string; site: string; revokeUrl: string; failures?: number }): RenderedMail {
  const times = p.failures === undefined ? "several times" : `${p.failures} times`
  return renderActionMail({
    site: p.site,
    subject: `Several wrong two-factor codes at sign-in (${p.site})`,
    heading: "Someone has your password",
    intro: `Someone entered your password for ${p.site} and then failed the second step ${times}: they were not let in without the code. If this was not you, remove that password now. Whoever has it can no longer use it, and every session of your account is signed out.`,
    buttonLabel: "It wasn't me: remove my password",
    url: p.revokeUrl,
    lifetime: PASSWORD_REVOKE_LIFETIME_SECONDS,
    ignoreNote: `If this was you, there is nothing to do. Once the password is removed you sign in with a link mailed to you, a passkey or a linked account, and choose a new password with Forgot password. Your account activity: ${p.url}`,
    theme: brandTheme,
  })
}
