/**
 * The adapter as the rest of the library sees it: every method the app's
 * adapter has, guarded so that a database failure becomes a logged
 * AdapterError. It adds no method and never retries.
 */
import { databaseUnavailableIn, reportDatabaseFault, reportDatabaseHealthy } from "./database-outage"
import { AdapterError } from "../errors"
import type { Adapter } from "../adapters/types"
import { isPromiseLike } from "../types"
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
    // What a failure becomes: an outage passes through (logged once for its whole length, not a
    // bug); anything else is a logged AdapterError.
    const failure = (cause: unknown): Error => {
      const outage = databaseUnavailableIn(cause)
      if (outage) {
        reportDatabaseFault(logger, outage)
        return outage
      }
      const error = new AdapterError(`The adapter's ${name} failed`, { cause })
      logger.error(error.type, error)
      return error
    }
    const healthy = (result: unknown) => {
      reportDatabaseHealthy(logger)
      return result
    }
    // Not async: the session lookup runs on every request, and each promise costs async-hook
    // work under Next.js. One `then` on the adapter's own promise, instead of an async wrapper
    // around an await; a plain value or a throw comes back as a promise all the same.
    const guarded = (...args: unknown[]): Promise<unknown> => {
      logger.debug(`adapter_${name}`, { args })
      let result: unknown
      try {
        result = (method as (...a: unknown[]) => unknown).apply(adapter, args)
      } catch (cause) {
        return Promise.reject(failure(cause))
      }
      if (!isPromiseLike(result)) return Promise.resolve(healthy(result))
      return Promise.resolve(result).then(healthy, (cause: unknown) => {
        throw failure(cause)
      })
    }
    Object.assign(wrapped, { [name]: guarded })
  }
  return wrapped
}
