/**
 * The built-in error page. The `?error=` value selects one of a few fixed
 * texts and the status code; it is never shown.
 */

import type { ReportedErrorType } from "../errors"
import { html, type SafeHtml } from "./escape"
import { productName, renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl, siteLabel } from "./urls"

export interface ErrorPageParams {
  /** The `?error=` query value. */
  error?: string
  signinUrl: string
  homeUrl: string
  theme: PageTheme
}

interface ErrorKind {
  status: number
  heading: string
  lines: readonly string[]
  /** Which way out the page offers. */
  link: "signin" | "home"
}

// Keyed by what the library reports; any other value (an app's, an old Auth.js name) gets the default.
const KINDS: Readonly<Partial<Record<ReportedErrorType, ErrorKind>>> = {
  Configuration: {
    status: 500,
    heading: "Server error",
    lines: ["There is a problem with the server configuration.", "Check the server logs for more information."],
    link: "home",
  },
  InvalidCheck: {
    status: 400,
    heading: "Unable to sign in",
    lines: ["The sign-in could not be checked: it may have expired or been started in another browser.", "Start again."],
    link: "signin",
  },
  AccessDenied: {
    status: 403,
    heading: "Access denied",
    lines: ["You do not have permission to sign in."],
    link: "signin",
  },
  CrossSiteRequest: {
    status: 403,
    heading: "Request refused",
    lines: ["This form was sent from another site, so it was not accepted.", "If you meant to sign in or out, do it from this site."],
    link: "signin",
  },
  WebAuthnVerificationError: {
    status: 403,
    heading: "Unable to sign in",
    lines: ["The passkey could not be verified.", "Try again, or sign in another way."],
    link: "signin",
  },
  DatabaseUnavailable: {
    status: 503,
    heading: "Temporarily unavailable",
    lines: ["Signing in is not possible right now: the server cannot reach its database.", "Nothing was changed. Try again in a moment."],
    link: "signin",
  },
  ProviderUnavailable: {
    status: 404,
    heading: "Sign-in method not available",
    lines: ["This way of signing in is not set up on this site.", "Sign in another way."],
    link: "signin",
  },
  Verification: {
    status: 403,
    heading: "Unable to sign in",
    lines: ["The sign in link is no longer valid.", "It may have been used already or it may have expired."],
    link: "signin",
  },
}

// Any other value: say what we know (the step did not finish, nothing to fix on the user's side)
// and the way on, rather than a bare "Error".
const DEFAULT_KIND: ErrorKind = {
  status: 200,
  heading: "Something went wrong",
  lines: ["That step could not be finished. It is not something you did wrong.", "Sign in again; if it keeps happening, try again in a few minutes."],
  link: "signin",
}

/** The status code the error page uses for an `?error=` value. */
export function errorPageStatus(error: string | undefined): number {
  return errorKind(error).status
}

function errorKind(error: string | undefined): ErrorKind {
  return error !== undefined && Object.hasOwn(KINDS, error) ? (KINDS[error as ReportedErrorType] as ErrorKind) : DEFAULT_KIND
}

export function renderErrorPage(p: ErrorPageParams): RenderedPage {
  const kind = errorKind(p.error)
  const home = safeUrl(p.homeUrl) ?? "/"
  const homeLink = html`<p class="footer"><a href="${home}">Go to ${productName(p.theme) ?? siteLabel(home)}</a></p>`
  // Every error page has a way on: sign in again where that can help, and always the way home.
  const action: SafeHtml =
    kind.link === "signin" ? html`<a class="button button-primary" href="${safeUrl(p.signinUrl) ?? "/"}">Sign in</a>
${homeLink}` : homeLink
  const content = html`<h1>${kind.heading}</h1>
${kind.lines.map((line, i) => html`<p${i === 0 && html` class="lead"`}>${line}</p>
`)}${action}`
  return renderDocument({ title: kind.heading, theme: p.theme, content, status: kind.status })
}
