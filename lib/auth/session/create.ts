import type { AuthContext } from "../context"
import type { Account, Adapter, Cookie, JWT, Profile, User } from "../types"
import { sessionCookie } from "./database-session"
import { encodeSessionToken, sessionStoreFor } from "./jwt-session"

export interface SignedInUser {
  user: User
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
}

/**
 * Starts a session for a user who just signed in and returns the cookies that
 * carry it. jwt: the jwt callback (trigger signIn/signUp) shapes the token.
 * database: a session row is created — for every provider type, credentials
 * included (Auth.js writes a JWT there, which the next request cannot find).
 */
export async function createSession(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]> {
  const { config } = ctx
  const { user, account, profile, isNewUser } = signedIn

  if (config.session.strategy === "database") {
    const adapter = config.adapter as Adapter
    // A new sign-in replaces the browser's previous session: its row would otherwise live on,
    // orphaned, until it expires.
    const previous = ctx.request.cookies[ctx.cookies.sessionToken.name]
    if (previous) await adapter.deleteSession!(previous)
    const expires = new Date(Date.now() + config.session.maxAge * 1000)
    const created = await adapter.createSession!({
      sessionToken: config.session.generateSessionToken(),
      userId: String(user.id),
      expires,
    })
    const store = sessionStoreFor(ctx)
    // Drop any chunked JWT left from a previous jwt-strategy deployment.
    const stale = store.clean().filter((c) => c.name !== ctx.cookies.sessionToken.name)
    return [...stale, sessionCookie(ctx, created.sessionToken, created.expires)]
  }

  const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id }
  const token = await config.callbacks.jwt({
    token: initial,
    user,
    account,
    profile,
    isNewUser: isNewUser === true,
    trigger: isNewUser ? "signUp" : "signIn",
  })
  const store = sessionStoreFor(ctx)
  if (!token) return store.clean()
  const expires = new Date(Date.now() + config.session.maxAge * 1000)
  return store.chunk(await encodeSessionToken(ctx, token), { expires })
}
