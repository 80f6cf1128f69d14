/**
 * The one check of a password someone is about to set (sign-up, change,
 * reset, set-password): the free rules first (length, blocklist, context
 * words), then, only if they pass, the breached-password lookup, which
 * costs a request to another service.
 */
import { breachedPasswordProblem, type BreachedPasswordCheckOptions } from "./breached-passwords"
import { checkPassword, type PasswordContext, type PasswordProblem } from "./password-policy"

export async function screenNewPassword(
  password: string,
  context: PasswordContext,
  breach: BreachedPasswordCheckOptions = {},
): Promise<PasswordProblem | null> {
  return checkPassword(password, context) ?? (await breachedPasswordProblem(password, breach))
}
