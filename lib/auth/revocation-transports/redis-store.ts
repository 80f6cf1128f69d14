/**
 * The revocation store (revocation-store.ts) in Redis: one key per changed
 * user holding a random change id, expiring after twice the revocation delay
 * by default, by which time every instance's cached entry has expired anyway.
 * The library only names ioredis's types; the app gives its client.
 */
import { randomBytes } from "node:crypto"
import type { Redis } from "ioredis"
import type { RevocationStore } from "../session/revocation-store"

export interface RedisRevocationStoreOptions {
  /** Prefix of every key (default "auth:changed:"). */
  prefix?: string
  /**
   * Seconds a change id is kept (default 120: twice the default revocation delay). At least the
   * revocation delay: an instance that saw no id, and finds none again after a change's id expired,
   * must have dropped its entry by then.
   */
  ttlSeconds?: number
}

export class RedisRevocationStore implements RevocationStore {
  readonly #redis: Pick<Redis, "get" | "set">
  readonly #prefix: string
  readonly #ttlSeconds: number

  constructor(redis: Pick<Redis, "get" | "set">, options: RedisRevocationStoreOptions = {}) {
    this.#redis = redis
    this.#prefix = options.prefix ?? "auth:changed:"
    this.#ttlSeconds = Math.max(1, Math.ceil(options.ttlSeconds ?? 120))
  }

  async markChanged(userId: string): Promise<void> {
    try {
      await this.#redis.set(this.#prefix + userId, randomBytes(9).toString("base64url"), "EX", this.#ttlSeconds)
    } catch {
      // Readers report the outage; a lost mark leaves them on the delay.
    }
  }

  changeOf(userId: string): Promise<string | null> {
    return this.#redis.get(this.#prefix + userId)
  }
}
