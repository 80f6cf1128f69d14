/**
 * The app's view of the one address normaliser (lib/auth/email/normalize.ts):
 * the same rules as the library's sign-in paths, as `null` for a refusal so
 * forms can answer "Enter a valid email address." without a try/catch.
 */
import { InvalidEmailAddress, normalizeEmailAddress } from "@/lib/auth"

export function normalizeEmail(input: unknown): string | null {
  try {
    return normalizeEmailAddress(input)
  } catch (error) {
    if (error instanceof InvalidEmailAddress) return null
    throw error
  }
}
