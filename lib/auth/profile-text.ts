/**
 * The one rule for text a user writes into their profile (display names) and
 * for identifiers (emails), used by every write path: sign-up, settings and
 * POST /session. Text is NFKC-normalised, and refused when it holds anything
 * a reader cannot see or that changes how text around it renders: control
 * characters (C0, C1), format characters (Cf: zero-width joiners, bidi
 * overrides such as U+202E), line and paragraph separators, private-use
 * characters, or lone surrogates (not valid Unicode; SQLite would store
 * invalid UTF-8). Lookalike accounts and spoofed names start there.
 */

export const MAX_DISPLAY_NAME_LENGTH = 80

const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u

/** True when the text holds no character the rule refuses (see the module header). */
export function isVisibleText(value: string): boolean {
  return value.isWellFormed() && !INVISIBLE_OR_CONTROL.test(value)
}

/**
 * A display name as stored: NFKC, runs of spaces collapsed, trimmed, 1 to 80
 * characters (code points). null when it breaks the rule.
 */
export function normalizeDisplayName(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 4 * MAX_DISPLAY_NAME_LENGTH || !input.isWellFormed()) return null
  // Tabs and newlines are whitespace to collapse, not characters to refuse.
  const name = input.normalize("NFKC").replace(/[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, " ").trim()
  if (name === "" || [...name].length > MAX_DISPLAY_NAME_LENGTH || !isVisibleText(name)) return null
  return name
}

/** Whitespace a name from elsewhere may carry, line breaks included: each run becomes one space. */
const WHITESPACE_RUN = /[ \t\n\v\f\r\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu
const INVISIBLE_OR_CONTROL_ALL = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/gu

/**
 * A display name nobody typed into our forms (an OAuth/OIDC profile, Apple's
 * unsigned `user` field, a passkey sign-up's name) under the same rule,
 * cleaned instead of refused: the user cannot fix what their provider sends,
 * and refusing would leave them without a name or unable to sign in. What the
 * rule refuses is taken out, whitespace collapsed, the result cut to 80
 * characters; null when nothing visible is left.
 */
export function cleanDisplayName(input: unknown): string | null {
  if (typeof input !== "string") return null
  // Only the start can survive the cut: a 10 kB name is not worth normalising whole.
  // Split by code points, so a lone surrogate is one element and dropped.
  const head = Array.from(input.slice(0, 8 * MAX_DISPLAY_NAME_LENGTH))
    .filter((c) => c.isWellFormed())
    .join("")
  const name = head
    .normalize("NFKC")
    .replace(WHITESPACE_RUN, " ")
    .replace(INVISIBLE_OR_CONTROL_ALL, "")
    .replace(/ {2,}/g, " ")
    .trim()
  const capped = Array.from(name).slice(0, MAX_DISPLAY_NAME_LENGTH).join("").trim()
  return capped === "" ? null : capped
}
