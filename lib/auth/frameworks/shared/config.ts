/**
 * The forms of one configuration a framework layer hands to the core: the
 * handler's (what the auth routes run with) and the server actions' (raw
 * results, no CSRF token: the framework checks its own form posts). Built
 * once per prepared configuration, so the core resolves each once.
 */
import type { AuthConfig } from "../../config/types"
import { raw, skipCSRFCheck } from "../../symbols"

export type ActionConfig = AuthConfig & { raw: typeof raw; skipCSRFCheck: typeof skipCSRFCheck }

export interface CoreConfigForms {
  handler: AuthConfig
  action: ActionConfig
}

/** The user's configuration with what the layer decided (base path, client address, trustHost) laid over it. */
export function coreConfigForms(config: Omit<AuthConfig, "raw">, decided: Partial<AuthConfig>): CoreConfigForms {
  const handler: AuthConfig = { ...config, ...decided }
  return { handler, action: { ...handler, raw, skipCSRFCheck } }
}
