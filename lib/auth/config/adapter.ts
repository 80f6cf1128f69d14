/**
 * The adapter as the rest of the library sees it: every method the app's
 * adapter has, guarded so that a database failure becomes a logged
 * AdapterError. It adds no method and never retries.
 */
import { asDatabaseUnavailable, reportDatabaseFault, reportDatabaseHealthy } from "../database-fault"
import { AdapterError } from "../errors"
import type { Adapter, LoggerInstance } from "../types"

/**
 * Wraps every adapter method so a database failure surfaces as a typed
 * AdapterError (logged once, shown to the user as the Configuration error)
 * instead of an unhandled rejection with a stack trace. An unreachable
 * database becomes DatabaseUnavailable instead (503, logged once per outage).
 */
export function wrapAdapter(adapter: Adapter | undefined, logger: LoggerInstance): Adapter | undefined {
  if (!adapter) return undefined
  const wrapped: Adapter = {}
  for (const [name, method] of Object.entries(adapter)) {
    if (typeof method !== "function") continue
    const guarded = async (...args: unknown[]) => {
      try {
        logger.debug(`adapter_${name}`, { args })
        const result = await (method as (...a: unknown[]) => unknown).apply(adapter, args)
        reportDatabaseHealthy(logger)
        return result
      } catch (cause) {
        // An unreachable database is an outage, logged once for its whole length, not a bug.
        const outage = asDatabaseUnavailable(cause)
        if (outage) {
          reportDatabaseFault(logger, outage)
          throw outage
        }
        const error = new AdapterError(`The adapter's ${name} failed`, { cause })
        logger.error(error.type, error)
        throw error
      }
    }
    Object.assign(wrapped, { [name]: guarded })
  }
  return wrapped
}
