/**
 * When each session began and was last proved, beside an Auth.js adapter
 * whose session table has only sessionToken, userId and expires. Without it
 * every step-up check (linking an account while signed in, adding a passkey,
 * the app's sensitive actions) finds no proof and sends the user to
 * re-authenticate, which has nowhere to record the new proof either: a loop.
 * And the absolute session lifetime has no start to count from.
 *
 * One table the app adds ("auth_session_proof", examples/drizzle/schema.*.sql).
 * The companion wraps the adapter's own session methods and adds
 * getSessionDetails, the library's lookup: the adapter's getSessionAndUser,
 * then one read of this table by primary key.
 */
import type { Adapter, AdapterSession, NewAdapterSession } from "../types"
import { type CompanionSql, instant, placeholders, readInstant } from "./sql"

export const SESSION_PROOF_TABLE = "auth_session_proof"

type SessionMethods = Required<Pick<Adapter, "createSession" | "getSessionAndUser" | "updateSession" | "deleteSession">>

export function sessionProofCompanion(
  adapter: Pick<Adapter, "createSession" | "getSessionAndUser" | "updateSession" | "deleteSession">,
  sql: CompanionSql,
): SessionMethods & Required<Pick<Adapter, "getSessionDetails">> {
  const { createSession, getSessionAndUser, updateSession, deleteSession } = adapter
  if (!createSession || !getSessionAndUser || !updateSession || !deleteSession) {
    // A configuration mistake in the app's code, found as it starts: not a request-time failure.
    throw new TypeError("sessionProofCompanion needs the adapter's createSession, getSessionAndUser, updateSession and deleteSession")
  }
  const q = (statement: string) => placeholders(sql.dialect, statement)
  const insert = q(`INSERT INTO "${SESSION_PROOF_TABLE}" ("sessionToken", "createdAt", "authenticatedAt", "expires") VALUES (?, ?, ?, ?)`)
  const prove = q(`UPDATE "${SESSION_PROOF_TABLE}" SET "authenticatedAt" = ? WHERE "sessionToken" = ?`)
  const extend = q(`UPDATE "${SESSION_PROOF_TABLE}" SET "expires" = ? WHERE "sessionToken" = ?`)
  const read = q(`SELECT "createdAt", "authenticatedAt" FROM "${SESSION_PROOF_TABLE}" WHERE "sessionToken" = ?`)
  const remove = q(`DELETE FROM "${SESSION_PROOF_TABLE}" WHERE "sessionToken" = ?`)
  // Rows of sessions that ended without a sign-out (expired, deleted with their user) go once expired.
  const sweep = q(`DELETE FROM "${SESSION_PROOF_TABLE}" WHERE "expires" < ?`)
  const at = (date: Date) => instant(sql.dialect, date)

  return {
    async createSession(session: NewAdapterSession) {
      const now = new Date()
      await sql.execute(sweep, [at(now)])
      // Only the contract's fields reach the adapter: its table has no other column.
      const created = await createSession.call(adapter, { sessionToken: session.sessionToken, userId: session.userId, expires: session.expires })
      await sql.execute(insert, [session.sessionToken, at(session.createdAt ?? now), at(session.authenticatedAt ?? now), at(session.expires)])
      return created
    },
    async updateSession(session) {
      const { sessionToken, expires, userId, authenticatedAt } = session
      if (authenticatedAt instanceof Date) await sql.execute(prove, [at(authenticatedAt), sessionToken])
      if (expires instanceof Date) await sql.execute(extend, [at(expires), sessionToken])
      if (expires === undefined && userId === undefined) return null
      const patch: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken"> = { sessionToken }
      if (expires !== undefined) patch.expires = expires
      if (userId !== undefined) patch.userId = userId
      return updateSession.call(adapter, patch)
    },
    async deleteSession(sessionToken) {
      const deleted = await deleteSession.call(adapter, sessionToken)
      await sql.execute(remove, [sessionToken])
      // The contract lets the adapter answer nothing (Drizzle's does); the signOut event then has no row.
      return typeof deleted === "object" && deleted !== null ? deleted : null
    },
    getSessionAndUser: (sessionToken) => getSessionAndUser.call(adapter, sessionToken),
    async getSessionDetails(sessionToken) {
      const found = await getSessionAndUser.call(adapter, sessionToken)
      if (!found) return null
      const [row] = await sql.query(read, [sessionToken])
      // A session from before the companion (next-auth's rows): no start known, so the proof is stale.
      return { user: found.user, session: { ...found.session, createdAt: readInstant(row?.createdAt), authenticatedAt: readInstant(row?.authenticatedAt) } }
    },
  }
}
