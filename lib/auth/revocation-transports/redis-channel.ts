/**
 * The revocation channel over Redis pub/sub (ioredis). A connection that has
 * subscribed can only listen, so the channel holds two: the publisher (the
 * app's client) and a subscriber of its own, the client's duplicate. The
 * library only names ioredis's types, so an app without Redis never loads it. ioredis
 * reconnects by itself; the channel subscribes again on every reconnection,
 * and only then reports "restored", so no message is taken for heard before
 * the subscription is back.
 */
import type { Redis } from "ioredis"
import { ChannelSubscribers, type RevocationChannel, type RevocationChannelConnection } from "../session/revocation-channel"

export interface RedisRevocationChannelOptions {
  /** The pub/sub channel's name (default "auth:revocations"); instances of one deployment share it. */
  channel?: string
}

export const DEFAULT_REDIS_REVOCATION_CHANNEL = "auth:revocations"

// A lost subscriber retries quickly at first, then every two seconds: the delay covers the gap.
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2000)

export class RedisRevocationChannel implements RevocationChannel {
  readonly #publisher: Redis
  readonly #subscriber: Redis
  readonly #channel: string
  readonly #subscribers = new ChannelSubscribers()
  readonly #report = this.#subscribers.report

  /** `redis`: the app's client, which publishes; the subscriber is its duplicate, the channel's own. */
  constructor(redis: Redis, options: RedisRevocationChannelOptions = {}) {
    this.#channel = options.channel ?? DEFAULT_REDIS_REVOCATION_CHANNEL
    this.#publisher = redis
    this.#subscriber = this.#publisher.duplicate({ lazyConnect: true, autoResubscribe: false, maxRetriesPerRequest: null, retryStrategy })
    // Without a listener ioredis prints every failed attempt; the report says it once.
    this.#subscriber.on("error", () => undefined)
    this.#subscriber.on("close", () => this.#report.disconnected())
    this.#subscriber.on("ready", () => {
      this.#subscriber.subscribe(this.#channel).then(
        () => this.#report.connected(),
        // The connection dropped again before the subscription held; the next "ready" retries.
        () => this.#report.disconnected(),
      )
    })
    this.#subscriber.on("message", (channel: string, userId: string) => {
      if (channel !== this.#channel || userId === "") return
      this.#subscribers.userChanged(userId)
    })
  }

  async publish(userId: string): Promise<void> {
    try {
      await this.#publisher.publish(this.#channel, userId)
    } catch {
      // The subscriber's report covers the outage; see the interface.
    }
  }

  subscribe(onUserChanged: (userId: string) => void, onConnection?: (change: RevocationChannelConnection) => void): () => void {
    return this.#subscribers.subscribe(onUserChanged, onConnection, () => {
      this.#subscriber.connect().catch(() => this.#report.disconnected())
    })
  }

  ready(): Promise<void> {
    return this.#report.firstUp
  }

  async close(): Promise<void> {
    this.#subscribers.stopReporting()
    // The publisher is the app's client: the app closes it.
    this.#subscriber.disconnect()
  }
}
