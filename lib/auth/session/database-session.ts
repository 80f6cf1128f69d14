import type { AuthContext } from "../context"
import { emitEvent } from "../events"
import { BadRequest } from "../http/request"
import { normalizeDisplayName } from "../profile-text"
import type { Adapter, AdapterUser, Cookie, Session } from "../types"
import type { SessionUpdate } from "./jwt-session"

export function sessionCookie(ctx: AuthContext, value: string, expires: Date): Cookie {
  const option = ctx.cookies.sessionToken
  return { name: option.name, value, options: { ...option.options, expires } }
}

export function clearSessionCookie(ctx: AuthContext): Cookie {
  const option = ctx.cookies.sessionToken
  return { name: option.name, value: "", options: { ...option.options, maxAge: 0 } }
}

/**
 * No display name or image URL contains C0/C1 control characters, and
 * PostgreSQL rejects U+0000 outright (the update would fail with a logged
 * database error): such values are not persisted.
 */
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/

/** Only a plain http(s) URL is stored as an image: no `javascript:`/`data:` for pages that render it. */
function isHttpUrl(value: string): boolean {
  if (CONTROL_CHARS.test(value)) return false
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

/**
 * With the database strategy, POST /session persists the profile fields a
 * user may change about themself — `name` and `image` — through
 * adapter.updateUser (Auth.js persists nothing). Everything else in the update
 * only reaches the session callback as `newSession`.
 */
async function persistProfileUpdate(ctx: AuthContext, adapter: Adapter, user: AdapterUser, data: unknown) {
  if (typeof data !== "object" || data === null) return user
  const source = (data as { user?: unknown }).user ?? data
  if (typeof source !== "object" || source === null) return user
  const patch: Partial<AdapterUser> = {}
  const { name, image } = source as { name?: unknown; image?: unknown }
  if (name !== undefined) {
    // The same rule as sign-up and settings; a name that breaks it is refused, not dropped silently.
    const normalized = normalizeDisplayName(name)
    if (normalized === null) throw new BadRequest(400, "Invalid name.")
    patch.name = normalized
  }
  if ((typeof image === "string" && image.length <= 2048 && isHttpUrl(image)) || image === null) {
    patch.image = image
  }
  if (Object.keys(patch).length === 0 || !adapter.updateUser) return user
  const updated = await adapter.updateUser({ id: user.id, ...patch })
  await emitEvent(ctx.config, "updateUser", { user: updated })
  return updated
}

/**
 * Reads (and on POST, updates) a database-strategy session. An expired row is
 * deleted; the expiry slides at most once per `updateAge`, and the cookie is
 * re-set only when the row's expiry moved.
 */
export async function databaseSession(
  ctx: AuthContext,
  update: SessionUpdate | undefined,
): Promise<{ session: Session | null; cookies: Cookie[] }> {
  const { config } = ctx
  const adapter = config.adapter as Adapter
  const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
  if (!sessionToken) return { session: null, cookies: [] }

  const found = await adapter.getSessionAndUser!(sessionToken)
  const now = Date.now()
  if (!found || found.session.expires.valueOf() < now) {
    if (found) await adapter.deleteSession!(sessionToken)
    return { session: null, cookies: [clearSessionCookie(ctx)] }
  }

  let { session: row, user } = found
  const cookies: Cookie[] = []
  const { maxAge, updateAge } = config.session
  if (row.expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now) {
    const expires = new Date(now + maxAge * 1000)
    await adapter.updateSession!({ sessionToken, expires })
    row = { ...row, expires }
    cookies.push(sessionCookie(ctx, sessionToken, expires))
  }
  if (update) user = await persistProfileUpdate(ctx, adapter, user, update.data)

  const session = (await config.callbacks.session({
    // Only the public shape: spreading `session` in a callback must not leak the row's sessionToken.
    session: { user: { name: user.name ?? null, email: user.email, image: user.image ?? null }, expires: row.expires.toISOString() },
    user,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])) as Session | null

  if (session) await emitEvent(config, "session", { session } as never)
  return { session, cookies }
}
