/**
 * Organizations in Next.js server code: the library's organization
 * operations with the current request's user as the actor, so a server action
 * never passes a user id it could have been handed by the browser.
 *
 * - Reads (list, bySlug, members, invitations, activity) work for any session.
 * - Changes are refused while an admin impersonates the user
 *   (PermissionDenied "impersonating"), as the account's own settings are: an
 *   admin looking through a user's eyes does not act in their teams.
 * - Switching, creating and accepting set the session's active organization;
 *   the cookies that carries under the jwt strategy are set here.
 * - `bySlug` on an organization page costs no query of its own when the
 *   session read of the request already established the membership: the
 *   middleware's read handed over (the configuration's `organizationPage`;
 *   database strategy: one statement for session and membership), or a jwt
 *   snapshot of the active organization that is still current.
 */
import { headers as nextHeaders } from "next/headers"
import type { PermissionRequest, Resources } from "../access/control"
import { OrganizationError, PermissionDenied } from "../errors"
import { organizationOperations, type OrganizationOperations } from "../organizations/operations"
import { isValidSlug } from "../organizations/slug"
import type { Membership, OrganizationActor } from "../organizations/context"
import type { PermissionSubject } from "../organizations/permission"
import type { AuthConfig } from "../config/types"
import type { SessionRead } from "../config/resolved"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"
import { currentRead } from "./permission"
import { resolveAuthConfig } from "../auth"

type Tail<F> = F extends (actor: OrganizationActor, ...rest: infer R) => infer T ? (...rest: R) => T : never

/** The operations that change something: refused while impersonating. */
const CHANGES = [
  "create",
  "update",
  "delete",
  "invite",
  "cancelInvitation",
  "acceptInvitation",
  "changeRoles",
  "transferOwnership",
  "removeMember",
  "leave",
  "createTeam",
  "renameTeam",
  "deleteTeam",
  "addTeamMember",
  "changeTeamRoles",
  "removeTeamMember",
] as const satisfies readonly (keyof OrganizationOperations)[]

const READS = ["list", "invitations", "members", "activity", "teams", "team", "teamMembers"] as const satisfies readonly (keyof OrganizationOperations)[]

type Change = (typeof CHANGES)[number]
type Read = (typeof READS)[number]

export type AppOrganizations = { [K in Change | Read]: Tail<OrganizationOperations[K]> } & {
  /**
   * The organization with this slug and the current user's membership; organization_not_found for
   * a non-member (and for an unknown or malformed slug), PermissionDenied "signed_out" when signed out.
   */
  bySlug(slug: unknown): Promise<Membership>
  /** Whether the current user's roles in the organization grant the permission (false when signed out). */
  hasPermission(request: PermissionRequest<Resources>, scope: { organization: string }): Promise<boolean>
  /** The same for a session the app read (its user.id), as the issue writes it: hasPermission(session, request, { organization }). */
  hasPermission(session: PermissionSubject, request: PermissionRequest<Resources>, scope: { organization: string }): Promise<boolean>
  /** Makes the organization (null: none) the current session's active one; organization_not_found for a non-member. */
  setActive(organizationId: string | null): Promise<void>
  /** The current session's active organization with the user's membership, or null. */
  active(): ReturnType<OrganizationOperations["active"]>
  /** The invitation a link's token names, or null: readable without a session (the invitation page). */
  invitation(token: unknown): ReturnType<OrganizationOperations["invitation"]>
  /**
   * The header's view: the user's organizations (read now) and which one the session names as
   * active, at one query beyond the session read (jwt) or two (database); null when signed out.
   */
  overview(): Promise<{ organizations: Awaited<ReturnType<OrganizationOperations["list"]>>; activeId: string | null } | null>
  /**
   * What the header needs on every page, as cheaply as the session read allows: the organization
   * the read already established a membership of (database: the organization page's; jwt: the
   * active organization's current snapshot) at no query; otherwise the user's list and the
   * session's active one (one query, two under the database strategy). null when signed out.
   */
  headerOrganization(): Promise<{ current: { name: string; slug: string } | null; any: boolean } | null>
  /** The id of the session's active organization as the session names it (the session read's answer, no query of its own where it knew). Never a grant. */
  activeId(): Promise<string | null>
}

