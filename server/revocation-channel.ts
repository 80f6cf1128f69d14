/**
 * The app's revocation channel, from AUTH_REVOCATION_CHANNEL: unset or "none"
 * (each instance learns another's revocations within AUTH_REVOCATION_DELAY),
 * "redis" (pub/sub on REDIS_URL) or "postgres" (LISTEN/NOTIFY on
 * DATABASE_URL, which must then be a PostgreSQL URL). One channel per
 * process, whichever server bundle asks first; AUTH_REVOCATION_CHANNEL_NAME
 * renames the channel (instances of one deployment must agree on it).
 *
 * AUTH_REVOCATION_STORE=redis is the same for instances that cannot hold a
 * subscription (serverless functions): changes are marked in Redis and each
 * instance asks it at most once a second per user.
 */
import { Redis } from "ioredis"
import type { RevocationChannel, RevocationStore } from "@/lib/auth"
import { PostgresRevocationChannel, RedisRevocationChannel, RedisRevocationStore } from "@/lib/auth/revocation-transports"
import { isPostgresUrl } from "@/lib/db/url"

export type RevocationChannelKind = "none" | "redis" | "postgres"

type Env = Record<string, string | undefined>

export function revocationChannelKind(env: Env = process.env): RevocationChannelKind {
  const value = env.AUTH_REVOCATION_CHANNEL?.trim().toLowerCase() || "none"
  if (value === "none" || value === "redis" || value === "postgres") return value
  throw new Error(`AUTH_REVOCATION_CHANNEL must be none, redis or postgres (got "${value}")`)
}

/** DATABASE_URL for the pg driver: Prisma's `schema` parameter means nothing to it. */
function pgConnectionString(url: string): string {
  const parsed = new URL(url)
  parsed.searchParams.delete("schema")
  return parsed.toString()
}

function redisClient(env: Env): Redis {
  const redis = new Redis(env.REDIS_URL || "redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 })
  // Failures are reported once by the library (lost, then restored), not per retry.
  redis.on("error", () => undefined)
  return redis
}

function createChannel(kind: Exclude<RevocationChannelKind, "none">, env: Env): RevocationChannel {
  const name = env.AUTH_REVOCATION_CHANNEL_NAME?.trim() || undefined
  if (kind === "redis") {
    return new RedisRevocationChannel(redisClient(env), { channel: name })
  }
  const url = env.DATABASE_URL ?? ""
  if (!isPostgresUrl(url)) throw new Error("AUTH_REVOCATION_CHANNEL=postgres needs DATABASE_URL to be a postgresql:// URL")
  return new PostgresRevocationChannel(pgConnectionString(url), { channel: name })
}

const globalKey = Symbol.for("next-auth-starter.revocation-channel")
const processWide = globalThis as typeof globalThis & { [globalKey]?: RevocationChannel }

/** undefined for "none": the library then relies on the revocation delay alone. */
export function revocationChannelFromEnv(env: Env = process.env): RevocationChannel | undefined {
  const kind = revocationChannelKind(env)
  if (kind === "none") return undefined
  processWide[globalKey] ??= createChannel(kind, env)
  return processWide[globalKey]
}

const storeKey = Symbol.for("next-auth-starter.revocation-store")
const processStore = globalThis as typeof globalThis & { [storeKey]?: RevocationStore }

/** AUTH_REVOCATION_STORE: unset or "none", or "redis" (REDIS_URL). */
export function revocationStoreFromEnv(env: Env = process.env): RevocationStore | undefined {
  const value = env.AUTH_REVOCATION_STORE?.trim().toLowerCase() || "none"
  if (value === "none") return undefined
  if (value !== "redis") throw new Error(`AUTH_REVOCATION_STORE must be none or redis (got "${value}")`)
  // Kept twice the delay: by then every instance's cached entry has expired anyway.
  const delay = Number(env.AUTH_REVOCATION_DELAY)
  const ttlSeconds = Number.isFinite(delay) && delay > 0 ? delay * 2 : undefined
  processStore[storeKey] ??= new RedisRevocationStore(redisClient(env), { ttlSeconds })
  return processStore[storeKey]
}
