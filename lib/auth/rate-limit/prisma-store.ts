/**
 * A store in the app's database, through Prisma: several instances on one
 * database share their counters with no extra service. One table
 * (`RateLimit`: key, count, resetAt in epoch milliseconds); each hit is a
 * single INSERT … ON CONFLICT DO UPDATE … RETURNING, atomic on SQLite and
 * PostgreSQL alike. It needs only the raw-query methods, so it does not
 * depend on the generated client.
 */
import type { RateLimitStore, RateLimitWindow } from "./store"

/** The part of a Prisma client the store uses. */
export interface PrismaRawClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): Promise<T>
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): Promise<number>
}

export interface PrismaStoreOptions {
  now?: () => number
  /** One hit in this many also deletes expired rows (default 200). */
  cleanupEvery?: number
}

export class PrismaRateLimitStore implements RateLimitStore {
  readonly #db: PrismaRawClient
  readonly #now: () => number
  readonly #cleanupEvery: number
  #hits = 0

  constructor(db: PrismaRawClient, options: PrismaStoreOptions = {}) {
    this.#db = db
    this.#now = options.now ?? Date.now
    this.#cleanupEvery = options.cleanupEvery ?? 200
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const now = BigInt(this.#now())
    const resetAt = now + BigInt(windowMs)
    const rows = await this.#db.$queryRaw<Array<{ count: number | bigint; resetAt: number | bigint }>>`
      INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetAt})
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
        "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${now} THEN ${resetAt} ELSE "RateLimit"."resetAt" END
      RETURNING "count", "resetAt"`
    if (++this.#hits % this.#cleanupEvery === 0) await this.#deleteExpired(now)
    return { count: Number(rows[0].count), resetAt: Number(rows[0].resetAt) }
  }

  async undo(key: string): Promise<void> {
    const now = BigInt(this.#now())
    await this.#db.$executeRaw`
      UPDATE "RateLimit" SET "count" = "count" - 1 WHERE "key" = ${key} AND "count" > 0 AND "resetAt" > ${now}`
  }

  async reset(key: string): Promise<void> {
    await this.#db.$executeRaw`DELETE FROM "RateLimit" WHERE "key" = ${key}`
  }

  async #deleteExpired(now: bigint) {
    await this.#db.$executeRaw`DELETE FROM "RateLimit" WHERE "resetAt" <= ${now}`
  }
}
