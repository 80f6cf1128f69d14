/**
 * Verification tokens of the email provider: issued as random text for the
 * link, stored only as `sha256(token + secret)` (the hash Auth.js stores, so
 * links issued before a migration keep working), consumed exactly once.
 */
import { hashToken, tokenHashCandidates } from "../hash"
import type { EmailAdapter } from "../adapters/capabilities"
import type { VerificationToken } from "../adapters/types"

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let hex = ""
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0")
  return hex
}

/** The secrets a token is hashed with: the provider's own, else the configuration's (newest first). */
export function tokenSecrets(providerSecret: string | undefined, secrets: readonly string[]): readonly string[] {
  return providerSecret ? [providerSecret] : secrets
}

/**
 * Stores the hash of `token` and resolves once the adapter has written it: the
 * mail goes out only after this, so a fast click always finds its token.
 */
export async function storeVerificationToken(
  adapter: EmailAdapter,
  params: { identifier: string; token: string; expires: Date; secrets: readonly string[] },
): Promise<VerificationToken> {
  const hashed = { identifier: params.identifier, token: await hashToken(params.token, params.secrets[0]!), expires: params.expires }
  await adapter.createVerificationToken(hashed)
  return hashed
}

/**
 * Consumes the stored token for this identifier: the first hash candidate the
 * adapter finds is deleted and returned. Candidates cover every configured
 * secret, so rotating AUTH_SECRET does not invalidate links already mailed.
 * Null when there is none; an expired token is consumed too and reported as null.
 */
export async function consumeVerificationToken(
  adapter: EmailAdapter,
  params: { identifier: string; token: string; secrets: readonly string[]; now?: Date },
): Promise<VerificationToken | null> {
  for (const hash of await tokenHashCandidates(params.token, params.secrets)) {
    const found = await adapter.useVerificationToken({ identifier: params.identifier, token: hash })
    if (!found) continue
    const expires = found.expires instanceof Date ? found.expires : new Date(found.expires)
    return expires.getTime() > (params.now ?? new Date()).getTime() ? found : null
  }
  return null
}
