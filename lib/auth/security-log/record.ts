/**
 * Writing one security log entry. The log is a record for the user, never a
 * condition of what they are doing: a write that fails is counted and logged
 * (security-log/failures.ts) and the caller goes on, so this never throws.
 * Where the request came from is filled in here, the same way for every
 * caller: the client address as the rate limiter resolves it (the
 * trusted-proxy setting), the User-Agent as sessions store it, and the device
 * key built from the two.
 */
import type { ResolvedConfig } from "../config/resolved"
import { storedUserAgent } from "../session/user-agent"
import { deviceKey } from "./device"
import { reportSecurityLogFailure, reportSecurityLogSuccess } from "./failures"
import { pruneAfterWrite } from "./prune"
import type { NewSecurityEvent, SecurityEventMethod, SecurityEventOutcome, SecurityEventType } from "./types"

/** What a caller says about an entry; where it came from is read from the request. */
export interface SecurityLogEntry {
  /** Null for a failure that names no known user. */
  userId: string | null
  type: SecurityEventType
  /** Default "success". */
  outcome?: SecurityEventOutcome
  method?: SecurityEventMethod | null
  /** The provider id ("credentials", "github", "passkey", ...). */
  provider?: string | null
  /** A short plain note that is never a secret (a passkey's name, how many sessions ended). */
  detail?: string | null
  /** Who acted when it was not the user: an admin's user id. */
  actorId?: string | null
}

/** Where a request came from, as an entry records it. */
export interface RequestOrigin {
  ip: string | null
  userAgent: string | null
  device: string
}

/** The client address as seen (trusted-proxy rule, not canonicalised), stored User-Agent and device key of a request; null: none known. */
export function requestOrigin(config: ResolvedConfig, request: Request | null): RequestOrigin {
  if (!request) return { ip: null, userAgent: null, device: deviceKey(null, null) }
  // As the request gave it: the owner reads the address their proxy saw, not the limiter's key.
  const address = config.rateLimiter.requestAddress(request)
  const ip = address === "unknown" ? null : address
  const userAgent = storedUserAgent(request.headers.get("user-agent"))
  return { ip, userAgent, device: deviceKey(userAgent, ip) }
}

/**
 * Writes one entry for `request` (null: written without ip, User-Agent and
 * device), then starts the hourly prune. Never throws; resolves to whether
 * the entry was written (false also when the adapter keeps no log).
 */
export async function recordSecurityEvent(
  config: ResolvedConfig,
  request: Request | null,
  entry: SecurityLogEntry,
  origin?: RequestOrigin,
): Promise<boolean> {
  const store = config.securityLog.store
  if (!store) return false
  try {
    const from = origin ?? requestOrigin(config, request)
    const event: NewSecurityEvent = {
      userId: entry.userId,
      type: entry.type,
      outcome: entry.outcome ?? "success",
      method: entry.method ?? null,
      provider: entry.provider ?? null,
      detail: entry.detail ?? null,
      actorId: entry.actorId ?? null,
      ip: from.ip,
      userAgent: from.userAgent,
      device: from.device,
    }
    await store.createSecurityEvent(event)
    reportSecurityLogSuccess()
  } catch (error) {
    reportSecurityLogFailure(config.logger, "write", error)
    return false
  }
  pruneAfterWrite(config)
  return true
}
