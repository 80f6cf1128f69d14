/**
 * Who may do what: a typed access-control definition. Resources name their
 * actions, roles grant actions on resources, and a check asks whether any of
 * a user's roles grants every action asked for. Two roles are built in:
 * `admin`, which holds every action of every resource (the app's own
 * included), and `user`, which every signed-in user has and which grants
 * nothing by default. Pure data and functions: the session and the database
 * are the callers' business.
 *
 *   const access = defineAccessControl({
 *     resources: { ...builtInResources, project: ["create", "delete"] },
 *     roles: { editor: { project: ["create"] } },
 *   })
 *   access.hasPermission(session, { project: ["create"] })
 */

/** The library's own resources and their actions: what the admin operations check. */
export const builtInResources = {
  user: [
    "list",
    "get",
    "set-role",
    "ban",
    "impersonate",
    "delete",
    "reset-password",
    "disable-two-factor",
  ],
  session: ["list", "revoke"],
} as const

/** The permission an impersonation is started with, and carried on for as long as it lasts. */
export const PERMISSION_IMPERSONATE = { user: ["impersonate"] } as const satisfies PermissionRequest<BuiltInResources>

/** A set of resources, each with the actions it knows. */
export type Resources = { readonly [resource: string]: readonly string[] }

export type BuiltInResources = typeof builtInResources

/** Actions asked for (or granted) per resource; every action must be one the resource declares. */
export type PermissionRequest<R extends Resources = BuiltInResources> = {
  readonly [K in keyof R]?: readonly R[K][number][]
}

/** The role every signed-in user has. */
export const USER_ROLE = "user"
/** The role that holds every action. */
export const ADMIN_ROLE = "admin"

export interface AccessControlDefinition<R extends Resources, Role extends string> {
  resources: R
  /** The app's own roles and what each grants; `admin` and `user` are added (a `user` entry here replaces its empty grant). */
  roles?: { readonly [K in Role]: PermissionRequest<R> }
}

/** What a permission check needs of a session: its user's roles (the library puts them there). */
export interface SessionWithRoles {
  user?: { roles?: unknown } | null
}

export interface AccessControl<R extends Resources = Resources, Role extends string = string> {
  readonly resources: R
  /** Every role this definition knows, built-in ones included. */
  readonly roleNames: readonly (Role | typeof ADMIN_ROLE | typeof USER_ROLE)[]
  /** Whether `role` is one this definition knows. */
  isRole(role: string): boolean
  /** Whether any of `roles` grants every action of `request`. An empty request asks nothing and is granted. */
  rolesGrant(roles: readonly string[], request: PermissionRequest<R>): boolean
  /** The same question about a session: no session, or one without roles, holds only what nobody is granted. */
  hasPermission(session: SessionWithRoles | null | undefined, request: PermissionRequest<R>): boolean
  /** Whether the session's user has the role. */
  hasRole(session: SessionWithRoles | null | undefined, role: string): boolean
}

/** The roles a session carries; anything but an array of strings counts as none. */
export function rolesOf(session: SessionWithRoles | null | undefined): readonly string[] {
  const roles = session?.user?.roles
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === "string") : []
}

/** A role name as stored: lower-case letters, digits, "-" and "_", 1-32 characters (it is kept comma-separated). */
export const ROLE_NAME = /^[a-z][a-z0-9_-]{0,31}$/

export function defineAccessControl<const R extends Resources, const Role extends string = never>(
  definition: AccessControlDefinition<R, Role>,
): AccessControl<R, Role> {
  const { resources } = definition
  const grants = new Map<string, Map<string, Set<string>>>()
  const grant = (role: string, request: PermissionRequest<R> | "all") => {
    if (!ROLE_NAME.test(role)) throw new TypeError(`Role names are lower-case letters, digits, "-" and "_": ${JSON.stringify(role)}`)
    const byResource = new Map<string, Set<string>>()
    for (const [resource, actions] of Object.entries(resources)) {
      const asked = request === "all" ? actions : ((request as Record<string, readonly string[] | undefined>)[resource] ?? [])
      for (const action of asked) {
        if (!actions.includes(action)) throw new TypeError(`Role "${role}" grants "${resource}:${action}", which "${resource}" does not declare`)
      }
      if (asked.length > 0) byResource.set(resource, new Set(asked))
    }
    for (const resource of Object.keys(request === "all" ? {} : request)) {
      if (!Object.hasOwn(resources, resource)) throw new TypeError(`Role "${role}" grants on "${resource}", which is not a resource`)
    }
    grants.set(role, byResource)
  }
  grant(USER_ROLE, {})
  for (const [role, request] of Object.entries(definition.roles ?? {}) as [string, PermissionRequest<R>][]) {
    if (role === ADMIN_ROLE) throw new TypeError(`"${ADMIN_ROLE}" is built in and holds every action; it cannot be redefined`)
    grant(role, request)
  }
  // Last, so that a definition cannot narrow it.
  grant(ADMIN_ROLE, "all")

  const rolesGrant = (roles: readonly string[], request: PermissionRequest<R>): boolean => {
    for (const [resource, actions] of Object.entries(request) as [string, readonly string[] | undefined][]) {
      for (const action of actions ?? []) {
        if (!roles.some((role) => grants.get(role)?.get(resource)?.has(action) === true)) return false
      }
    }
    return true
  }

  return {
    resources,
    roleNames: [...grants.keys()] as AccessControl<R, Role>["roleNames"],
    isRole: (role) => grants.has(role),
    rolesGrant,
    // Signed out holds nothing, even where the request is empty: a guard never lets a stranger through.
    hasPermission: (session, request) => Boolean(session?.user) && rolesGrant(rolesOf(session), request),
    hasRole: (session, role) => rolesOf(session).includes(role),
  }
}

/** The library's definition when the app names none: the built-in resources, `admin` and `user`. */
export const defaultAccessControl: AccessControl<BuiltInResources, never> = defineAccessControl({ resources: builtInResources })

/**
 * Whether the session's roles grant every action asked for: `hasPermission(session, { user: ["ban"] })`.
 * By the built-in definition unless one is given (an app with roles of its own passes its own, or
 * uses the one NextAuth returns, bound to the configuration's).
 */
export function hasPermission<R extends Resources = BuiltInResources>(
  session: SessionWithRoles | null | undefined,
  request: PermissionRequest<R>,
  access: AccessControl<R, string> = defaultAccessControl as unknown as AccessControl<R, string>,
): boolean {
  return access.hasPermission(session, request)
}
