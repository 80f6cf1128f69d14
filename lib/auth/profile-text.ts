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
