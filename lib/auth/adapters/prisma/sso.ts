/**
 * The Prisma side of single sign-on: tables SsoConnection, SsoDomain and
 * SsoAssertion, and Organization.requireSso. The rule that must hold under
 * concurrency (a domain is verified by one organization at a time) is the
 * unique column SsoDomain.verifiedDomain, set only when verified: the second
 * organization's write fails on it and nothing changes. A used assertion id
 * is a row whose insert fails the second time.
 */
import { parseStoredRoles, storedRoles } from "../../access/user-access"
import type { AdapterMember } from "../../organizations/types"
import type {
  AdapterSsoConnection,
  AdapterSsoDomain,
  DomainVerifyResult,
  NewSsoConnection,
  SsoConnectionChanges,
  SsoRoleMapping,
  SsoRoute,
} from "../../sso/types"
import { ssoAccountProvider } from "../../sso/types"

type Where = Record<string, unknown>
type ConnectionData = Omit<NewSsoConnection, "roleMapping"> & { roleMapping: string | null }
type DomainData = { organizationId: string; connectionId: string; domain: string; verificationToken: string; state: string }

type ConnectionRow = Omit<AdapterSsoConnection, "kind" | "roleMapping"> & { kind: string; roleMapping: string | null }
type DomainRow = Omit<AdapterSsoDomain, "state"> & { state: string }
type MemberRow = Omit<AdapterMember, "roles"> & { roles: string }

const domainSelect = {
  id: true,
  connectionId: true,
  organizationId: true,
  domain: true,
  state: true,
  verificationToken: true,
  verifiedAt: true,
  createdAt: true,
} as const
const memberSelect = { id: true, organizationId: true, userId: true, roles: true, createdAt: true } as const

/** The slice of a Prisma client these methods call. */
export interface PrismaSsoLike {
  ssoConnection: {
    create(args: { data: ConnectionData }): PromiseLike<ConnectionRow>
    findFirst(args: { where: Where }): PromiseLike<ConnectionRow | null>
    findMany(args: { where: Where; orderBy: Where }): PromiseLike<ConnectionRow[]>
    updateMany(args: { where: Where; data: Partial<ConnectionData> }): PromiseLike<{ count: number }>
    deleteMany(args: { where: Where }): PromiseLike<{ count: number }>
  }
  ssoDomain: {
    create(args: { data: DomainData; select: typeof domainSelect }): PromiseLike<DomainRow>
    findFirst(args: { where: Where; select: typeof domainSelect }): PromiseLike<DomainRow | null>
    findMany(args: { where: Where; select: typeof domainSelect; orderBy: Where }): PromiseLike<DomainRow[]>
    updateMany(args: { where: Where; data: { state: string; verifiedDomain: string; verifiedAt: Date } }): PromiseLike<{ count: number }>
    deleteMany(args: { where: Where }): PromiseLike<{ count: number }>
  }
  ssoAssertion: {
    create(args: { data: { key: string; expiresAt: Date } }): PromiseLike<unknown>
    deleteMany(args: { where: Where }): PromiseLike<{ count: number }>
  }
  organization: {
    findFirst(args: { where: Where; select: { requireSso: true } }): PromiseLike<{ requireSso: boolean } | null>
    updateMany(args: { where: { id: string }; data: { requireSso: boolean } }): PromiseLike<{ count: number }>
  }
  member: {
    create(args: { data: { organizationId: string; userId: string; roles: string }; select: typeof memberSelect }): PromiseLike<MemberRow>
    findFirst(args: { where: Where; select: typeof memberSelect }): PromiseLike<MemberRow | null>
  }
  account: {
    deleteMany(args: { where: Where }): PromiseLike<{ count: number }>
  }
}

const prismaCode = (error: unknown): unknown => (typeof error === "object" && error !== null && "code" in error ? error.code : undefined)

function parseRoleMapping(stored: string | null): SsoRoleMapping | null {
  if (!stored) return null
  try {
    const value = JSON.parse(stored) as unknown
    if (typeof value !== "object" || value === null) return null
    const { attribute, roles } = value as { attribute?: unknown; roles?: unknown }
    if (typeof attribute !== "string" || typeof roles !== "object" || roles === null) return null
    const entries = Object.entries(roles).filter((entry): entry is [string, string] => typeof entry[1] === "string")
    return { attribute, roles: Object.fromEntries(entries) }
  } catch {
    return null
  }
}

const toConnection = (row: ConnectionRow): AdapterSsoConnection => ({
  ...row,
  kind: row.kind === "oidc" ? "oidc" : "saml",
  roleMapping: parseRoleMapping(row.roleMapping),
})
const toDomain = (row: DomainRow): AdapterSsoDomain => ({ ...row, state: row.state === "verified" ? "verified" : "pending" })
const toMember = (row: MemberRow): AdapterMember => ({ ...row, roles: parseStoredRoles(row.roles) })

const storedMapping = (mapping: SsoRoleMapping | null) => (mapping === null ? null : JSON.stringify(mapping))

/** Connection columns as stored: the role mapping as JSON. */
function connectionData(input: NewSsoConnection): ConnectionData {
  return { ...input, roleMapping: storedMapping(input.roleMapping) }
}

/** The changed columns only (undefined: unchanged). */
function changedColumns(changes: SsoConnectionChanges): Partial<ConnectionData> {
  const { roleMapping, ...rest } = changes
  const data: Partial<ConnectionData> = {}
  for (const [key, value] of Object.entries(rest) as [keyof typeof rest, unknown][]) {
    if (value !== undefined) Object.assign(data, { [key]: value })
  }
  if (roleMapping !== undefined) data.roleMapping = storedMapping(roleMapping)
  return data
}

