/**
 * The jwt session strategy: the session is an encrypted token in a (possibly
 * chunked) cookie, shaped by the jwt callback. Nothing is stored server-side,
 * so ending a session only clears the cookie. The adapter is asked one thing,
 * through a per-process cache: whether the user's sessions were revoked after
 * the token was issued (revocation.ts).
 */
import { AccessDenied, DatabaseUnavailable, SignOutError } from "../errors"
import { warnOncePerProcess } from "../logger"
import type { AuthContext } from "../context"
import { SessionStore } from "../cookies"
import { emitEvent } from "../events"
import type { DecodeOptions } from "../jwt"
import { type Cookie, isPromiseLike, type JWT, type Session } from "../types"
import type { SessionProof, SessionRead, SessionReadContext, SessionStrategy, SessionUpdate, SignedInUser } from "../config/resolved"
import { VALID_FROM_CLAIM, validFromOf, withValidFrom } from "./valid-from"
import { rolesOfKeptToken, withImpersonator, withRoles } from "./access"
import { endParkedSession, impersonatorEntitled } from "./impersonator"
import { endImpersonationRecord, IMPERSONATION_RECORD_CLAIM, impersonationRecordOf, impersonationRecordState } from "./impersonation-record"
import { USER_ROLE } from "../access/control"
import type { MembershipRecord } from "../organizations/types"
import type { ActiveOrganizationRead } from "../adapters/types"
import { ACTIVE_ORGANIZATION_CLAIM, activeOrganizationIdOf, currentActiveMembership, withActiveMembership, withOrganizationClaimsOf } from "./organization-claims"

/**
 * Claims the library owns, beside Auth.js's: when the user last proved who
 * they are (step-up) and when they signed in (the absolute lifetime), in
 * epoch seconds; and `validFrom`, in milliseconds, the instant revocation
 * compares with the user's "sessions valid since" (valid-from.ts). None is
 * the app's to change: the jwt callback's result gets the token's own values back.
 */
export const AUTHENTICATED_AT_CLAIM = "authenticatedAt"
export const SIGNED_IN_AT_CLAIM = "signedInAt"
export { VALID_FROM_CLAIM }
const LIBRARY_CLAIMS = [AUTHENTICATED_AT_CLAIM, SIGNED_IN_AT_CLAIM, VALID_FROM_CLAIM] as const
/**
 * The roles the user held at sign-in, the library's too. A role change revokes the
 * user's sessions (lib/auth/admin), so a token never outlives its roles by more than the
 * revocation delay.
 */
export const ROLES_CLAIM = "roles"
/** The admin who started this session as its user (impersonation): their user id. */
export const IMPERSONATED_BY_CLAIM = "impersonatedBy"

function impersonatorOf(token: JWT): string | undefined {
  const value = token[IMPERSONATED_BY_CLAIM]
  return typeof value === "string" && value !== "" ? value : undefined
}

/** The token's roles; a token from before the claim holds "user" only. */
function rolesClaim(token: JWT): string[] {
  const value = token[ROLES_CLAIM]
  return Array.isArray(value) ? value.filter((role): role is string => typeof role === "string") : [USER_ROLE]
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role))
}

function secondsClaim(token: JWT, claim: string): number | undefined {
  const value = token[claim]
  return typeof value === "number" && Number.isFinite(value) ? value : undefined
}

/** `token` with the library's claims exactly as `source` has them (absent where it has none). */
function withLibraryClaims(token: JWT, source: JWT): JWT {
  const out: JWT = { ...token }
  for (const claim of LIBRARY_CLAIMS) {
    const value = secondsClaim(source, claim)
    if (value === undefined) delete out[claim]
    else out[claim] = value
  }
  if (Array.isArray(source[ROLES_CLAIM])) out[ROLES_CLAIM] = rolesClaim(source)
  else delete out[ROLES_CLAIM]
  const impersonator = impersonatorOf(source)
  if (impersonator === undefined) delete out[IMPERSONATED_BY_CLAIM]
  else out[IMPERSONATED_BY_CLAIM] = impersonator
  const record = impersonationRecordOf(source)
  if (record === undefined) delete out[IMPERSONATION_RECORD_CLAIM]
  else out[IMPERSONATION_RECORD_CLAIM] = record
  return withOrganizationClaimsOf(out, source)
}