export function appOrganizations(getConfig: () => Promise<PreparedConfig>): AppOrganizations {
  // One set of operations per configuration object, as Auth() resolves one configuration per object.
  const cache = new WeakMap<AuthConfig, OrganizationOperations>()
  const operations = (prepared: PreparedConfig): OrganizationOperations => {
    let ops = cache.get(prepared.handler)
    if (!ops) cache.set(prepared.handler, (ops = organizationOperations(prepared.handler)))
    return ops
  }

  /** The current request as a standard Request: its public URL, cookies and user agent. */
  const standardRequest = async (prepared: PreparedConfig): Promise<Request> => {
    const headers = await nextHeaders()
    const cookie = await currentCookieHeader()
    const source = { get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : headers.get(name)) }
    const forwarded: Record<string, string> = { cookie: cookie ?? "", "user-agent": headers.get("user-agent") ?? "" }
    for (const name of ["x-forwarded-for", "x-real-ip"]) {
      const value = headers.get(name)
      if (value) forwarded[name] = value
    }
    return new Request(`${prepared.origin(source)}/`, { headers: forwarded })
  }

  /** The memberships this request's reads have read, kept with the request's session read and gone with it. */
  const membershipReads = new WeakMap<SessionRead, Map<string, Promise<Membership | null>>>()
  const membershipReadsOf = (read: SessionRead): Map<string, Promise<Membership | null>> => {
    let reads = membershipReads.get(read)
    if (!reads) membershipReads.set(read, (reads = new Map()))
    return reads
  }

  /** The session's active organization id: the read's answer where it knew it, else read afresh (the same value). */
  const activeIdOf = async (prepared: PreparedConfig, read: SessionRead): Promise<string | null> => {
    const known = read.proof?.activeOrganization
    return known ? known.id : operations(prepared).activeHint(await standardRequest(prepared))
  }

  const actorOf = async (prepared: PreparedConfig, change: boolean): Promise<OrganizationActor> => {
    const { read } = await currentRead(prepared)
    if (!read.session || !read.proof) throw new PermissionDenied("signed_out")
    const actor: OrganizationActor = { userId: read.proof.userId, request: await standardRequest(prepared) }
    if (change) {
      // A change always reads the membership afresh, and never while impersonating.
      if (read.proof.impersonatedBy !== undefined) throw new PermissionDenied("impersonating")
      return actor
    }
    // A read may stand on the membership this request's database session read took from the
    // database in the same statement (an organization page's). A jwt snapshot may be a revocation
    // delay old on another instance: the membership is read from the database, once for all the
    // reads of this request (a handed-over read is this GET's own, shared by its page and layouts).
    const known = resolveAuthConfig(prepared.handler).sessionStrategy.name === "database" ? read.proof.organization?.membership : undefined
    if (known) return { ...actor, membership: known }
    return { ...actor, membershipReads: membershipReadsOf(read) }
  }

  const bound = (name: Change | Read, change: boolean) =>
    async (...args: unknown[]): Promise<unknown> => {
      const prepared = await getConfig()
      const actor = await actorOf(prepared, change)
      const run = operations(prepared)[name] as (actor: OrganizationActor, ...rest: unknown[]) => Promise<unknown>
      const result = await run(actor, ...args)
      // create and accept answer the cookies of the re-issued session token (jwt strategy).
      if (result && typeof result === "object" && "cookies" in result && Array.isArray(result.cookies)) await setCookies(result.cookies)
      return result
    }

  const entries = [...CHANGES.map((name) => [name, bound(name, true)]), ...READS.map((name) => [name, bound(name, false)])]

  return {
    ...(Object.fromEntries(entries) as { [K in Change | Read]: Tail<OrganizationOperations[K]> }),
    async bySlug(slug: unknown) {
      const prepared = await getConfig()
      // A malformed slug names no organization: the session is read alone and the answer is not-found.
      const { read } = await currentRead(prepared, isValidSlug(slug) ? slug : undefined)
      if (!read.session || !read.proof) throw new PermissionDenied("signed_out")
      // What the session read already knows of this slug's membership (see the module comment).
      const known = read.proof.organization
      if (known && known.slug === slug) {
        if (!known.membership) throw new OrganizationError("organization_not_found")
        return known.membership
      }
      return operations(prepared).bySlug({ userId: read.proof.userId }, slug)
    },
    async hasPermission(...args: [PermissionRequest<Resources>, { organization: string }] | [PermissionSubject, PermissionRequest<Resources>, { organization: string }]) {
      const prepared = await getConfig()
      if (args.length === 3) return operations(prepared).hasPermission(args[0], args[1], args[2])
      const [request, scope] = args
      const { read } = await currentRead(prepared)
      if (!read.session || !read.proof) return false
      return operations(prepared).hasPermission({ userId: read.proof.userId }, request, scope)
    },
    async setActive(organizationId) {
      const prepared = await getConfig()
      await actorOf(prepared, false)
      const { cookies } = await operations(prepared).setActive(await standardRequest(prepared), organizationId)
      await setCookies(cookies)
    },
    async active() {
      const prepared = await getConfig()
      return operations(prepared).active(await standardRequest(prepared))
    },
    async invitation(token) {
      return operations(await getConfig()).invitation(token)
    },
    async headerOrganization() {
      const prepared = await getConfig()
      const { read } = await currentRead(prepared)
      if (!read.session || !read.proof) return null
      const known = read.proof.organization?.membership
      if (known) return { current: { name: known.organization.name, slug: known.organization.slug }, any: true }
      // Most users belong to no organization: the session read knew that already.
      if (read.proof.memberOfAny === false) return { current: null, any: false }
      // A member whose session names no active organization, or whose read joined the active one on.
      const session = read.proof.activeOrganization
      if (read.proof.memberOfAny === true && session) {
        if (session.id === null) return { current: null, any: true }
        if (session.current !== undefined) return { current: session.current, any: true }
      }
      // A member with no active organization needs no list either.
      const early = read.proof.memberOfAny === true ? await activeIdOf(prepared, read) : undefined
      if (early === null) return { current: null, any: true }
      const list = await operations(prepared).list({ userId: read.proof.userId })
      if (list.length === 0) return { current: null, any: false }
      const hint = early ?? (await activeIdOf(prepared, read))
      const active = list.find(({ organization }) => organization.id === hint)?.organization
      return { current: active ? { name: active.name, slug: active.slug } : null, any: true }
    },
    async activeId() {
      const prepared = await getConfig()
      const { read } = await currentRead(prepared)
      if (!read.session || !read.proof) return null
      return activeIdOf(prepared, read)
    },
    async overview() {
      const prepared = await getConfig()
      const { read } = await currentRead(prepared)
      if (!read.session || !read.proof) return null
      const ops = operations(prepared)
      const list = await ops.list({ userId: read.proof.userId })
      if (list.length === 0) return { organizations: list, activeId: null }
      const hint = await ops.activeHint(await standardRequest(prepared))
      // Only an organization the user belongs to now counts: the list was read from the database.
      return { organizations: list, activeId: list.some(({ organization }) => organization.id === hint) ? hint : null }
    },
  }
}
