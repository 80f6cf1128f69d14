/**
 * Telling "the database is unreachable" apart from every other failure, and
 * logging an outage once rather than once per request.
 *
 * An outage is not a bug in the app and not the user's fault: callers turn it
 * into DatabaseUnavailable (503, Retry-After, "temporarily unavailable") and
 * must never read it as "signed out". Recognised by codes, not classes, because
 * each generated Prisma client and each driver has classes of its own.
 */
import { AuthError, DatabaseUnavailable } from "./errors"
import type { LoggerInstance } from "./types"

/** Prisma: server unreachable, timed out, closed the connection, pool timeout, engine not connected. */
const prismaCodes = new Set(["P1001", "P1002", "P1008", "P1011", "P1017", "P2024", "P5010"])
/** Driver adapter kinds Prisma reports in meta.driverAdapterError.cause.kind. */
const driverKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionTimeout"])
/** Node.js socket errors. */
const socketCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTCONN", "EAI_AGAIN"])
/** PostgreSQL SQLSTATEs: connection exceptions (08…), admin/crash shutdown, cannot connect now, too many connections. */
const sqlStates = new Set(["08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "53300"])
/** node-postgres and Prisma messages that carry no code. */
const messages = [
  /connection terminated/i,
  /connection (?:was )?closed/i,
  /can't reach database server/i,
  /timeout exceeded when trying to connect/i,
  /server closed the connection unexpectedly/i,
  /client has encountered a connection error/i,
]

function codeOf(value: object): unknown {
  return "code" in value ? value.code : undefined
}

function looksLikeOutage(value: object): boolean {
  const code = codeOf(value)
  if (typeof code === "string" && (prismaCodes.has(code) || socketCodes.has(code) || sqlStates.has(code))) return true
  const meta = "meta" in value ? value.meta : undefined
  if (typeof meta === "object" && meta !== null && "driverAdapterError" in meta) {
    const driver = meta.driverAdapterError as { cause?: { kind?: unknown; originalCode?: unknown } } | undefined
    const kind = driver?.cause?.kind
    if (typeof kind === "string" && driverKinds.has(kind)) return true
    const original = driver?.cause?.originalCode
    if (typeof original === "string" && (sqlStates.has(original) || socketCodes.has(original))) return true
  }
  // Prisma's initialization error (no connection at startup) has only a message and errorCode.
  const errorCode = "errorCode" in value ? value.errorCode : undefined
  if (typeof errorCode === "string" && prismaCodes.has(errorCode)) return true
  const message = "message" in value ? value.message : undefined
  return typeof message === "string" && messages.some((pattern) => pattern.test(message))
}

/**
 * Whether a thrown value (or anything in its cause chain, AggregateErrors
 * included) says the database could not be reached.
 */
export function isDatabaseOutage(thrown: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [thrown]
  while (queue.length > 0 && seen.size < 20) {
    const value = queue.shift()
    if (typeof value !== "object" || value === null || seen.has(value)) continue
    seen.add(value)
    if (value instanceof DatabaseUnavailable) return true
    if (looksLikeOutage(value)) return true
    if (value instanceof AuthError) queue.push(value.cause?.err)
    if ("cause" in value) queue.push(value.cause)
    if (value instanceof AggregateError) queue.push(...value.errors)
  }
  return false
}

/** The thrown value as a DatabaseUnavailable when it is an outage, else null. */
export function asDatabaseUnavailable(thrown: unknown): DatabaseUnavailable | null {
  if (thrown instanceof DatabaseUnavailable) return thrown
  if (!isDatabaseOutage(thrown)) return null
  return new DatabaseUnavailable("The database is unavailable", { cause: thrown })
}

interface FaultState {
  down: boolean
  since: number
  suppressed: number
}

// One per process (on globalThis): Next.js evaluates auth.ts once per server bundle (middleware,
// route handlers, server components), each with its own logger, and an outage is still one
// database going away: one line, whichever bundle hits it first.
const stateKey = Symbol.for("next-auth-starter.auth.database-fault")
const processWide = globalThis as typeof globalThis & { [stateKey]?: FaultState }

function stateOf(_logger: LoggerInstance): FaultState {
  processWide[stateKey] ??= { down: false, since: 0, suppressed: 0 }
  return processWide[stateKey]
}

/**
 * Records a failed database call: the first one of an outage is logged (with
 * its cause), the rest are counted and reported with the recovery.
 */
export function reportDatabaseFault(logger: LoggerInstance, error: DatabaseUnavailable): void {
  const state = stateOf(logger)
  if (state.down) {
    state.suppressed++
    return
  }
  state.down = true
  state.since = Date.now()
  state.suppressed = 0
  logger.error(error.type, error)
}

/** Records a database call that worked: logs the end of an outage, once. */
export function reportDatabaseHealthy(logger: LoggerInstance): void {
  const state = stateOf(logger)
  if (!state.down) return
  state.down = false
  const seconds = Math.round((Date.now() - state.since) / 1000)
  logger.warn("database-recovered", `after ${seconds} s; ${state.suppressed} more failed call(s) were not logged`)
}
