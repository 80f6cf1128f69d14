/**
 * What the core knows of a database outage: the DatabaseUnavailable an adapter
 * throws, and logging an outage once rather than once per request.
 *
 * An outage is not a bug in the app and not the user's fault: callers answer
 * it with 503 and Retry-After and never read it as "signed out". Telling an
 * outage from other failures is the adapter's job (the Prisma adapter's is
 * adapters/prisma/faults.ts): the core recognises only DatabaseUnavailable,
 * not even Node's socket codes (ECONNREFUSED…), because it cannot tell whose
 * socket failed: an OAuth provider or a mail server that cannot be reached is
 * no database outage, and must not be answered as one.
 */
import { findInCauseChain } from "../cause-chain"
import { DatabaseUnavailable } from "../errors"
import type { LoggerInstance } from "../logger"

/**
 * The DatabaseUnavailable in a thrown value or its cause chain (an AuthError
 * wrapping it, an AggregateError holding it), else null. Found by the error's
 * brand, so an error from another bundle's copy of the library counts too.
 */
export function databaseUnavailableIn(thrown: unknown): DatabaseUnavailable | null {
  return findInCauseChain(thrown, (value): value is DatabaseUnavailable => value instanceof DatabaseUnavailable)
}

interface OutageState {
  down: boolean
  since: number
  suppressed: number
}

// One per process (on globalThis): a framework may evaluate the configuration once per server
// bundle (Next.js: middleware, route handlers, server components), each with its own logger, and
// an outage is still one database going away: one line, whichever bundle hits it first.
const stateKey = Symbol.for("auth.database-outage")
const processWide = globalThis as typeof globalThis & { [stateKey]?: OutageState }

function state(): OutageState {
  processWide[stateKey] ??= { down: false, since: 0, suppressed: 0 }
  return processWide[stateKey]
}

/**
 * Records a failed database call: the first one of an outage is logged (with
 * its cause), the rest are counted and reported with the recovery.
 */
export function reportDatabaseFault(logger: LoggerInstance, error: DatabaseUnavailable): void {
  const current = state()
  if (current.down) {
    current.suppressed++
    return
  }
  current.down = true
  current.since = Date.now()
  current.suppressed = 0
  logger.error(error.type, error)
}

/** Records a database call that worked: logs the end of an outage, once. */
export function reportDatabaseHealthy(logger: LoggerInstance): void {
  const current = state()
  if (!current.down) return
  current.down = false
  const seconds = Math.round((Date.now() - current.since) / 1000)
  logger.warn("database-recovered", `after ${seconds} s; ${current.suppressed} more failed call(s) were not logged`)
}
