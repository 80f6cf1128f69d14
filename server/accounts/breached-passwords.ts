/**
 * The app's policy for breached passwords (ASVS 6.2.12): when
 * AUTH_BREACHED_PASSWORDS_URL is set, every new password (sign-up, change,
 * reset, set-password) is looked up through the library's k-anonymity range
 * client, and one found in a breach is refused. When the service cannot
 * answer, AUTH_BREACHED_PASSWORDS_ON_ERROR decides: "allow" (the default: an
 * outage of someone else's service must not stop sign-ups) or "refuse". The
 * first failure of each kind is logged with the outcome, then nothing more of
 * that kind until the service answers again, so an outage does not flood the
 * log; the password, its hash and the hash prefix are never logged.
 */
import {
  type BreachedPasswordFailure,
  breachedPasswordsOnErrorFromEnv,
  breachedPasswordsUrlFromEnv,
  checkBreachedPassword,
} from "@/lib/auth"
import { normalizePassword } from "./password-policy"

export interface BreachedPasswordCheckOptions {
  env?: Record<string, string | undefined>
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
  log?: (line: string) => void
}

const loggedFailures = new Set<BreachedPasswordFailure>()

function describe(failure: BreachedPasswordFailure, httpStatus: number | undefined): string {
  switch (failure) {
    case "timeout":
      return "did not answer in time"
    case "network":
      return "could not be reached"
    case "http-status":
      return `answered with HTTP ${httpStatus ?? "?"}`
    case "malformed":
      return "answered with something that is not a range answer"
  }
}

function origin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return "(an unusable AUTH_BREACHED_PASSWORDS_URL)"
  }
}

/**
 * "breached", "breach-check-unavailable" (the service failed and the policy
 * refuses) or null (not found, the check is off, or the service failed and
 * the policy allows).
 */
export async function breachedPasswordProblem(
  password: string,
  options: BreachedPasswordCheckOptions = {},
): Promise<"breached" | "breach-check-unavailable" | null> {
  const env = options.env ?? process.env
  const url = breachedPasswordsUrlFromEnv(env)
  if (url === undefined) return null
  const verdict = await checkBreachedPassword(normalizePassword(password), { url, timeoutMs: options.timeoutMs, fetch: options.fetch })
  if (verdict.status !== "failed") {
    // The service answers again: its next failure is news worth a line.
    loggedFailures.clear()
    return verdict.status === "breached" ? "breached" : null
  }
  // A value the start-up check would have refused fails closed: whoever set it meant something other than the default.
  const policy = breachedPasswordsOnErrorFromEnv(env) ?? "refuse"
  if (!loggedFailures.has(verdict.failure)) {
    loggedFailures.add(verdict.failure)
    const outcome = policy === "refuse" ? "refused" : "accepted unchecked"
    ;(options.log ?? console.warn)(
      `[breached passwords] the range API at ${origin(url)} ${describe(verdict.failure, verdict.httpStatus)} (${verdict.failure}); ` +
        `new passwords are ${outcome} (AUTH_BREACHED_PASSWORDS_ON_ERROR=${policy}) until it answers again. Further failures of this kind are not logged.`,
    )
  }
  return policy === "refuse" ? "breach-check-unavailable" : null
}
