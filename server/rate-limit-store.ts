/**
 * The app's choice of rate-limit store, from AUTH_RATE_LIMIT_STORE:
 * "memory" (default, one instance), "database" (the app's database through
 * Prisma; instances sharing a database share counters) or "redis" (REDIS_URL).
 * Redis is loaded only when chosen.
 */
import { Redis } from "ioredis"
import { PrismaRateLimitStore, RedisRateLimitStore, type RateLimitStore } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"

export type RateLimitStoreKind = "memory" | "database" | "redis"

export function rateLimitStoreKind(env: Record<string, string | undefined> = process.env): RateLimitStoreKind {
  const value = env.AUTH_RATE_LIMIT_STORE?.trim().toLowerCase() || "memory"
  if (value === "memory" || value === "database" || value === "redis") return value
  throw new Error(`AUTH_RATE_LIMIT_STORE must be memory, database or redis (got "${value}")`)
}

const globalKey = Symbol.for("next-auth-starter.rate-limit.redis-client")
const processWide = globalThis as typeof globalThis & { [globalKey]?: Redis }

/** undefined for memory: the library's process-wide memory store is the default. */
export function rateLimitStoreFromEnv(env: Record<string, string | undefined> = process.env): RateLimitStore | undefined {
  const kind = rateLimitStoreKind(env)
  if (kind === "database") return new PrismaRateLimitStore(getPrisma())
  if (kind === "redis") {
    // One connection per process, whichever server bundle asks first.
    processWide[globalKey] ??= new Redis(env.REDIS_URL || "redis://127.0.0.1:6379", {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    })
    return new RedisRateLimitStore(processWide[globalKey])
  }
  return undefined
}