/** When a token's session ends however active it is (epoch seconds); unknown for tokens without signedInAt. */
function absoluteEndOf(token: JWT, absoluteMaxAge: number, impersonationMaxAge: number): number | undefined {
  const signedInAt = secondsClaim(token, SIGNED_IN_AT_CLAIM)
  if (signedInAt === undefined) return undefined
  // An impersonation ends within its own, shorter lifetime, however active it is.
  return signedInAt + (impersonatorOf(token) === undefined ? absoluteMaxAge : Math.min(absoluteMaxAge, impersonationMaxAge))
}

/** Seconds a token issued now may live: jwt.maxAge, never past the absolute end. */
function tokenLifetime(ctx: TokenContext, absoluteEnd: number | undefined, nowSeconds: number): number {
  const maxAge = ctx.config.jwt.maxAge
  return absoluteEnd === undefined ? maxAge : Math.max(0, Math.min(maxAge, absoluteEnd - nowSeconds))
}

/** The cookie's expiry for a token issued at `issuedAt`: session.maxAge later, never past the absolute end. */
function cookieExpiry(ctx: TokenContext, issuedAt: number, absoluteEnd: number | undefined): Date {
  const end = issuedAt + ctx.config.session.maxAge
  return new Date((absoluteEnd === undefined ? end : Math.min(end, absoluteEnd)) * 1000)
}

/**
 * The proof with the membership a current snapshot vouches for (organization-claims.ts), and
 * whether the user belongs to any organization as the revocation check read it: their pages and
 * header need no query.
 */
function proofWith(config: TokenContext["config"], token: JWT, membership: MembershipRecord | null | undefined): SessionProof | undefined {
  const proof = proofOf(token)
  if (!proof) return proof
  const memberOfAny = membership ? true : config.revocation?.memberOfAny(token)
  return {
    ...proof,
    ...(membership ? { organization: { slug: membership.organization.slug, membership } } : {}),
    ...(memberOfAny !== undefined ? { memberOfAny } : {}),
    ...(config.organizations.adapter ? { activeOrganization: activeOrganizationOf(token, membership) } : {}),
  }
}

/**
 * The token's active organization, so that no caller decodes the token again for it; its name only
 * with the snapshot that vouches for it.
 */
function activeOrganizationOf(token: JWT, membership: MembershipRecord | null | undefined): ActiveOrganizationRead {
  const id = activeOrganizationIdOf(token)
  return membership && membership.organization.id === id ? { id, current: { name: membership.organization.name, slug: membership.organization.slug } } : { id }
}

function proofOf(token: JWT): SessionProof | undefined {
  if (typeof token.sub !== "string") return undefined
  // An impersonation proves nothing about the user: every step-up refuses it.
  const impersonatedBy = impersonatorOf(token)
  if (impersonatedBy !== undefined) return { userId: token.sub, authenticatedAt: null, impersonatedBy }
  const at = secondsClaim(token, AUTHENTICATED_AT_CLAIM)
  return { userId: token.sub, authenticatedAt: at === undefined ? null : new Date(at * 1000) }
}

/** Claims that change on every encode and so say nothing about whether the content changed. */
const PER_ISSUE_CLAIMS = new Set(["iat", "exp", "jti"])

/**
 * Whether two tokens carry the same content (the per-issue claims aside), as
 * their JSON would tell, without serialising both on every read: primitives
 * compare directly, only object values go through JSON.
 */
