/**
 * Distinct session tokens for the cold cases: what a server with thousands
 * of signed-in users receives, each token checked for the first time. Each
 * library's pool is issued by that library's own encoder (not the instance
 * under test, whose cache would otherwise already know them), with the claims
 * a credentials sign-in of the bench user puts in a token.
 */
import { JWT_USER, type Library, SECRET } from "./libraries"

export const SESSION_SALT = "authjs.session-token"

/** The claims both libraries write for the bench user (`picture` is its null image). */
export const SESSION_CLAIMS = { name: JWT_USER.name, email: JWT_USER.email, picture: JWT_USER.image, sub: JWT_USER.id }

/** In parallel batches: @auth/core takes ~1.5 ms a token, most of it in the crypto thread pool. */
async function mintAll(count: number, mint: () => Promise<string>): Promise<string[]> {
  const tokens: string[] = []
  while (tokens.length < count) {
    const batch = Math.min(64, count - tokens.length)
    tokens.push(...(await Promise.all(Array.from({ length: batch }, mint))))
  }
  return tokens
}

export async function mintTokens(library: Library, count: number): Promise<string[]> {
  if (library === "ours") {
    const { KeyRing } = await import("../../lib/auth/jwt")
    const minter = new KeyRing(SECRET, { decodeCacheSize: 0 })
    return mintAll(count, () => minter.encode(SESSION_CLAIMS, SESSION_SALT))
  }
  const { encode } = await import("@auth/core/jwt")
  return mintAll(count, () => encode({ token: SESSION_CLAIMS, secret: SECRET, salt: SESSION_SALT }))
}
