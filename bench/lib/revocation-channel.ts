/**
 * The Redis revocation channel the benchmarks switch on, as an app with
 * AUTH_REVOCATION_CHANNEL=redis holds it: one client, one subscription, on a
 * channel name of the run's own so that no other process's revocations reach
 * it. Opened channels are closed by closeRevocationChannels(), so the run can
 * exit.
 */
import { randomBytes } from "node:crypto"
import { Redis } from "ioredis"
import type { RevocationChannel } from "../../lib/auth"
import { RedisRevocationChannel } from "../../lib/auth/revocation-transports"

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const opened: Array<{ redis: Redis; channel: RevocationChannel }> = []

export async function openRevocationChannel(): Promise<RevocationChannel> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  await redis.ping().catch((error: unknown) => {
    redis.disconnect()
    throw new Error(`the Redis revocation channel needs Redis at ${REDIS_URL}: ${error instanceof Error ? error.message : String(error)}`)
  })
  const channel = new RedisRevocationChannel(redis, { channel: `auth:revocations:bench:${randomBytes(4).toString("hex")}` })
  opened.push({ redis, channel })
  return channel
}

export async function closeRevocationChannels(): Promise<void> {
  for (const { redis, channel } of opened.splice(0)) {
    await channel.close()
    redis.disconnect()
  }
}