function sameContent(a: JWT, b: JWT): boolean {
  const keys = (token: JWT) => Object.keys(token).filter((key) => !PER_ISSUE_CLAIMS.has(key) && token[key] !== undefined)
  const aKeys = keys(a)
  if (aKeys.length !== keys(b).length) return false
  for (const key of aKeys) {
    if (!Object.hasOwn(b, key)) return false
    const x = a[key]
    const y = b[key]
    if (x === y) continue
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false
    if (JSON.stringify(x) !== JSON.stringify(y)) return false
  }
  return true
}

export function sessionStoreFor(ctx: Pick<SessionReadContext, "cookies" | "request">): SessionStore {
  return new SessionStore(ctx.cookies.sessionToken, ctx.request.cookies)
}

/** What encoding and decoding a session token need of the request's context. */
type TokenContext = Pick<AuthContext, "config" | "cookies">

export async function decodeSessionToken(ctx: TokenContext, value: string, options?: DecodeOptions): Promise<JWT | null> {
  const { config } = ctx
  const salt = ctx.cookies.sessionToken.name
  return config.builtinJwt
    ? config.keyRing.decode(value, salt, options)
    : config.jwt.decode({ token: value, salt, secret: config.secrets })
}

/** Encrypts a session token; its lifetime is `jwt.maxAge` (which defaults to `session.maxAge`) unless capped shorter. */
async function encodeSessionToken(ctx: TokenContext, token: JWT, lifetime?: number): Promise<string> {
  const { config } = ctx
  const salt = ctx.cookies.sessionToken.name
  const maxAge = lifetime ?? config.jwt.maxAge
  return config.builtinJwt
    ? config.keyRing.encode(token, salt, maxAge)
    : config.jwt.encode({ token, salt, secret: config.secrets, maxAge })
}

/** The token's claims, or null for one that cannot be read (logged once per process). */
async function decodeOrNull(ctx: SessionReadContext, value: string): Promise<JWT | null> {
  try {
    // With updateAge 0 every read replaces the token, so its claims are not worth keeping.
    return await decodeSessionToken(ctx, value, { remember: ctx.config.session.updateAge !== 0 })
  } catch (cause) {
    // No stack and no per-request error line: a client can send a junk cookie with every request.
    warnOncePerProcess(ctx.config.logger, "undecodable-session-token", cause instanceof Error ? cause.message : String(cause))
    return null
  }
}

/**
 * Reads (and on POST, updates) a jwt-strategy session. The cookie is
 * re-issued only when the token's content changed, on update, or once the
 * token is older than `updateAge` (0: every access) — not on every call as
 * Auth.js does, which costs an encryption and a Set-Cookie per request.
 */
