/**
 * Fires the app's event handlers (signIn, signOut, session, …). Events are for
 * audit logging: a handler that throws is logged and never breaks the flow
 * that fired it.
 */
import { EventError } from "./errors"
import type { ResolvedConfig } from "./config/resolved"
import type { EventCallbacks } from "./config/types"

/**
 * Fires an event handler. Events are for audit logging: a handler that throws
 * is logged and never breaks the flow that fired it.
 */
export async function emitEvent<K extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: K,
  message: Parameters<EventCallbacks[K]>[0],
): Promise<void> {
  const handler = config.events[name] as ((m: typeof message) => unknown) | undefined
  if (!handler) return
  try {
    await handler(message)
  } catch (cause) {
    const error = new EventError(`The ${name} event handler threw`, { cause })
    config.logger.error(error.type, error)
  }
}
