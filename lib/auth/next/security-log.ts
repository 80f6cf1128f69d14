/**
 * The security log as the app's server code uses it (server actions, route
 * handlers, server components): writing an entry for the current request and
 * reading a user's entries back.
 *
 *   await securityLog.record({ userId, type: "password-changed" })  // never throws
 *   const entries = await securityLog.list(userId)                   // newest first, at most 50
 *
 * `record` reads where the request came from (client address by the
 * trusted-proxy setting, User-Agent) from the current request's headers; a
 * failed write is logged and counted, never thrown, so it cannot fail the
 * action that records it.
 */
import { resolveAuthConfig } from "../auth"
import { listSecurityEvents } from "../security-log/list"
import { recordSecurityEvent, type SecurityLogEntry } from "../security-log/record"
import { reportSecurityLogFailure } from "../security-log/failures"
import type { SecurityEvent } from "../security-log/types"
import type { PreparedConfig } from "./config"
import { currentRequest } from "./current-request"

export type { SecurityLogEntry } from "../security-log/record"

export interface AppSecurityLog {
  /** Writes one entry for the current request (outcome "success" unless given). Never throws. */
  record(entry: SecurityLogEntry): Promise<void>
  /** The user's newest entries first, at most `limit` (default 50); throws DatabaseUnavailable in an outage. */
  list(userId: string, limit?: number): Promise<SecurityEvent[]>
}

export function appSecurityLog(getConfig: () => Promise<PreparedConfig>): AppSecurityLog {
  return {
    async record(entry) {
      let config
      try {
        config = resolveAuthConfig((await getConfig()).handler)
      } catch {
        // Without a configuration there is no log to write to nor logger to tell.
        return
      }
      try {
        await recordSecurityEvent(config, await currentRequest(), entry)
      } catch (error) {
        // recordSecurityEvent does not throw; this only guards the promise that it keeps.
        reportSecurityLogFailure(config.logger, "write", error)
      }
    },
    list: async (userId, limit) => listSecurityEvents(resolveAuthConfig((await getConfig()).handler), userId, limit),
  }
}