async function readOrUpdate(ctx: SessionReadContext, update: SessionUpdate | undefined): Promise<SessionRead> {
  const { config } = ctx
  const store = sessionStoreFor(ctx)
  const value = store.value
  if (!value) return { session: null, cookies: [] }

  // A token read before costs no decryption and no promise (each one costs async-hook work under Next.js).
  const payload = (config.builtinJwt ? config.keyRing.remembered(value, ctx.cookies.sessionToken.name) : undefined) ?? (await decodeOrNull(ctx, value))
  // Signed out: an impersonation's end (however it came) takes the admin's parked session with it,
  // on a page's request; a script's may be a prefetch that left before a stop restored that session.
  const signedOut = async (): Promise<SessionRead> => ({ session: null, cookies: [...store.clean(), ...(ctx.fetchedByScript ? [] : await endParkedSession(config, ctx.cookies, ctx.request.cookies))] })
  if (!payload) return signedOut()
  const nowSeconds = Math.floor(Date.now() / 1000)
  const { updateAge, absoluteMaxAge } = config.session
  // Past the absolute lifetime the session is over, however recently it was refreshed.
  const signedInEnd = absoluteEndOf(payload, absoluteMaxAge, config.access.impersonationMaxAge)
  if (signedInEnd !== undefined && nowSeconds >= signedInEnd) return signedOut()
  // A revoked token reads like an invalid one: signed out, cookie cleared.
  if (config.revocation && !(config.revocation.acceptsNow(payload) ?? (await config.revocation.accepts(payload)))) return signedOut()
  // An impersonation ends with its admin's authority; the admin's parked session goes with it.
  const impersonatedBy = impersonatorOf(payload)
  if (impersonatedBy !== undefined) {
    // Standing unreadable (an outage, nothing read before): refused for now, nothing ended. Stopped
    // by its admin a moment ago: this request left before the stop's answer, which gave the admin's
    // session back; it is refused and ends nothing, nor clears the cookie the stop set.
    const state = await impersonatorEntitled(config, impersonatedBy, validFromOf(payload))
      .then((standing) => (standing ? impersonationRecordState(config, payload, impersonatedBy) : "ended"))
      .catch(() => null)
    if (state === null || state === "stopped") return { session: null, cookies: [] }
    if (state === "ended") return signedOut()
  }
  // A verdict kept through a database outage may be stale: the token is read, but nothing is
  // re-issued (nor an update accepted) on its word, so no instance's stale view outlives the outage.
  const confirmed = !config.revocation || config.revocation.confirmed(payload)
  if (update && !confirmed) throw new DatabaseUnavailable("The session cannot be updated while its revocation cannot be checked")

  // Callbacks may answer at once: awaiting only a promise spares one per read (see isPromiseLike).
  const shaping = config.callbacks.jwt(update ? { token: payload, session: update.data, trigger: "update" } : { token: payload, session: undefined })
  const shaped = isPromiseLike(shaping) ? await shaping : shaping
  if (!shaped) return { session: null, cookies: store.clean() }
  let token = withLibraryClaims(shaped, payload)
  // Organizations: only a token with an active organization costs anything here.
  let membership: MembershipRecord | null | undefined
  if (token[ACTIVE_ORGANIZATION_CLAIM] !== undefined) ({ token, membership } = await currentActiveMembership(config, token, confirmed))
  // The roles follow the stored ones (and AUTH_ADMIN_EMAILS as configured now), within the revocation
  // delay. Tested here first so that a plain user's read awaits nothing more.
  const claimed = rolesClaim(token)
  if (claimed.some((role) => role !== USER_ROLE) && typeof token.sub === "string" && token.sub !== "") {
    const current = await rolesOfKeptToken(config, token.sub, claimed)
    if (current === null) return signedOut()
    if (!sameRoles(current, claimed)) token = { ...token, [ROLES_CLAIM]: current }
  }

  // A router's fetch re-issues nothing: its answer may land after a sign-out's and bring the token back.
  const reissue =
    confirmed &&
    (update !== undefined ||
      (!ctx.deferTokenRefresh &&
        (updateAge === 0 || typeof payload.iat !== "number" || nowSeconds - payload.iat >= updateAge || !sameContent(token, payload))))
  // A token from before validFrom existed keeps counting from its old iat, never from this re-issue.
  if (reissue && token[VALID_FROM_CLAIM] === undefined) token = withValidFrom(token, payload)
  // A token from before signedInAt was recorded gets its absolute lifetime counted from its next issue.
  if (reissue && signedInEnd === undefined) token = { ...token, [SIGNED_IN_AT_CLAIM]: nowSeconds }
  const absoluteEnd = absoluteEndOf(token, absoluteMaxAge, config.access.impersonationMaxAge)

  // The token lives jwt.maxAge, the cookie carrying it session.maxAge (both from the last issue),
  // neither past the absolute end; the session ends with whichever goes first.
  const issuedAt = reissue ? nowSeconds : (payload.iat as number)
  const lifetime = tokenLifetime(ctx, absoluteEnd, nowSeconds)
  const tokenExpires = reissue ? nowSeconds + lifetime : (payload.exp ?? issuedAt + config.jwt.maxAge)
  const cookieExpires = cookieExpiry(ctx, issuedAt, absoluteEnd)
  const roles = rolesClaim(token)
  const defaultSession: Session = {
    user: { name: token.name, email: token.email, image: token.picture, roles },
    expires: new Date(Math.min(tokenExpires * 1000, cookieExpires.valueOf())).toISOString(),
  }
  const answer = config.callbacks.session({
    session: defaultSession,
    token,
    ...(update ? { newSession: update.data, trigger: "update" as const } : {}),
  } as Parameters<typeof config.callbacks.session>[0])
  const session = withImpersonator(withRoles((isPromiseLike(answer) ? await answer : answer) as Session | null, roles), impersonatorOf(token))

  const cookies = reissue ? store.chunk(await encodeSessionToken(ctx, token, lifetime), { expires: cookieExpires }) : []
  // The browser gets the new token; keeping the old one's claims would only hold memory.
  if (reissue && config.builtinJwt) config.keyRing.forget(value, ctx.cookies.sessionToken.name)
  if (session && config.events.session) await emitEvent(config, "session", { session, token })
  return { session, cookies, proof: session ? proofWith(config, token, membership) : undefined }
}

