/**
 * The mails the library (and the app, for its own account mails) sends: one
 * layout, HTML and plain text. Every value is escaped; the HTML loads nothing
 * from the network (a logo is only used when it is an inline data: image, sent
 * as a CID attachment), so mail clients show it without "load remote content".
 */

import { html, type SafeHtml } from "../pages/escape"
import { cssColor } from "../pages/styles"
import type { Theme } from "../types"

export interface MailAttachment {
  filename: string
  cid: string
  /** A data: URL; nodemailer decodes it. */
  path: string
  contentDisposition: "inline"
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
  attachments: MailAttachment[]
}

export interface ActionMailParams {
  /** The site's name as people know it, e.g. its host. */
  site: string
  subject: string
  heading: string
  /** One or two sentences above the button. */
  intro: string
  buttonLabel: string
  url: string
  /** Seconds the link stays valid. */
  lifetime: number
  /** Why the reader may ignore the mail. */
  ignoreNote: string
  theme?: Theme
}

const DEFAULT_BRAND = "#346df1"
const DEFAULT_BUTTON_TEXT = "#ffffff"
// Raster formats only: most mail clients do not render SVG.
const INLINE_LOGO = /^data:image\/(png|jpeg|gif);base64,[a-z0-9+/=]+$/i
const LOGO_CID = "logo@auth-mail"

/** "24 hours", "1 hour", "10 minutes": how long a link lives, for people. */
export function formatLifetime(seconds: number): string {
  const units: [number, string][] = [
    [86400, "day"],
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ]
  const whole = Math.max(1, Math.round(seconds))
  // Hours read better than "1 day" for the usual 24 h link.
  for (const [size, name] of units) {
    if (name === "day" && whole <= 86400) continue
    if (whole % size === 0 || size === 1 || whole >= size * 2) {
      const count = Math.round(whole / size)
      return `${count} ${name}${count === 1 ? "" : "s"}`
    }
  }
  return `${whole} seconds`
}

/** The brand colour and the mail's header: the inline logo (with its CID attachment) or the site's name. */
function mailHeader(site: string, theme: Theme | undefined): { brand: string; header: SafeHtml; attachments: MailAttachment[] } {
  const brand = cssColor(theme?.brandColor) ?? DEFAULT_BRAND
  const logo = typeof theme?.logo === "string" && INLINE_LOGO.test(theme.logo) ? theme.logo : undefined
  const attachments: MailAttachment[] = logo
    ? [{ filename: `logo.${/^data:image\/(\w+)/i.exec(logo)![1]}`, cid: LOGO_CID, path: logo, contentDisposition: "inline" }]
    : []
  const header = logo
    ? html`<img src="cid:${LOGO_CID}" alt="${site}" height="40" style="height:40px;border:0">`
    : html`<span style="font-size:20px;font-weight:700;color:${brand}">${site}</span>`
  return { brand, header, attachments }
}

/**
 * The page every mail shares: the site's header, the heading and the intro
 * over a light card that mail clients without CSS support still lay out.
 * `rows` are the mail's own table rows.
 */
function mailDocument(p: { subject: string; heading: string; intro: string }, header: SafeHtml, rows: SafeHtml): SafeHtml {
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${p.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:8px;padding:32px;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#111111">
<tr><td style="padding-bottom:24px">${header}</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111111">${p.heading}</h1></td></tr>
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${p.intro}</td></tr>
${rows}</table>
</td></tr>
</table>
</body>
</html>
`
}

/** A mail with one call to action (a link button), its text twin and its inline logo. */
export function renderActionMail(p: ActionMailParams): RenderedMail {
  const { brand, header, attachments } = mailHeader(p.site, p.theme)
  const buttonText = cssColor(p.theme?.buttonText) ?? DEFAULT_BUTTON_TEXT
  const lifetime = formatLifetime(p.lifetime)
  const body = mailDocument(p, header, html`<tr><td align="center" style="padding-bottom:24px">
<a href="${p.url}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${brand};color:${buttonText};font-size:16px;font-weight:600;text-decoration:none">${p.buttonLabel}</a>
</td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#3f3f46;padding-bottom:16px">The link works once and expires in ${lifetime}. If the button does not work, copy this address into your browser:<br><a href="${p.url}" style="color:#1d4ed8;word-break:break-all">${p.url}</a></td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#3f3f46">${p.ignoreNote}</td></tr>
`)
  const text = `${p.heading}

${p.intro}

${p.buttonLabel}: ${p.url}

The link works once and expires in ${lifetime}.

${p.ignoreNote}
`
  return { subject: p.subject, text, html: body.value, attachments }
}

/** The magic-link mail of the email provider: named for the product (`theme.name`), else the link's host. */
export function renderSignInMail(p: { url: string; host: string; lifetime: number; theme?: Theme }): RenderedMail {
  const site = p.theme?.name?.trim() || p.host
  return renderActionMail({
    site,
    subject: `Sign in to ${site} (link valid for ${formatLifetime(p.lifetime)})`,
    heading: `Sign in to ${site}`,
    intro: `Someone asked to sign in to ${site} with this email address. Use the button below to finish signing in.`,
    buttonLabel: `Sign in to ${site}`,
    url: p.url,
    lifetime: p.lifetime,
    ignoreNote: "If you did not ask for this, ignore this email: nobody can sign in without the link.",
    theme: p.theme,
  })
}

export interface NoticeMailParams {
  /** The site's name as people know it, e.g. its host. */
  site: string
  subject: string
  heading: string
  /** What happened, in one or two sentences. */
  intro: string
  /** Where the reader reviews it (a settings page); a plain link, not a one-time one. */
  linkLabel: string
  url: string
  /** What to do if it was not the reader. */
  warning: string
  theme?: Theme
}

/**
 * A mail that tells the user something happened to their account (a security
 * notice) rather than asking them to act: the same layout as an action mail,
 * with a link instead of a one-time button and no lifetime.
 */
export function renderNoticeMail(p: NoticeMailParams): RenderedMail {
  const { header, attachments } = mailHeader(p.site, p.theme)
  const body = mailDocument(p, header, html`<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px"><a href="${p.url}" target="_blank" style="color:#1d4ed8">${p.linkLabel}</a></td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#3f3f46">${p.warning}</td></tr>
`)
  const text = `${p.heading}

${p.intro}

${p.linkLabel}: ${p.url}

${p.warning}
`
  return { subject: p.subject, text, html: body.value, attachments }
}
