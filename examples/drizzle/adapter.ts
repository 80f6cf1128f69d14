/**
 * The adapter for an app on Auth.js's Drizzle guide: @auth/drizzle-adapter as
 * the package builds it, over the app's existing tables, plus the two
 * companions (their tables are at the end of schema.*.sql): single-use passkey
 * challenges, and when each session began and was last proved (step-up and
 * the absolute session lifetime). Leave a companion out and its feature is off
 * (passkeys: single-use challenges on one instance only), said once at start-up.
 */
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import { authJsAdapter, sessionProofCompanion, webAuthnChallengeCompanion, type Adapter, type CompanionSql } from "../../lib/auth"

export function drizzleAuthAdapter(drizzleAdapter: ReturnType<typeof DrizzleAdapter>, sql: CompanionSql): Adapter {
  const adapter = authJsAdapter(drizzleAdapter)
  return { ...adapter, ...sessionProofCompanion(adapter, sql), ...webAuthnChallengeCompanion(sql) }
}
