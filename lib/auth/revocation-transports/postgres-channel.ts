/**
 * The revocation channel over PostgreSQL LISTEN/NOTIFY (pg), for deployments
 * whose only shared service is the database. One dedicated connection both
 * listens and notifies (NOTIFY's payload is the user id); it is not the app's
 * pool, because a pooled connection handed back would stop listening. pg does
 * not reconnect by itself, so the channel does, backing off to five seconds,
 * and LISTENs again before it reports "restored". pg is loaded on the first
 * connection, so an app that does not use this channel never needs it.
 */
import type pg from "pg"
import { ChannelSubscribers, type RevocationChannel, type RevocationChannelConnection } from "../session/revocation-channel"

export interface PostgresRevocationChannelOptions {
  /** The NOTIFY channel (default "auth_revocations"): a plain lower-case SQL identifier, shared by the deployment. */
  channel?: string
}

export const DEFAULT_POSTGRES_REVOCATION_CHANNEL = "auth_revocations"

// Only plain identifiers: the name is spelled into LISTEN, which takes no parameters.
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/

const FIRST_RETRY_MS = 100
const LAST_RETRY_MS = 5000

export class PostgresRevocationChannel implements RevocationChannel {
  readonly #connectionString: string
  readonly #channel: string
  readonly #subscribers = new ChannelSubscribers()
  readonly #report = this.#subscribers.report
  #client: pg.Client | null = null
  #retryMs = FIRST_RETRY_MS
  #retry: ReturnType<typeof setTimeout> | null = null
  #closed = false

  constructor(connectionString: string, options: PostgresRevocationChannelOptions = {}) {
    const channel = options.channel ?? DEFAULT_POSTGRES_REVOCATION_CHANNEL
    if (!IDENTIFIER.test(channel)) throw new TypeError(`The revocation channel's name must be a lower-case SQL identifier (got "${channel}")`)
    this.#connectionString = connectionString
    this.#channel = channel
  }

  async publish(userId: string): Promise<void> {
    const client = this.#report.up ? this.#client : null
    if (!client) return
    try {
      await client.query("SELECT pg_notify($1, $2)", [this.#channel, userId])
    } catch {
      // The connection's report covers the outage; see the interface.
    }
  }

  subscribe(onUserChanged: (userId: string) => void, onConnection?: (change: RevocationChannelConnection) => void): () => void {
    return this.#subscribers.subscribe(onUserChanged, onConnection, () => {
      void this.#connect()
    })
  }

  ready(): Promise<void> {
    return this.#report.firstUp
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#subscribers.stopReporting()
    if (this.#retry) clearTimeout(this.#retry)
    const client = this.#client
    this.#client = null
    await client?.end().catch(() => undefined)
  }

  async #connect(): Promise<void> {
    if (this.#closed) return
    const { default: driver } = await import("pg")
    if (this.#closed) return
    const client: pg.Client = new driver.Client({ connectionString: this.#connectionString, keepAlive: true })
    this.#client = client
    const lost = () => {
      if (this.#client !== client) return
      this.#client = null
      client.end().catch(() => undefined)
      if (this.#closed) return
      this.#report.disconnected()
      this.#retry = setTimeout(() => void this.#connect(), this.#retryMs)
      this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS)
    }
    client.on("error", lost)
    client.on("end", lost)
    client.on("notification", (message) => {
      if (message.channel !== this.#channel || !message.payload) return
      this.#subscribers.userChanged(message.payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN "${this.#channel}"`)
      if (this.#client !== client) return
      this.#retryMs = FIRST_RETRY_MS
      this.#report.connected()
    } catch {
      lost()
    }
  }
}
