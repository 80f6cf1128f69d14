/**
 * A mail's subject is one header line. A line break inside it, from any
 * value a subject is built from (an organization's name, the app's name, a
 * user's name), would end the header and start another one: an injected
 * Bcc or body on SMTP, a refused or rewritten request on an HTTP mail API.
 * Every sender passes the subject through here right before it leaves.
 */

/**
 * Control characters (C0 and C1: CR, LF, VT, FF, NEL U+0085, tab) and the
 * Unicode line and paragraph separators (U+2028, U+2029), in runs.
 */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu

/** The subject on one line: every run of breaks and controls becomes one space, the ends trimmed. */
export function oneLineSubject(subject: string): string {
  return subject.replace(BREAKS_AND_CONTROLS, " ").replace(/ {2,}/g, " ").trim()
}
