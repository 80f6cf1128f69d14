import { dictionary } from "@zxcvbn-ts/language-common"

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules"

/** NIST SP 800-63B style: length limits and a blocklist, no composition rules. */
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH }

let common: Set<string> | undefined

/** The ~50k most common passwords (zxcvbn-ts list), kept only where long enough to pass the length rule. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[]).filter((p) => p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()),
  )
  return common
}

export type PasswordProblem = "too-short" | "too-long" | "too-common"

export const passwordProblemText: Record<PasswordProblem, string> = {
  "too-short": `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  "too-long": `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  "too-common": "This password is too common. Choose one that is harder to guess.",
}

/**
 * The form of a password that is both checked and hashed: NFKC, so that
 * full-width "ｐａｓｓｗｏｒｄ１２３" is the "password123" it hashes to.
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC")
}

/** Checks the normalised password; counts characters as a person sees them (code points), not UTF-16 units. */
export function checkPassword(input: string, context: { email?: string; name?: string } = {}): PasswordProblem | null {
  const password = normalizePassword(input)
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return "too-short"
  if (length > MAX_PASSWORD_LENGTH) return "too-long"
  const lower = password.toLowerCase()
  if (commonPasswords().has(lower)) return "too-common"
  if (/^(.)\1+$/.test(password)) return "too-common"
  const local = context.email?.split("@")[0]?.toLowerCase()
  if (local && local.length >= 4 && lower === local) return "too-common"
  if (context.email && lower === context.email.toLowerCase()) return "too-common"
  return null
}