/**
 * jwt callback (trigger signIn/signUp) shapes the first token; a falsy result
 * means no session, and any old token is cleared.
 */
async function create(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]> {
  const { config } = ctx
  const { user, account, profile, isNewUser, startedAt } = signedIn
  // The token counts from the sign-in's start, not from now, so a revocation committed while the
  // first factor was being checked covers it whichever comes first: a read below that already sees
  // the revocation refuses at once; one that does not is followed by the revocation's write, whose
  // instant is after startedAt, so the token is refused on its first read.
  if (config.revocation && typeof user.id === "string" && user.id !== "" && (await config.revocation.revokedAfter(user.id, startedAt))) {
    throw new AccessDenied("The account's sessions were ended while this sign-in was in progress")
  }
  const nowSeconds = Math.floor(Date.now() / 1000)
  // Signing in is the proof: both library claims in seconds start now.
  const own: JWT = {
    [AUTHENTICATED_AT_CLAIM]: nowSeconds,
    [SIGNED_IN_AT_CLAIM]: nowSeconds,
    [VALID_FROM_CLAIM]: startedAt,
    [ROLES_CLAIM]: [...(signedIn.roles ?? [USER_ROLE])],
    // The organization the user made active last, when they are still its member.
    ...(signedIn.organization ? withActiveMembership({}, signedIn.organization.membership, signedIn.organization.membershipsVersion) : {}),
  }
  const initial: JWT = { name: user.name, email: user.email, picture: user.image, sub: user.id, ...own }
  const shaped = await config.callbacks.jwt({
    token: initial,
    user,
    account,
    profile,
    isNewUser: isNewUser === true,
    trigger: isNewUser ? "signUp" : "signIn",
  })
  const store = sessionStoreFor(ctx)
  if (!shaped) return store.clean()
  const token = withLibraryClaims(shaped, own)
  const absoluteEnd = absoluteEndOf(token, config.session.absoluteMaxAge, config.access.impersonationMaxAge)
  const expires = cookieExpiry(ctx, nowSeconds, absoluteEnd)
  return store.chunk(await encodeSessionToken(ctx, token, tokenLifetime(ctx, absoluteEnd, nowSeconds)), { expires })
}

/** Clears every chunk of the cookie; the signOut event gets the token when it can be read. */
async function end(ctx: AuthContext): Promise<Cookie[]> {
  const { config } = ctx
  const store = sessionStoreFor(ctx)
  const value = store.value
  if (value) {
    const token = await decodeSessionToken(ctx, value).catch((cause: unknown) => {
      // A token we cannot read is still cleared; the event just has nothing to report.
      const error = new SignOutError("The session token could not be decoded at sign-out", { cause })
      config.logger.error(error.type, error)
      return null
    })
    if (token) {
      // An impersonation signed out is over for every copy of its token, not only this browser's. Should
      // the database not answer, the cookie is still cleared: the token then lives out its hour at most.
      await endImpersonationRecord(config, token).catch((cause: unknown) => {
        const error = new SignOutError("The impersonation's record could not be ended at sign-out", { cause })
        config.logger.error(error.type, error)
      })
      await emitEvent(config, "signOut", { token })
    }
  }
  const cleared = store.clean()
  const option = ctx.cookies.sessionToken
  return cleared.length > 0 ? cleared : [{ name: option.name, value: "", options: { ...option.options, maxAge: 0 } }]
}

