/**
 * A user's standing as the database keeps it: the roles they were given and
 * whether they are banned, and the roles that makes them hold once
 * AUTH_ADMIN_EMAILS is counted. Plain functions of the record they are
 * given; reading and writing it is the adapter's.
 */
import { ADMIN_ROLE, ROLE_NAME, USER_ROLE } from "./control"

/** What the adapter reads for a user (getUserAccess, and beside the session row). */
export interface UserAccessRecord {
  /** The roles given to the user (the stored list; "user" is implied and need not be there). */
  roles: readonly string[]
  email: string | null
  emailVerified: Date | null
  /** When the ban began; null: not banned. */
  bannedAt: Date | null
  /** When the ban ends by itself; null with bannedAt: permanent. */
  banExpires: Date | null
}

/** The longest an impersonation session lives, and its default (seconds). */
export const MAX_IMPERSONATION_SECONDS = 3600

/** AUTH_IMPERSONATION_MAX_AGE: whole seconds, else undefined (the start-up check, env-check.ts, stops a server whose value is malformed). */
export function impersonationMaxAgeFromEnv(value: string | undefined): number | undefined {
  const trimmed = value?.trim()
  return trimmed && /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : undefined
}

/** The configured lifetime of an impersonation, between one minute and an hour. */
export function impersonationMaxAge(configured: number | undefined): number {
  if (configured === undefined || !Number.isFinite(configured)) return MAX_IMPERSONATION_SECONDS
  return Math.min(MAX_IMPERSONATION_SECONDS, Math.max(60, Math.floor(configured)))
}

/** A ban in force: until when (null: permanent). */
export interface ActiveBan {
  until: Date | null
}

/** The stored roles column ("admin,support", or null) as a list; names that break the rule are dropped. */
export function parseStoredRoles(value: string | null | undefined): string[] {
  if (!value) return []
  return [...new Set(value.split(",").map((role) => role.trim()).filter((role) => ROLE_NAME.test(role)))]
}

/** The list as the column keeps it; "user" is implied and not stored; an empty list is null. */
export function storedRoles(roles: readonly string[]): string | null {
  const kept = [...new Set(roles.filter((role) => role !== USER_ROLE))]
  for (const role of kept) if (!ROLE_NAME.test(role)) throw new TypeError(`Not a role name: ${JSON.stringify(role)}`)
  return kept.length === 0 ? null : kept.sort().join(",")
}

/** Addresses from AUTH_ADMIN_EMAILS ("a@x.org, b@y.org"), lower-cased. */
export function parseAdminEmails(value: string | undefined): ReadonlySet<string> {
  return new Set((value ?? "").split(",").map((email) => email.trim().toLowerCase()).filter((email) => email.includes("@")))
}

/**
 * The roles a user holds: "user", the stored ones, and "admin" when the
 * address is in AUTH_ADMIN_EMAILS and proven. An unverified address grants
 * nothing: anyone can sign up with any address.
 */
export function effectiveRoles(
  record: Pick<UserAccessRecord, "roles" | "email" | "emailVerified">,
  adminEmails: ReadonlySet<string>,
): string[] {
  const roles = new Set<string>([USER_ROLE, ...record.roles])
  const verified = record.emailVerified instanceof Date && !Number.isNaN(record.emailVerified.getTime())
  if (verified && record.email && adminEmails.has(record.email.toLowerCase())) roles.add(ADMIN_ROLE)
  return [...roles]
}

/** The ban in force at `now`, or null (none, or one whose end has passed: a ban with an end lifts itself). */
export function activeBan(record: Pick<UserAccessRecord, "bannedAt" | "banExpires">, now = Date.now()): ActiveBan | null {
  if (!(record.bannedAt instanceof Date)) return null
  if (record.banExpires instanceof Date && record.banExpires.getTime() <= now) return null
  return { until: record.banExpires instanceof Date ? record.banExpires : null }
}

/** A ban as stored. */
export interface StoredBan {
  at: Date
  until: Date | null
  /** The admin's note; never shown to the banned user. */
  reason: string
}

/** The admin's user list: search, filters, sort and a cursor. */
export interface UserListQuery {
  /** Matches the address or the name (case-insensitive, contains). */
  search?: string
  role?: string
  banned?: boolean
  twoFactor?: boolean
  /** true: only users whose address is not verified. */
  unverified?: boolean
  sort?: "created" | "last-sign-in"
  /** Newest first (default) or oldest first. */
  direction?: "desc" | "asc"
  /** 1-100, default 25. */
  limit?: number
  /** The `nextCursor` of the previous page. */
  cursor?: string
}

export interface UserListEntry {
  id: string
  email: string | null
  name: string | null
  /** The profile picture's URL, if the user has one. */
  image: string | null
  emailVerified: Date | null
  /** The stored roles ("user" implied). */
  roles: string[]
  createdAt: Date | null
  lastSignInAt: Date | null
  twoFactor: boolean
  bannedAt: Date | null
  banExpires: Date | null
}

export interface UserListPage {
  users: UserListEntry[]
  /** Give it back as `cursor` for the next page; null: this was the last. */
  nextCursor: string | null
  /** How many users match the query across every page, when the store can count them. */
  total?: number
}
