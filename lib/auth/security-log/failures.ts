/**
 * What a failed security-log write leaves behind: one warning (with the
 * error's code) when writes start failing, debug lines after that until a
 * write succeeds again, and a count readable by tests and metrics. The state
 * is process-wide (on globalThis), because Next.js loads the library once per
 * bundle and the count must be the process's, not one bundle's.
 */
import { findInCauseChain } from "../cause-chain"
import { AuthError } from "../errors"
import type { LoggerInstance } from "../logger"

interface FailureState {
  count: number
  /** True from a failure until the next successful write: only the first failure of a run warns. */
  failing: boolean
}

const stateKey = Symbol.for("auth.security-log.failures")
const processWide = globalThis as typeof globalThis & { [stateKey]?: FailureState }

function state(): FailureState {
  return (processWide[stateKey] ??= { count: 0, failing: false })
}

/** How many security-log operations (writes, device checks, prunes) have failed in this process. */
export function securityLogFailures(): number {
  return state().count
}

/**
 * The most specific code in what was thrown: the driver's (Prisma's "P1001",
 * SQLite's "SQLITE_BUSY") before the library's own wrapper codes, else the
 * error's name. Never the message, which may quote the values written.
 */
export function failureCode(thrown: unknown): string {
  const hasCode = (value: object): value is { code: string } =>
    "code" in value && typeof value.code === "string" && value.code !== ""
  const driver = findInCauseChain(thrown, (value): value is { code: string } => !(value instanceof AuthError) && hasCode(value))
  const any = driver ?? findInCauseChain(thrown, hasCode)
  if (any) return any.code.slice(0, 64)
  return thrown instanceof Error ? thrown.name : "unknown"
}

/** Counts and logs one failed operation (`what`: "write", "prune", "device-check"). Never throws. */
export function reportSecurityLogFailure(logger: LoggerInstance, what: string, thrown: unknown): void {
  const current = state()
  current.count += 1
  try {
    const detail = { operation: what, code: failureCode(thrown), failures: current.count }
    if (current.failing) {
      logger.debug("security-log-write-failed", detail)
    } else {
      current.failing = true
      logger.warn("security-log-write-failed", detail)
    }
  } catch {
    // A custom logger that throws must not turn a lost log entry into a failed request.
  }
}

/** A write went through: the next failure warns again. */
export function reportSecurityLogSuccess(): void {
  const current = state()
  if (current.failing) current.failing = false
}
