import { warnOncePerProcess } from "../logger"
import type { AuthContext } from "../context"
import { SessionStore } from "../cookies"
import { emitEvent } from "../events"
import type { JWT, Session } from "../types"

export interface SessionUpdate {
  /** Data sent by the client's update(); present only on POST /session. */
  data: unknown
}

/** Claims that change on every encode and so say nothing about whether the content changed. */
function contentOf(token: JWT): string {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = token
  return JSON.stringify(rest)
}

export function sessionStoreFor(ctx: AuthContext): SessionStore {
  return new SessionStore(ctx.cookies.sessionToken, ctx.request.cookies)
}

export async function decodeSessionToken(ctx: AuthContext, value: string): Promise<JWT | null> {
  const { config } = ctx
  const salt = ctx.cookies.sessionToken.name
  return config.builtinJwt
    ? config.keyRing.decode(value, salt)
    : config.jwt.decode({ token: value, salt, secret: config.secrets })
}

/** Encrypts a session token; its lifetime is `jwt.maxAge` (which defaults to `session.maxAge`). */
export async function encodeSessionToken(ctx: AuthContext, token: JWT): Promise<string> {
  const { config } = ctx
  const salt = ctx.cookies.sessionToken.name
  const maxAge = config.jwt.maxAge
  return config.builtinJwt
    ? config.keyRing.encode(token, salt, maxAge)
    : config.jwt.encode({ token, salt, secret: config.secrets, maxAge })
}

/**
 * Reads (and on POST, updates) a jwt-strategy session. The cookie is
 * re-issued only when the token's content changed, on update, or once the
 * token is older than `updateAge` (0: every access) — not on every call as
 * Auth.js does, which costs an encryption and a Set-Cookie per request.
 */
export async function jwtSession(
  ctx: AuthContext,
  update: SessionUpdate | undefined,
): Promise<{ session: Session | null; cookies: AuthContext["outCookies"] }> {
  const { config } = ctx
  const store = sessionStoreFor(ctx)
  const value = store.value
  if (!value) return { session: null, cookies: [] }

  let payload: JWT | null
  try {
    payload = await decodeSessionToken(ctx, value)
  } catch (cause) {
    // No stack and no per-request error line: a client can send a junk cookie with every request.
    warnOncePerProcess(config.logger, "undecodable-session-token", cause instanceof Error ? cause.message : String(cause))
    payload = null
  }
  if (!payload) return { session: null, cookies: store.clean() }

  const token = await config.callbacks.jwt(
    update ? { token: payload, session: update.data, trigger: "update" } : { token: payload, session: undefined },
  )
  if (!token) return { session: null, cookies: store.clean() }

  const nowSeconds = Math.floor(Date.now() / 1000)
  const { maxAge, updateAge } = config.session
  const reissue =
    update !== undefined ||
    updateAge === 0 ||
    typeof payload.iat !== "number" ||
    nowSeconds - payload.iat >= updateAge ||
    contentOf(token) !== contentOf(payload)

  // The token lives jwt.maxAge, the cookie carrying it session.maxAge (both from the last issue);
  // the session ends with whichever goes first.
  const issuedAt = reissue ? nowSeconds : (payload.iat as number)
  const tokenExpires = reissue ? nowSeconds + config.jwt.maxAge : (payload.exp ?? issuedAt + config.jwt.maxAge)
  const cookieExpires = new Date((issuedAt + maxAge) * 1000)
  const defaultSession: Session = {
    user: { name: token.name, email: token.email, image: token.picture },
    expires: new Date(Math.min(tokenExpires * 1000, cookieExpires.valueOf())).toISOString(),
  }
  const session = (await config.callbacks.session({
    session: defaultSession,
    token,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])) as Session | null

  const cookies = reissue ? store.chunk(await encodeSessionToken(ctx, token), { expires: cookieExpires }) : []
  if (session) await emitEvent(config, "session", { session, token })
  return { session, cookies }
}
