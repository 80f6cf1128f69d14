import { AuthError } from "./errors"
import type { LoggerInstance, WarningCode } from "./types"

const warningText: Record<WarningCode, string> = {
  "debug-enabled": "Debug logging is on. It can print secrets and tokens: turn it off in production.",
  "csrf-disabled": "The CSRF check is disabled (skipCSRFCheck). Only do this when the requests are protected otherwise.",
  "experimental-webauthn": "WebAuthn support is experimental: its API may change.",
  "env-url-basepath-redundant": "AUTH_URL has a path and basePath is set too; basePath wins.",
  "env-url-basepath-mismatch": "The path of AUTH_URL differs from basePath; basePath wins.",
  "weak-secret": "AUTH_SECRET is shorter than 32 characters; use `openssl rand -base64 32`.",
  "undecodable-session-token":
    "A session cookie could not be decoded (expired, another secret, or junk); it was cleared. Further ones are logged at debug level only.",
}

function formatError(error: Error): string {
  const type = error instanceof AuthError ? `[auth][error] ${error.type}` : "[auth][error]"
  let text = `${type}: ${error.message}`
  let cause = error instanceof AuthError ? error.cause?.err : (error.cause as Error | undefined)
  // Walk the cause chain so the server log shows the root failure (e.g. an adapter's SQL error).
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    text += `\n[auth][cause]: ${cause.stack ?? cause.message}`
    cause = cause.cause as Error | undefined
  }
  return text
}

/**
 * Builds the logger once per configuration. Levels the user does not override
 * fall back to the console; `debug` prints only when the debug flag is on.
 */
export function createLogger(custom: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  return {
    error: custom?.error ?? ((error) => console.error(formatError(error))),
    warn: custom?.warn ?? ((code) => console.warn(`[auth][warn][${code}] ${warningText[code]}`)),
    debug:
      custom?.debug ??
      (debug ? (message, metadata) => console.debug(`[auth][debug]: ${message}`, metadata ?? "") : () => {}),
  }
}

const warnedKey = Symbol.for("next-auth-starter.logger.warned-once")
const processWide = globalThis as typeof globalThis & { [warnedKey]?: Set<WarningCode> }

/**
 * A warning anyone can trigger at will (e.g. by sending a junk cookie): the
 * first one in this process is a warning, later ones are debug lines, so
 * requests cannot be turned into log volume.
 */
export function warnOncePerProcess(logger: LoggerInstance, code: WarningCode, detail: string): void {
  const warned = (processWide[warnedKey] ??= new Set())
  if (warned.has(code)) {
    logger.debug(`${code}: ${detail}`)
    return
  }
  warned.add(code)
  logger.warn(code)
}
