/**
 * The database session strategy: the cookie holds an opaque session token and
 * the session is a row read through the adapter, whose session methods were
 * checked when the configuration was resolved. It never decodes a JWT.
 */
import type { AuthContext } from "../context"
import { SessionStore } from "../cookies"
import { AccessDenied, BadRequest } from "../errors"
import { emitEvent } from "../events"
import { normalizeDisplayName } from "../profile-text"
import type { ActiveOrganizationRead, Adapter, AdapterUser } from "../adapters/types"
import { type Cookie, isPromiseLike, type Session } from "../types"
import type { SessionAdapter } from "../adapters/capabilities"
import { lookUpSession } from "../adapters/session-lookup"
import type { SessionProof, SessionRead, SessionReadContext, SessionStrategy, SessionUpdate, SignedInUser } from "../config/resolved"
import { storedUserAgent } from "./user-agent"
import { absoluteEndMs, cappedExpiryMs } from "./lifetime"
import type { MembershipRecord } from "../organizations/types"
import { sessionUserRoles, withImpersonator, withRoles } from "./access"
import { endParkedSession, impersonatorEntitled } from "./impersonator"
import { impersonationWasStopped } from "./impersonation-stop"

function sessionCookie(ctx: Pick<AuthContext, "cookies">, value: string, expires: Date): Cookie {
  const option = ctx.cookies.sessionToken
  return { name: option.name, value, options: { ...option.options, expires } }
}

