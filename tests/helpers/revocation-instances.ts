// One "instance" of the library for the revocation channel's tests: a configuration with its own
// caches and (optionally) its own channel connection, on a database the instances share. The
// tests build several in one process; revoking-instance.ts builds one in a child process.
import { Redis } from "ioredis"
import { ValidSinceCache, type RevocationChannel, type RevocationStore } from "@/lib/auth"
import { PostgresRevocationChannel, RedisRevocationChannel } from "@/lib/auth/revocation-transports"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"
import type { DbClient } from "@/lib/db/client"

export const INSTANCE_SECRET = "revocation-channel-suite-secret-0123456789"
export const TEST_REDIS_URL = "redis://127.0.0.1:6379"

export type ChannelKind = "redis" | "postgres"

/** A channel of its own for one instance, as each process of a deployment would open. */
export function openChannel(kind: ChannelKind, name: string, target: { redisUrl?: string; databaseUrl: string }): RevocationChannel {
  if (kind === "postgres") return new PostgresRevocationChannel(target.databaseUrl, { channel: name })
  const redis = new Redis(target.redisUrl ?? TEST_REDIS_URL, { maxRetriesPerRequest: 1, retryStrategy: (n) => Math.min(n * 100, 1000) })
  redis.on("error", () => undefined)
  const channel = new RedisRevocationChannel(redis, { channel: name })
  // The publisher is the app's client, which the channel leaves open; here the instance owns it.
  const closeSubscriber = channel.close.bind(channel)
  channel.close = async () => {
    await closeSubscriber()
    redis.disconnect()
  }
  return channel
}

export interface InstanceOptions {
  prisma: DbClient
  /** The user the credentials provider signs in (any input). */
  userId: string
  revocationDelay: number
  channel?: RevocationChannel
  store?: RevocationStore
  warnings?: string[]
}

export function instanceConfig(options: InstanceOptions): AuthConfig {
  return {
    secret: INSTANCE_SECRET,
    basePath: "/auth",
    trustHost: true,
    adapter: PrismaAdapter(options.prisma),
    session: {
      strategy: "jwt",
      revocationDelay: options.revocationDelay,
      revocationCache: new ValidSinceCache(),
      revocationChannel: options.channel,
      revocationStore: options.store,
    },
    logger: {
      warn: (code) => options.warnings?.push(code),
      error: () => undefined,
      debug: () => undefined,
    },
    providers: [Credentials({ authorize: () => ({ id: options.userId, email: "ada@example.com" }) })],
  }
}
