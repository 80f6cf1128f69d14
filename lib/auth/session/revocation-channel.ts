/**
 * A message bus between the instances of one deployment, so that a revocation
 * made on one reaches the others at once instead of after the revocation delay.
 * A message says only "this user changed": its "sessions valid since", its
 * memberships version or its standing (roles, ban). Every instance that hears it
 * forgets what it cached of the user and reads the database again on its next
 * request; the database stays the only source of truth, so a lost, late or
 * duplicated message costs a query, never a wrong verdict.
 *
 * Implementations: ../revocation-transports/redis-channel.ts (Redis pub/sub) and
 * ../revocation-transports/postgres-channel.ts (PostgreSQL LISTEN/NOTIFY).
 */

/** A change of the channel's connection, reported once per change. */
export type RevocationChannelConnection = "lost" | "restored"

export interface RevocationChannel {
  /**
   * Tells every instance (this one included) that the user changed. Never rejects: a message that
   * cannot be sent leaves the other instances on the revocation delay, which the connection's
   * "lost" report has said already.
   */
  publish(userId: string): Promise<void>
  /**
   * Calls `onUserChanged` with each user id published by any instance, and `onConnection` each
   * time the subscription is lost or comes back (not for the first connection). Connects when
   * first subscribed to; returns the way to stop listening.
   */
  subscribe(onUserChanged: (userId: string) => void, onConnection?: (change: RevocationChannelConnection) => void): () => void
  /** Resolves once the subscription is in place (the first time); a caller that must not miss a message waits for it. */
  ready(): Promise<void>
  /** Ends the connections for good. */
  close(): Promise<void>
}

/**
 * Connection bookkeeping shared by the implementations: reports only changes of state, so an
 * outage that retries every second is one "lost" and one "restored", whatever the retries.
 */
export class ConnectionReport {
  #state: "never" | "up" | "down" = "never"
  readonly #listeners: Set<(change: RevocationChannelConnection) => void>
  #firstUp: () => void = () => undefined
  readonly firstUp: Promise<void>

  constructor(listeners: Set<(change: RevocationChannelConnection) => void>) {
    this.#listeners = listeners
    this.firstUp = new Promise((resolve) => (this.#firstUp = resolve))
  }

  get up(): boolean {
    return this.#state === "up"
  }

  connected(): void {
    const was = this.#state
    this.#state = "up"
    this.#firstUp()
    if (was === "down") this.#tell("restored")
  }

  /** A connection that never came up is lost too: the instance runs on the delay until it does. */
  disconnected(): void {
    if (this.#state === "down") return
    this.#state = "down"
    this.#tell("lost")
  }

  #tell(change: RevocationChannelConnection): void {
    for (const listener of this.#listeners) listener(change)
  }
}

/**
 * A channel's subscribers and its connection report, the part every transport shares:
 * `subscribe` adds the listeners and starts the transport once, at the first subscription.
 */
export class ChannelSubscribers {
  readonly #onUser = new Set<(userId: string) => void>()
  readonly #onConnection = new Set<(change: RevocationChannelConnection) => void>()
  readonly report = new ConnectionReport(this.#onConnection)
  #started = false

  subscribe(
    onUserChanged: (userId: string) => void,
    onConnection: ((change: RevocationChannelConnection) => void) | undefined,
    start: () => void,
  ): () => void {
    this.#onUser.add(onUserChanged)
    if (onConnection) this.#onConnection.add(onConnection)
    if (!this.#started) {
      this.#started = true
      start()
    }
    return () => {
      this.#onUser.delete(onUserChanged)
      if (onConnection) this.#onConnection.delete(onConnection)
    }
  }

  userChanged(userId: string): void {
    for (const listener of this.#onUser) listener(userId)
  }

  /** After close, nobody is told of the connection any more. */
  stopReporting(): void {
    this.#onConnection.clear()
  }
}
