/**
 * The library's logger: `error(code, ...message)`, `warn(code, ...message)`,
 * `debug(code, ...message)`. A custom logger may define any of the three; the
 * levels it leaves out use the built-in console ones. It only formats and
 * prints: what is logged, and when, is decided by the caller.
 */
import { AuthError } from "./errors"
import { GENERATE_SECRET_COMMAND } from "./constants"
import type { ErrorType } from "./errors"

/**
 * Every level takes a code first, then anything that explains it. `error`'s
 * code is the error's type and its message includes the error itself (with
 * `cause.err` holding the root failure); `warn`'s code is a WarningCode;
 * `debug`'s code names the step (e.g. `adapter_getUser`).
 */
export interface LoggerInstance {
  error: (code: ErrorType, ...message: unknown[]) => void
  warn: (code: WarningCode, ...message: unknown[]) => void
  debug: (code: string, ...message: unknown[]) => void
}

export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "experimental-webauthn"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "weak-secret"
  | "undecodable-session-token"
  | "database-recovered"
  | "security-log-write-failed"
  | "adapter-features-off"
  | "webauthn-challenge-cookie-only"
  | "unserved-standing-refused"
  | "revocation-channel-lost"
  | "revocation-channel-restored"
  | "revocation-store-lost"
  | "revocation-store-restored"

const warningText: Record<WarningCode, string> = {
  "debug-enabled": "Debug logging is on. It can print secrets and tokens: turn it off in production.",
  "csrf-disabled": "The CSRF check is disabled (skipCSRFCheck). Only do this when the requests are protected otherwise.",
  "experimental-webauthn": "WebAuthn support is experimental: its API may change.",
  "env-url-basepath-redundant": "AUTH_URL has a path and basePath is set too; basePath wins.",
  "env-url-basepath-mismatch": "The path of AUTH_URL differs from basePath; basePath wins.",
  "weak-secret": `AUTH_SECRET is shorter than 32 characters; generate one with \`${GENERATE_SECRET_COMMAND}\`.`,
  "undecodable-session-token":
    "A session cookie could not be decoded (expired, another secret, or junk); it was cleared. Further ones are logged at debug level only.",
  "database-recovered": "The database answers again; the outage logged before is over.",
  "adapter-features-off":
    "The adapter has only the Auth.js contract's methods for these features, so they are off (docs/databases-and-adapters.md, \"Using another database\"):",
  "webauthn-challenge-cookie-only":
    "The adapter has no useWebAuthnChallenge, so each passkey challenge lives only in its short-lived challenge cookie: it is single-use on this instance, not across instances.",
  "unserved-standing-refused":
    "A user whose second factor or ban this adapter cannot serve was refused at sign-in. Switch back to the adapter that wrote those rows, or turn their two-factor off and lift the ban there first (docs/decisions/adapter-switch-fails-closed.md).",
  "revocation-channel-lost":
    "The revocation channel is unreachable: other instances' revocations reach this one within the revocation delay (AUTH_REVOCATION_DELAY) until it is back. Reconnecting.",
  "revocation-channel-restored": "The revocation channel is back; this instance re-reads every user's revocation state once and then follows the channel again.",
  "revocation-store-lost":
    "The revocation store is unreachable: other instances' revocations reach this one within the revocation delay (AUTH_REVOCATION_DELAY) until it is back.",
  "revocation-store-restored": "The revocation store answers again; this instance follows it again.",
  "security-log-write-failed":
    "A security log entry could not be written; the request went on without it. Further failures are logged at debug level until a write succeeds again.",
}

/**
 * The short codes an error carries besides its message: an OAuth server's
 * `error` ("invalid_grant"), oauth4webapi's or a driver's `code`, an HTTP
 * status. A production build minifies class names, so there the first line
 * reads "me: server responded with an error" and these are what tell.
 */
function codesOf(error: Error): string {
  const fields = error as { code?: unknown; error?: unknown; status?: unknown }
  const parts = (["code", "error", "status"] as const)
    .map((name) => [name, fields[name]] as const)
    .filter(([, value]) => (typeof value === "string" && /^[\w.:-]{1,64}$/.test(value)) || typeof value === "number")
    .map(([name, value]) => `${name}=${String(value)}`)
  return parts.length > 0 ? ` (${parts.join(", ")})` : ""
}

function formatError(code: string, message: unknown[]): string {
  const error = message.find((m): m is Error => m instanceof Error)
  const text = message
    .map((m) => (m instanceof Error ? m.message : typeof m === "string" ? m : JSON.stringify(m)))
    .join(" ")
  let out = `[auth][error] ${code}: ${text}`
  let cause = error instanceof AuthError ? error.cause?.err : (error?.cause as Error | undefined)
  // Walk the cause chain so the server log shows the root failure (e.g. an adapter's SQL error).
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    const [first, ...rest] = (cause.stack ?? cause.message).split("\n")
    out += `\n[auth][cause]: ${first}${codesOf(cause)}${rest.length > 0 ? `\n${rest.join("\n")}` : ""}`
    cause = cause.cause as Error | undefined
  }
  return out
}

/**
 * Builds the logger once per configuration. `debug: true` turns on the
 * built-in debug output only when no custom logger is given: an app that
 * brings its own logger decides itself what its debug level prints.
 */
export function createLogger(custom: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  const printDebug = debug && custom === undefined
  return {
    error: custom?.error ?? ((code, ...message) => console.error(formatError(code, message))),
    warn: custom?.warn ?? ((code, ...message) => console.warn(`[auth][warn][${code}] ${warningText[code]}`, ...message)),
    debug: custom?.debug ?? (printDebug ? (code, ...message) => console.debug(`[auth][debug][${code}]`, ...message) : () => {}),
  }
}

const warnedKey = Symbol.for("auth.logger.warned-once")
const processWide = globalThis as typeof globalThis & { [warnedKey]?: Set<WarningCode> }

/**
 * A warning anyone can trigger at will (e.g. by sending a junk cookie): the
 * first one in this process is a warning, later ones are debug lines, so
 * requests cannot be turned into log volume.
 */
export function warnOncePerProcess(logger: LoggerInstance, code: WarningCode, detail: string): void {
  const warned = (processWide[warnedKey] ??= new Set())
  if (warned.has(code)) {
    logger.debug(code, detail)
    return
  }
  warned.add(code)
  logger.warn(code)
}
