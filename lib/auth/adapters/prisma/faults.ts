/**
 * Telling "the database cannot be reached" apart from every other failure of a
 * Prisma call. Only the adapter knows that its calls go to a database, so it
 * is the adapter that turns an outage into the library's DatabaseUnavailable;
 * the core never reads a Prisma code. The app's own Prisma calls (sign-up, its
 * authorize(), its callbacks) use the same classifier through this adapter's
 * entry point.
 *
 * Recognised by codes, not classes, because each generated Prisma client and
 * each driver has classes of its own.
 */
import { findInCauseChain } from "../../cause-chain"
import { DatabaseUnavailable } from "../../errors"

/** Prisma: server unreachable, timed out, closed the connection, pool timeout, engine not connected. */
const prismaCodes = new Set(["P1001", "P1002", "P1008", "P1011", "P1017", "P2024", "P5010"])
/** Driver adapter kinds Prisma reports in meta.driverAdapterError.cause.kind. */
const driverKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionTimeout"])
/** Node.js socket errors (the pg driver under Prisma's driver adapter lets them through). */
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

function looksLikeOutage(value: object): boolean {
  const code = "code" in value ? value.code : undefined
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
  return findInCauseChain(thrown, (value) => value instanceof DatabaseUnavailable || looksLikeOutage(value)) !== null
}

/** The thrown value as a DatabaseUnavailable (with it as the cause) when it is an outage, else null. */
export function asDatabaseUnavailable(thrown: unknown): DatabaseUnavailable | null {
  if (thrown instanceof DatabaseUnavailable) return thrown
  if (!isDatabaseOutage(thrown)) return null
  return new DatabaseUnavailable("The database is unavailable", { cause: thrown })
}

/**
 * `operation` with its outages rethrown as DatabaseUnavailable; any other
 * failure propagates unchanged. For the app's own Prisma calls that the
 * library runs (an authorize(), an adapter method the app adds).
 */
export function withPrismaFaults<Args extends unknown[], Result>(
  operation: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await operation(...args)
    } catch (error) {
      throw asDatabaseUnavailable(error) ?? error
    }
  }
}
