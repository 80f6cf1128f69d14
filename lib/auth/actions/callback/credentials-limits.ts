/**
 * Rate limits around a credentials check. Each attempt is counted BEFORE the
 * password is checked, so a burst of parallel guesses is cut off at the limit
 * instead of all being checked while the first ones run. A success clears the
 * identifier's window and gives the client its attempt back; a failure keeps
 * both. Strangers and browsers that signed in to the identifier before have
 * separate budgets, so a flood of wrong guesses does not lock the owner out.
 * The client is counted before the identifier and a refused client stops
 * there, so it cannot use up the identifier's budget.
 */
import type { AuthContext } from "../../context"
import { CredentialsRateLimited } from "../../errors"
import { isKnownClient, knownClientCookie, knownClientCookieName } from "../../rate-limit/known-client"
import type { CredentialsConfig } from "../../providers/types"
import { normalizeEmailAddress } from "../../email/normalize"

export interface CredentialsAttempt {
  /** Call after a successful check: clears counters, remembers the browser. */
  succeeded(): Promise<void>
}

/** The account-naming field: the provider's own choice, else the first non-password credential. */
function canonicalAddress(value: string): string | undefined {
  try {
    return normalizeEmailAddress(value)
  } catch {
    return undefined
  }
}

export function credentialIdentifier(provider: CredentialsConfig, body: Record<string, unknown>): string | undefined {
  const chosen = provider.identifier
    ? provider.identifier(body)
    : (() => {
        const field = Object.entries(provider.credentials).find(([, input]) => input.type !== "password")?.[0]
        const value = field === undefined ? undefined : body[field]
        return typeof value === "string" ? value : undefined
      })()
  if (typeof chosen !== "string") return undefined
  // An address counts under the one normaliser's canonical form (the key a reset clears); anything
  // else, and look-alikes it refuses, folded by NFKC so that they share the budget of what they imitate.
  const address = canonicalAddress(chosen)
  if (address) return address
  const normalised = chosen.normalize("NFKC").trim().toLowerCase()
  return normalised === "" ? undefined : normalised.slice(0, 320)
}

/** Counts the attempt; throws CredentialsRateLimited when any rule is over its limit. */
export async function beginCredentialsAttempt(ctx: AuthContext, provider: CredentialsConfig): Promise<CredentialsAttempt> {
  const { rateLimiter: limiter, secrets } = ctx.config
  const secure = ctx.cookies.sessionToken.name.startsWith("__Secure-")
  const client = limiter.clientAddress(ctx.request.request)
  const identifier = credentialIdentifier(provider, ctx.request.body ?? {})
  const known =
    identifier !== undefined &&
    (await isKnownClient(ctx.request.cookies[knownClientCookieName(secure)], identifier, secrets))
  const identifierAction = known ? "credentials-identifier-known-client" : "credentials-identifier"

  // The client first: one over its limit must not spend the budget of the account it names.
  const verdict = await limiter.consumeAll(
    identifier === undefined ? [["credentials-client", client]] : [["credentials-client", client], [identifierAction, identifier]],
  )
  if (!verdict.allowed) throw new CredentialsRateLimited(verdict.retryAfterSeconds)

  return {
    async succeeded() {
      await limiter.undo("credentials-client", client)
      if (identifier === undefined) return
      await limiter.reset(identifierAction, identifier)
      ctx.outCookies.push(await knownClientCookie(identifier, secrets, secure))
    },
  }
}
