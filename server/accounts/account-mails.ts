/**
 * The texts of the app's own account mails, on the library's mail layout
 * (HTML + plain text, brand colour, no remote images).
 */
import { type RenderedMail, renderActionMail } from "@/lib/auth"
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
