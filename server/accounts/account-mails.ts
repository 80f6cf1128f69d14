/**
 * The texts of the app's own account mails, on the library's mail layout
 * (HTML + plain text, brand colour, no remote images).
 */
import { type RenderedMail, renderActionMail, renderNoticeMail } from "@/lib/auth"
import { brandTheme } from "@/server/mail/brand"
import { TOKEN_LIFETIME_SECONDS } from "./account-tokens"

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

/** A security notice: the owner learns of a change to their second factor, whoever made it. */
export function twoFactorNoticeMail(notice: TwoFactorNotice, p: { url: string; site: string }): RenderedMail {
  const text = TWO_FACTOR_NOTICES[notice]
  return renderNoticeMail({
    site: p.site,
    subject: `${text.subject} (${p.site})`,
    heading: text.heading,
    intro: text.intro,
    linkLabel: "Review your security settings",
    url: p.url,
    warning: `If this was not you, someone else is signed in to your account: change your password, sign out your other sessions and turn two-factor authentication back on from Settings on ${p.site}.`,
    theme: brandTheme,
  })
}
