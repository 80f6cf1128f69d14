/**
 * The credentials provider's authorize() for email + password accounts. Rate
 * limits (per email, per client address) are applied by the library around
 * this call, counted before it runs; see lib/auth/actions/callback/credentials-limits.ts.
 */
import type { DbClient } from "@/lib/db/client"
import { type PublicUser, verifyCredentials } from "./users"

/** Checks email + password; null for either being wrong (the same answer in about the same time). */
export async function authorizeWithPassword(
  db: DbClient,
  credentials: { email?: unknown; password?: unknown },
): Promise<PublicUser | null> {
  return verifyCredentials(db, credentials.email, credentials.password)
}
