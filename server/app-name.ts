/**
 * The product's name, from APP_NAME (default "Auth Starter"). Read here and
 * nowhere else, so the password policy's context words and anything that
 * shows the name agree on it.
 */

export const DEFAULT_APP_NAME = "Auth Starter"

/** Longer than any sensible product name; a longer value is cut, not refused. */
const MAX_APP_NAME_LENGTH = 80

export function appName(env: Record<string, string | undefined> = process.env): string {
  const value = env.APP_NAME?.normalize("NFKC").replace(/\s+/g, " ").trim() ?? ""
  return value === "" ? DEFAULT_APP_NAME : [...value].slice(0, MAX_APP_NAME_LENGTH).join("")
}