function clearSessionCookie(ctx: Pick<AuthContext, "cookies">): Cookie {
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
async function persistProfileUpdate(ctx: SessionReadContext, adapter: Adapter, user: AdapterUser, data: unknown) {
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

/** When the row's session ends however active it is; unknown for rows without createdAt (Auth.js's). */
function absoluteEndOf(row: { createdAt?: Date | null; impersonatedBy?: string | null }, absoluteMaxAge: number, impersonationMaxAge: number): number | undefined {
  const created = row.createdAt
  if (!(created instanceof Date) || Number.isNaN(created.getTime())) return undefined
  // An impersonation ends within its own, shorter lifetime, however active it is.
  const maxAge = typeof row.impersonatedBy === "string" ? Math.min(absoluteMaxAge, impersonationMaxAge) : absoluteMaxAge
  return absoluteEndMs(created.getTime(), maxAge)
}

/**
 * The proof a row gives: none for an impersonation, which proves nothing about the user (every
 * step-up refuses it); and whether the user belongs to any organization, when the adapter read it.
 */
function proofOf(row: AdapterSessionLike, userId: string): SessionProof {
  const impersonatedBy = typeof row.impersonatedBy === "string" ? row.impersonatedBy : undefined
  const proof: SessionProof = impersonatedBy ? { userId, authenticatedAt: null, impersonatedBy } : { userId, authenticatedAt: authenticatedAtOf(row) }
  if (typeof row.memberOfAny === "boolean") proof.memberOfAny = row.memberOfAny
  if (row.activeOrganization) proof.activeOrganization = row.activeOrganization
  return proof
}

type AdapterSessionLike = {
  authenticatedAt?: Date | null
  createdAt?: Date | null
  impersonatedBy?: string | null
  memberOfAny?: boolean
  activeOrganization?: ActiveOrganizationRead
}

/**
 * The last proof of identity: the recorded one, else the sign-in that
 * created the row (a row from before authenticatedAt was stored, never
 * re-authenticated since: createdAt is then exactly its last proof), else
 * unknown, which counts as stale.
 */
function authenticatedAtOf(row: { authenticatedAt?: Date | null; createdAt?: Date | null }): Date | null {
  for (const value of [row.authenticatedAt, row.createdAt]) {
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value
  }
  return null
}

/**
 * Reads (and on POST, updates) a database-strategy session. An expired row,
 * or one past the absolute lifetime, is deleted; the expiry slides at most
 * once per `updateAge`, never past the absolute end, and the cookie is re-set
 * only when the row's expiry moved.
 */
async function readOrUpdate(ctx: SessionReadContext, adapter: SessionAdapter, update: SessionUpdate | undefined): Promise<SessionRead> {
  const { config } = ctx
  const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
  if (!sessionToken) return { session: null, cookies: [] }

  // An organization page's read: the membership of its organization in the same statement.
  const slug = ctx.organizationSlug
  const organizations = slug === undefined ? undefined : config.organizations.adapter
  const found = organizations && slug !== undefined ? await organizations.getSessionAndMembership(sessionToken, slug) : await lookUpSession(adapter, sessionToken)
  const now = Date.now()
  const { maxAge, updateAge, absoluteMaxAge } = config.session
  const absoluteEnd = found ? absoluteEndOf(found.session, absoluteMaxAge, config.access.impersonationMaxAge) : undefined
  // Signed out: an impersonation's end (however it came) takes the admin's parked session with it,
  // on a page's request; a script's may be a prefetch that left before a stop restored that session.
  const signedOut = async (): Promise<SessionRead> => ({ session: null, cookies: [clearSessionCookie(ctx), ...(ctx.fetchedByScript ? [] : await endParkedSession(config, ctx.cookies, ctx.request.cookies))] })
  if (!found || found.session.expires.valueOf() < now || (absoluteEnd !== undefined && absoluteEnd <= now)) {
    if (found) await adapter.deleteSession(sessionToken)
    return signedOut()
  }
  // Stopped by its admin a moment ago (./impersonation-stop): this request left before the stop's
  // answer, which gave the admin's session back. Refused, and nothing ended, no cookie cleared.
  if (impersonationWasStopped(found.session)) return { session: null, cookies: [] }

  // A ban ends the session (the ban deleted the rows already; this covers a row written since).
  const roles = sessionUserRoles(config, found.user)
  if (roles === null) {
    await adapter.deleteSession(sessionToken)
    return signedOut()
  }
  // An impersonation ends with its admin's authority (the admin's own revocation deleted its row
  // already; this covers what deletes nothing: a definition or AUTH_ADMIN_EMAILS changed since).
  const impersonatedBy = found.session.impersonatedBy
  if (typeof impersonatedBy === "string") {
    // Standing unreadable (an outage, nothing read before): refused for now, nothing ended.
    const entitled = await impersonatorEntitled(config, impersonatedBy, undefined).catch(() => null)
    if (entitled === null) return { session: null, cookies: [] }
    if (!entitled) {
      await adapter.deleteSession(sessionToken)
      return signedOut()
    }
  }
  let { session: row, user } = found
  const cookies: Cookie[] = []
  const slid = cappedExpiryMs(now, maxAge, absoluteEnd)
  // A row already at its absolute end has nothing to slide to.
  const atAbsoluteEnd = absoluteEnd !== undefined && row.expires.valueOf() >= absoluteEnd
  if (row.expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now && !atAbsoluteEnd) {
    const expires = new Date(slid)
    // Activity is recorded with the slide, so it costs no write of its own.
    await adapter.updateSession({ sessionToken, expires, ...(adapter.listSessions ? { lastActiveAt: new Date(now) } : {}) })
    row = { ...row, expires }
    cookies.push(sessionCookie(ctx, sessionToken, expires))
  }
  if (update) user = await persistProfileUpdate(ctx, adapter, user, update.data)

  const answer = config.callbacks.session({
    // Only the public shape: spreading `session` in a callback must not leak the row's sessionToken.
    session: { user: { name: user.name ?? null, email: user.email, image: user.image ?? null }, expires: row.expires.toISOString() },
    user,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])
  // Awaited only when it is a promise: this runs on every request (see isPromiseLike).
  const session = withImpersonator(withRoles((isPromiseLike(answer) ? await answer : answer) as Session | null, roles), row.impersonatedBy)

  if (session && config.events.session) await emitEvent(config, "session", { session } as never)
  const proof = proofOf(row, user.id)
  if (slug !== undefined && found && "membership" in found) proof.organization = { slug, membership: found.membership as MembershipRecord | null }
  return { session, cookies, proof }
}

/**
 * A session row is created for every provider type, credentials included
 * (Auth.js writes a JWT there, which the next request cannot find). A new
 * sign-in replaces the browser's previous session: its row would otherwise
 * live on, orphaned, until it expires. A user whose sessions were revoked
 * after this sign-in began gets none (see below).
 */
async function create(ctx: AuthContext, adapter: SessionAdapter, signedIn: SignedInUser): Promise<Cookie[]> {
  const { config } = ctx
  const previous = ctx.request.cookies[ctx.cookies.sessionToken.name]
  if (previous) await adapter.deleteSession(previous)
  const now = Date.now()
  const { maxAge, absoluteMaxAge } = config.session
  const expires = new Date(cappedExpiryMs(now, maxAge, absoluteEndMs(now, absoluteMaxAge)))
  const created = await adapter.createSession({
    sessionToken: config.session.generateSessionToken(),
    userId: String(signedIn.user.id),
    expires,
    // Only an adapter that lists sessions or reads its own details stores these (ours, or an Auth.js
    // adapter with the session-proof companion); others (Auth.js's alone) would reject unknown columns.
    ...(storesSessionDetails(adapter)
      ? { lastActiveAt: new Date(now), authenticatedAt: new Date(now), userAgent: storedUserAgent(ctx.request.headers.get("user-agent")) }
      : {}),
  })
  // The row first, then a fresh read of "sessions valid since": a revocation (user-sessions.ts)
  // writes its instant first and deletes the rows after. So either this read sees an instant later
  // than the sign-in's start and the row goes here, or the instant was written after this read,
  // hence after the row existed, and the revocation's delete that follows takes the row with it.
  if (config.revocation && (await config.revocation.revokedAfter(created.userId, signedIn.startedAt))) {
    await adapter.deleteSession(created.sessionToken)
    throw new AccessDenied("The account's sessions were ended while this sign-in was in progress")
  }
  // The organization the user made active last. Were the membership to end meanwhile, the
  // column would grant nothing: every use of it checks the membership (organizations/active.ts).
  const organizationId = signedIn.organization?.membership?.organization.id
  if (organizationId && config.organizations.adapter) await config.organizations.adapter.setSessionOrganization(created.sessionToken, organizationId)
  // Drop any chunked JWT left from a previous jwt-strategy deployment.
  const store = new SessionStore(ctx.cookies.sessionToken, ctx.request.cookies)
  const stale = store.clean().filter((c) => c.name !== ctx.cookies.sessionToken.name)
  return [...stale, sessionCookie(ctx, created.sessionToken, created.expires)]
}

/** Deletes the row (fires signOut with it) and clears the cookie. */
async function end(ctx: AuthContext, adapter: SessionAdapter): Promise<Cookie[]> {
  const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
  if (sessionToken) {
    const session = await adapter.deleteSession(sessionToken)
    await emitEvent(ctx.config, "signOut", { session: session ?? null })
  }
  return [clearSessionCookie(ctx)]
}

/** The user of an unexpired session row named by the cookie. */
async function signedIn(ctx: AuthContext, adapter: SessionAdapter): Promise<SessionProof | null> {
  const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
  if (!sessionToken) return null
  const found = await lookUpSession(adapter, sessionToken)
  if (!found || impersonationWasStopped(found.session)) return null
  const now = Date.now()
  const absoluteEnd = absoluteEndOf(found.session, ctx.config.session.absoluteMaxAge, ctx.config.access.impersonationMaxAge)
  const live = found.session.expires.getTime() > now && (absoluteEnd === undefined || absoluteEnd > now)
  if (!live) return null
  const impersonatedBy = found.session.impersonatedBy
  if (typeof impersonatedBy === "string" && !(await impersonatorEntitled(ctx.config, impersonatedBy, undefined).catch(() => false))) return null
  return proofOf(found.session, found.user.id)
}

/**
 * A re-authentication replaces the session's token (OWASP ASVS 5.0 7.2.4), as
 * a passkey or email-link re-authentication does by signing in afresh: a
 * token read before the proof (on a shared computer, from a log, by a
 * script) is worth nothing after it. The new row carries the old one's data:
 * its start (the absolute lifetime still counts from the sign-in), expiry,
 * browser, impersonation markers and active organization, with `at` as the
 * proof. An adapter that stores no details (Auth.js's alone) gets a row of
 * its three fields, as at sign-in; its start is then the adapter's default,
 * and the proof stays the row's createdAt, if it has one.
 */
async function reauthenticated(ctx: AuthContext, adapter: SessionAdapter, at: Date): Promise<Cookie[]> {
  const { config } = ctx
  const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
  if (!sessionToken) return []
  const startedAt = Date.now()
  const found = await lookUpSession(adapter, sessionToken)
  if (!found || impersonationWasStopped(found.session)) return []
  // The lookup reads only what every request needs; the user's list has the row's browser and reason too.
  const listed = adapter.listSessions ? (await adapter.listSessions(found.user.id)).find((row) => row.sessionToken === sessionToken) : undefined
  const old = { ...listed, ...found.session }
  const details = storesSessionDetails(adapter)
  const created = await adapter.createSession({
    sessionToken: config.session.generateSessionToken(),
    userId: old.userId,
    expires: old.expires,
    ...(details
      ? {
          ...(old.createdAt instanceof Date ? { createdAt: old.createdAt } : {}),
          lastActiveAt: at,
          authenticatedAt: at,
          userAgent: old.userAgent ?? storedUserAgent(ctx.request.headers.get("user-agent")),
          ...(typeof old.impersonatedBy === "string" ? { impersonatedBy: old.impersonatedBy, impersonationReason: old.impersonationReason ?? null } : {}),
        }
      : {}),
  })
  const organizations = config.organizations.adapter
  if (organizations) {
    const organizationId = await organizations.getSessionOrganization(sessionToken)
    if (organizationId) await organizations.setSessionOrganization(created.sessionToken, organizationId)
  }
  await adapter.deleteSession(sessionToken)
  // The same race as a sign-in's (see create): sessions revoked while this ran take the new row too.
  if (config.revocation && (await config.revocation.revokedAfter(created.userId, startedAt))) {
    await adapter.deleteSession(created.sessionToken)
    return [clearSessionCookie(ctx)]
  }
  return [sessionCookie(ctx, created.sessionToken, created.expires)]
}

function storesSessionDetails(adapter: SessionAdapter): boolean {
  return typeof adapter.listSessions === "function" || typeof adapter.getSessionDetails === "function"
}

export function databaseStrategy(adapter: SessionAdapter): SessionStrategy {
  return {
    name: "database",
    read: (ctx) => readOrUpdate(ctx, adapter, undefined),
    update: (ctx, update) => readOrUpdate(ctx, adapter, update),
    create: (ctx, signedIn) => create(ctx, adapter, signedIn),
    end: (ctx) => end(ctx, adapter),
    signedIn: (ctx) => signedIn(ctx, adapter),
    reauthenticated: (ctx, at) => reauthenticated(ctx, adapter, at),
  }
}
