/**
 * A store in Redis (through an `ioredis` client the app creates): for
 * deployments that already run Redis. Each hit is one Lua script (INCR, then
 * PEXPIRE on a new key), so it is atomic across instances, and Redis expires
 * windows itself.
 */
import type { RateLimitStore, RateLimitWindow } from "./store"

const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

const UNDO = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`

/**
 * The two commands the store sends, in ioredis's call shapes (an ioredis client
 * fits). Typed here rather than imported from ioredis, so that an app that never
 * uses Redis compiles the library without installing it.
 */
export interface RedisCommands {
  eval(script: string, numberOfKeys: number, ...keysAndArgs: string[]): Promise<unknown>
  del(...keys: string[]): Promise<number>
}

export interface RedisStoreOptions {
  /** Prefix of every key the store writes (default "authrl:"). */
  prefix?: string
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisCommands
  readonly #prefix: string

  constructor(redis: RedisCommands, options: RedisStoreOptions = {}) {
    this.#redis = redis
    this.#prefix = options.prefix ?? "authrl:"
  }

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const [count, ttl] = (await this.#redis.eval(HIT, 1, this.#prefix + key, String(windowMs))) as [number, number]
    return { count: Number(count), resetAt: Date.now() + Number(ttl) }
  }

  async undo(key: string): Promise<void> {
    await this.#redis.eval(UNDO, 1, this.#prefix + key)
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.#prefix + key)
  }
}
