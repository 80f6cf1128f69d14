/**
 * The adapter as the rest of the library sees it: every method the app's
 * adapter has, guarded so that a database failure becomes a logged
 * AdapterError. It adds no method and never retries.
 */
import { databaseUnavailableIn, reportDatabaseFault, reportDatabaseHealthy } from "./database-outage"
import { AdapterError } from "../errors"
import type { Adapter } from "../adapters/types"
import type { LoggerInstance } from "../logger"

/**
 * Wraps every adapter method so a database failure surfaces as a typed
 * AdapterError (logged once, shown to the user as the Configuration error)
 * instead of an unhandled rejection with a stack trace. A DatabaseUnavailable
 * the adapter throws for an unreachable database passes through (503, logged
 * once per outage).
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
        // An unreachable database (the adapter says so with DatabaseUnavailable) is an outage,
        // logged once for its whole length, not a bug.
        const outage = databaseUnavailableIn(cause)
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
