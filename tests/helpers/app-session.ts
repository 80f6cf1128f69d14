/**
 * A signed-in browser for tests that call the starter's server actions
 * directly: the session cookie's value for a user, as the app's own sign-in
 * would leave it, under either strategy. Database: a Session row; jwt: a
 * token sealed with the suite's secret. The proof of identity can be aged
 * (step-up tests) and the session can be an admin's impersonation.
 */
import { encode } from "@/lib/auth/jwt"
import type { TestDatabase } from "@/tests/helpers/db"

export interface AppSessionOptions {
  strategy: "database" | "jwt"
  /** The suite's AUTH_SECRET and the session cookie's name (the jwt's salt). */
  secret: string
  cookieName: string
  /** Seconds since the user last proved who they are; default 0. */
  proofAgeSeconds?: number
  /** The impersonating admin's id: the session has no proof of its own. */
  impersonatedBy?: string
  /** The token's `roles` (jwt); default "user" with the roles the user's row holds. */
  claimedRoles?: string[]
}

let sessions = 0

export async function appSessionCookieValue(db: TestDatabase, userId: string, options: AppSessionOptions): Promise<string> {
  const proof = new Date(Date.now() - (options.proofAgeSeconds ?? 0) * 1000)
  if (options.strategy === "database") {
    const sessionToken = `session-${++sessions}-${Math.random().toString(36).slice(2)}`
    await db.prisma.session.create({
      data: {
        sessionToken,
        userId,
        expires: new Date(Date.now() + 3_600_000),
        authenticatedAt: options.impersonatedBy ? null : proof,
        impersonatedBy: options.impersonatedBy ?? null,
        impersonationReason: options.impersonatedBy ? "support ticket" : null,
      },
    })
    return sessionToken
  }
  const row = await db.prisma.user.findUniqueOrThrow({ where: { id: userId } })
  const seconds = Math.floor(proof.getTime() / 1000)
  return encode({
    secret: options.secret,
    salt: options.cookieName,
    maxAge: 3600,
    token: {
      sub: userId,
      name: row.name,
      email: row.email,
      authenticatedAt: seconds,
      signedInAt: seconds,
      validFrom: proof.getTime(),
      roles: options.claimedRoles ?? ["user", ...(row.roles ? row.roles.split(",") : [])],
      ...(options.impersonatedBy ? { impersonatedBy: options.impersonatedBy } : {}),
    },
  })
}