/** The token's subject; an unreadable or expired token means nobody. */
async function signedIn(ctx: AuthContext): Promise<SessionProof | null> {
  const value = sessionStoreFor(ctx).value
  if (!value) return null
  const token = await decodeSessionToken(ctx, value).catch(() => null)
  if (typeof token?.sub !== "string") return null
  const absoluteEnd = absoluteEndOf(token, ctx.config.session.absoluteMaxAge, ctx.config.access.impersonationMaxAge)
  if (absoluteEnd !== undefined && Math.floor(Date.now() / 1000) >= absoluteEnd) return null
  if (ctx.config.revocation && !(await ctx.config.revocation.accepts(token))) return null
  const impersonatedBy = impersonatorOf(token)
  if (impersonatedBy !== undefined) {
    const entitled = await impersonatorEntitled(ctx.config, impersonatedBy, validFromOf(token))
      .then(async (standing) => standing && (await impersonationRecordState(ctx.config, token, impersonatedBy)) === "current")
      .catch(() => false)
    if (!entitled) return null
  }
  return proofOf(token) ?? null
}

/**
 * The same claims in a new token (new iat, exp and jti) in the cookie(s) of
 * `store`. `validFrom`: the revocation instant (milliseconds) when the user's
 * sessions were just revoked and this browser, the one that asked, stays
 * signed in; otherwise the token keeps its own. The jwt callback is not run,
 * as nothing about the session changed but its issue time.
 */
export async function reissueSessionToken(ctx: TokenContext, store: SessionStore, token: JWT, validFrom?: number): Promise<Cookie[]> {
  const { iat: _iat, exp: _exp, jti: _jti, ...rest } = token
  const claims = validFrom === undefined ? withValidFrom(rest, token) : { ...rest, [VALID_FROM_CLAIM]: validFrom }
  const nowSeconds = Math.floor(Date.now() / 1000)
  const absoluteEnd = absoluteEndOf(claims, ctx.config.session.absoluteMaxAge, ctx.config.access.impersonationMaxAge)
  const expires = cookieExpiry(ctx, nowSeconds, absoluteEnd)
  const previous = store.value
  const cookies = store.chunk(await encodeSessionToken(ctx, claims, tokenLifetime(ctx, absoluteEnd, nowSeconds)), { expires })
  if (previous && ctx.config.builtinJwt) ctx.config.keyRing.forget(previous, ctx.cookies.sessionToken.name)
  return cookies
}

/**
 * Records a re-authentication in the current token: the same session (same
 * claims, signedInAt included) re-issued with a new authenticatedAt. Nothing
 * when the cookie holds no readable, unrevoked token.
 */
async function reauthenticated(ctx: AuthContext, at: Date): Promise<Cookie[]> {
  const store = sessionStoreFor(ctx)
  const value = store.value
  if (!value) return []
  const token = await decodeSessionToken(ctx, value).catch(() => null)
  if (typeof token?.sub !== "string") return []
  const revocation = ctx.config.revocation
  if (revocation && !(await revocation.accepts(token))) return []
  if (revocation && !revocation.confirmed(token)) throw new DatabaseUnavailable("The session cannot be re-issued while its revocation cannot be checked")
  return reissueSessionToken(ctx, store, { ...token, [AUTHENTICATED_AT_CLAIM]: Math.floor(at.getTime() / 1000) })
}

export const jwtStrategy: SessionStrategy = {
  name: "jwt",
  read: (ctx) => readOrUpdate(ctx, undefined),
  update: (ctx, update) => readOrUpdate(ctx, update),
  create,
  end,
  signedIn,
  reauthenticated,
}
