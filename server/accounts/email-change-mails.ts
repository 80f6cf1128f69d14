/**
 * The texts of the mails of a change of email address, on the library's mail
 * layout. Five of them: the confirmation link to the new address, the notice
 * with a cancel link to the old one, the notice to the owner of an address
 * someone tried to take, and after the change one mail to each address.
 */
import { type RenderedMail, renderActionMail, renderNoticeMail } from "@/lib/auth"
import { brandTheme } from "@/server/mail/brand"
import { NOTICE_PATH } from "./account-mails"
import { EMAIL_CHANGE_LIFETIME_SECONDS } from "./email-change-tokens"

/** Where a user reviews what happened and ends sessions (Settings › Security activity), as every notice links it. */
export const securityUrl = (origin: string) => `${origin}${NOTICE_PATH}`

const SECURE_STEPS = "change your password and sign out every other session from Settings"

/** To the NEW address: the one link that makes the change. */
export function confirmNewEmailMail(p: { url: string; site: string; newEmail: string }): RenderedMail {
  return renderActionMail({
    site: p.site,
    subject: `Confirm your new email address for ${p.site} (link valid for 24 hours)`,
    heading: "Confirm your new email address",
    intro: `Someone asked to use ${p.newEmail} as the email address of their ${p.site} account. If it was you, confirm it with the button below; the address changes only then.`,
    buttonLabel: "Confirm my new email address",
    url: p.url,
    lifetime: EMAIL_CHANGE_LIFETIME_SECONDS,
    ignoreNote: "If you did not ask for this, ignore this email: nothing changes without the link.",
    theme: brandTheme,
  })
}

/**
 * To the OLD address, the same text whether the new address was free or not
 * (the requester reads this mailbox; a difference would tell them who owns it).
 */
export function changeRequestedMail(p: { cancelUrl: string; securityUrl: string; site: string; newEmail: string }): RenderedMail {
  return renderActionMail({
    site: p.site,
    subject: `A change of your email address was requested (${p.site})`,
    heading: "A change of your email address was requested",
    intro: `Someone signed in to your ${p.site} account asked to change its email address to ${p.newEmail}. Nothing changes unless the link mailed to that address is followed. If it was not you, cancel the change with the button below.`,
    buttonLabel: "Cancel this change",
    url: p.cancelUrl,
    lifetime: EMAIL_CHANGE_LIFETIME_SECONDS,
    // The address last, with nothing after it: mail clients turn it into a link without a stray ")" or ".".
    ignoreNote: `If it was you, ignore this email. If it was not, someone else is signed in to your account: after cancelling, ${SECURE_STEPS}: ${p.securityUrl}`,
    theme: brandTheme,
  })
}

/** To the owner of an address someone tried to move their own account to. */
export function addressInUseMail(p: { url: string; site: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `Someone tried to use your email address (${p.site})`,
    heading: "Someone tried to use your email address",
    intro: `Someone asked to use this address for another ${p.site} account. It already belongs to your account, so nothing changed: your account and its address stay as they are.`,
    linkLabel: "Review your account's security",
    url: p.url,
    warning: "You do not need to do anything. If you get this often, tell the site's support.",
    theme: brandTheme,
  })
}

/** After the change, to the OLD address. */
export function emailChangedOldMail(p: { url: string; site: string; newEmail: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `Your email address was changed (${p.site})`,
    heading: "Your email address was changed",
    intro: `The email address of your ${p.site} account is now ${p.newEmail}. This address no longer signs in to it, and every other session of the account was signed out.`,
    linkLabel: "Review your account's security",
    url: p.url,
    warning: `If this was not you, someone else controls your account: ask for a password reset at the new address if you can, or contact the site's support right away.`,
    theme: brandTheme,
  })
}

/** After the change, to the NEW address. */
export function emailChangedNewMail(p: { url: string; site: string; newEmail: string }): RenderedMail {
  return renderNoticeMail({
    site: p.site,
    subject: `Your email address is now ${p.newEmail} (${p.site})`,
    heading: "Your new email address is confirmed",
    intro: `You now sign in to your ${p.site} account with ${p.newEmail}. Every other session of the account was signed out.`,
    linkLabel: "Review your account's security",
    url: p.url,
    warning: `If this was not you, ${SECURE_STEPS}.`,
    theme: brandTheme,
  })
}
