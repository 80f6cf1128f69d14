/**
 * An impersonation under the jwt strategy is also kept as a session row (the
 * one the database strategy would make: the target's, marked with the admin
 * and the reason), and its token names that row. A sign-out deletes the row,
 * "Stop impersonating" marks it stopped (./impersonation-stop), and every read
 * of the token asks whether it is still there and current. So a copy of the
 * token taken before the stop (another tab's request in flight, a cookie
 * copied off the machine) is refused at once and on every instance, instead
 * of living out its hour. Only impersonation
 * tokens pay the lookup; an adapter without session rows, or a token from
 * before the row existed, carries on as before: ended by its lifetime and its
 * admin's standing.
 */
import type { ResolvedConfig } from "../config/resolved"
import { lookUpSession } from "../adapters/session-lookup"
import type { JWT } from "../types"
import { impersonationWasStopped, stopImpersonationRow } from "./impersonation-stop"

/** The claim naming the impersonation's session row (its sessionToken). */
export const IMPERSONATION_RECORD_CLAIM = "impersonationRecord"

export interface ImpersonationRecordFacts {
  targetId: string
  adminId: string
  reason: string
  expires: Date
  userAgent?: string
}

/** The row's token, or undefined when the adapter keeps no session rows. */
export async function createImpersonationRecord(config: ResolvedConfig, facts: ImpersonationRecordFacts): Promise<string | undefined> {
  const adapter = config.adapter
  if (!adapter?.createSession || !(adapter.getSessionDetails ?? adapter.getSessionAndUser) || !adapter.deleteSession) return undefined
  const created = await adapter.createSession({
    sessionToken: config.session.generateSessionToken(),
    userId: facts.targetId,
    expires: facts.expires,
    lastActiveAt: new Date(),
    ...(facts.userAgent === undefined ? {} : { userAgent: facts.userAgent }),
    impersonatedBy: facts.adminId,
    impersonationReason: facts.reason,
  })
  return created.sessionToken
}

export function impersonationRecordOf(token: JWT): string | undefined {
  const value = token[IMPERSONATION_RECORD_CLAIM]
  return typeof value === "string" && value !== "" ? value : undefined
}

/**
 * What became of the impersonation `token` names: "current" while its row exists, is the same
 * user's and admin's, and has not expired (so too a token that names no row); "stopped" when its
 * admin stopped it a moment ago (a request sent before the stop's answer: it must end nothing);
 * "ended" otherwise. Rejects when the row cannot be read (an outage): the caller refuses the
 * request for now and ends nothing.
 */
export async function impersonationRecordState(config: ResolvedConfig, token: JWT, adminId: string): Promise<"current" | "stopped" | "ended"> {
  const record = impersonationRecordOf(token)
  if (record === undefined || !config.adapter) return "current"
  const found = await lookUpSession(config.adapter, record)
  if (!found || found.user.id !== token.sub || found.session.impersonatedBy !== adminId || found.session.expires.getTime() <= Date.now()) return "ended"
  return impersonationWasStopped(found.session) ? "stopped" : "current"
}

/**
 * Deletes the row the token names (a sign-out). True when this call deleted it, false when it was
 * already gone (a revocation), undefined when the token names none.
 */
export async function endImpersonationRecord(config: ResolvedConfig, token: JWT): Promise<boolean | undefined> {
  const record = impersonationRecordOf(token)
  if (record === undefined || !config.adapter?.deleteSession) return undefined
  return (await config.adapter.deleteSession(record)) !== null
}

/** Stops the impersonation the token names (see ./impersonation-stop); undefined when it names no row. */
export async function stopImpersonationRecord(config: ResolvedConfig, token: JWT): Promise<boolean | undefined> {
  const record = impersonationRecordOf(token)
  if (record === undefined || !config.adapter?.deleteSession) return undefined
  return stopImpersonationRow(config, record)
}