export function ssoStore(prisma: PrismaSsoLike) {
  const connectionOf = async (organizationId: string, id: string) => {
    const row = await prisma.ssoConnection.findFirst({ where: { id, organizationId } })
    return row ? toConnection(row) : null
  }
  return {
    async createSsoConnection(connection: NewSsoConnection): Promise<AdapterSsoConnection> {
      return toConnection(await prisma.ssoConnection.create({ data: connectionData(connection) }))
    },
    async getSsoConnection(id: string): Promise<AdapterSsoConnection | null> {
      const row = await prisma.ssoConnection.findFirst({ where: { id } })
      return row ? toConnection(row) : null
    },
    async listSsoConnections(organizationId: string): Promise<AdapterSsoConnection[]> {
      const rows = await prisma.ssoConnection.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" } })
      return rows.map(toConnection)
    },
    async updateSsoConnection(organizationId: string, id: string, changes: SsoConnectionChanges): Promise<AdapterSsoConnection | null> {
      const data = changedColumns(changes)
      if (Object.keys(data).length > 0) {
        const { count } = await prisma.ssoConnection.updateMany({ where: { id, organizationId }, data })
        if (count === 0) return null
      }
      return connectionOf(organizationId, id)
    },
    async deleteSsoConnection(organizationId: string, id: string): Promise<boolean> {
      const { count } = await prisma.ssoConnection.deleteMany({ where: { id, organizationId } })
      // The accounts linked through it would sign in through nothing; a new connection links afresh.
      if (count > 0) await prisma.account.deleteMany({ where: { provider: ssoAccountProvider(id) } })
      return count > 0
    },
    async createSsoDomain(organizationId: string, connectionId: string, domain: string, verificationToken: string): Promise<AdapterSsoDomain | null> {
      if (!(await connectionOf(organizationId, connectionId))) return null
      try {
        const row = await prisma.ssoDomain.create({
          data: { organizationId, connectionId, domain, verificationToken, state: "pending" },
          select: domainSelect,
        })
        return toDomain(row)
      } catch (error) {
        if (prismaCode(error) === "P2002") return null
        throw error
      }
    },
    async listSsoDomains(organizationId: string): Promise<AdapterSsoDomain[]> {
      const rows = await prisma.ssoDomain.findMany({ where: { organizationId }, select: domainSelect, orderBy: { createdAt: "asc" } })
      return rows.map(toDomain)
    },
    async getSsoDomain(organizationId: string, id: string): Promise<AdapterSsoDomain | null> {
      const row = await prisma.ssoDomain.findFirst({ where: { id, organizationId }, select: domainSelect })
      return row ? toDomain(row) : null
    },
    async verifySsoDomain(organizationId: string, id: string, at: Date): Promise<DomainVerifyResult> {
      const row = await prisma.ssoDomain.findFirst({ where: { id, organizationId }, select: domainSelect })
      if (!row) return "not-found"
      if (row.state === "verified") return "verified"
      try {
        const { count } = await prisma.ssoDomain.updateMany({
          where: { id, organizationId, state: "pending" },
          data: { state: "verified", verifiedDomain: row.domain, verifiedAt: at },
        })
        return count > 0 ? "verified" : "not-found"
      } catch (error) {
        // The unique verifiedDomain: another connection (of this or another organization) holds it verified.
        if (prismaCode(error) === "P2002") return "claimed"
        throw error
      }
    },
    async deleteSsoDomain(organizationId: string, id: string): Promise<boolean> {
      const { count } = await prisma.ssoDomain.deleteMany({ where: { id, organizationId } })
      return count > 0
    },
    async getSsoRoute(domain: string): Promise<SsoRoute | null> {
      const row = await prisma.ssoDomain.findFirst({ where: { verifiedDomain: domain, state: "verified" }, select: domainSelect })
      if (!row) return null
      const connection = await connectionOf(row.organizationId, row.connectionId)
      return connection ? { domain: toDomain(row), connection } : null
    },
    async getOrganizationSsoRequired(organizationId: string): Promise<boolean> {
      const row = await prisma.organization.findFirst({ where: { id: organizationId }, select: { requireSso: true } })
      return row?.requireSso === true
    },
    async setOrganizationSsoRequired(organizationId: string, required: boolean): Promise<boolean> {
      const { count } = await prisma.organization.updateMany({ where: { id: organizationId }, data: { requireSso: required } })
      return count > 0
    },
    async useSsoAssertion(key: string, expiresAt: Date): Promise<boolean> {
      // Expired ids can go: an assertion past its NotOnOrAfter is refused by its time anyway.
      await prisma.ssoAssertion.deleteMany({ where: { expiresAt: { lt: new Date() } } })
      try {
        await prisma.ssoAssertion.create({ data: { key, expiresAt } })
        return true
      } catch (error) {
        if (prismaCode(error) === "P2002") return false
        throw error
      }
    },
    async joinOrganizationBySso(organizationId: string, userId: string, roles: readonly string[]): Promise<{ member: AdapterMember; joined: boolean }> {
      const existing = await prisma.member.findFirst({ where: { organizationId, userId }, select: memberSelect })
      if (existing) return { member: toMember(existing), joined: false }
      const stored = storedRoles(roles)
      if (!stored) throw new TypeError("A member needs at least one role")
      try {
        return { member: toMember(await prisma.member.create({ data: { organizationId, userId, roles: stored }, select: memberSelect })), joined: true }
      } catch (error) {
        // Two first sign-ins at once: the other made the membership.
        if (prismaCode(error) !== "P2002") throw error
        const row = await prisma.member.findFirst({ where: { organizationId, userId }, select: memberSelect })
        if (!row) throw error
        return { member: toMember(row), joined: false }
      }
    },
  }
}
