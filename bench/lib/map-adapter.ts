/**
 * An adapter over two Maps, for the "library overhead only" database cases:
 * with the storage cost near zero, what remains is each library's own
 * per-request work. It implements what both libraries require of an adapter
 * for a database-strategy configuration with an OAuth provider listed, plus
 * the "sessions valid since" pair our jwt strategy checks every token against
 * (@auth/core has no such check and never calls them).
 */
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from "../../lib/auth/adapters/types"

export function createMapAdapter(): Required<
  Pick<
    Adapter,
    | "createUser"
    | "getUser"
    | "getUserByEmail"
    | "getUserByAccount"
    | "updateUser"
    | "linkAccount"
    | "createSession"
    | "getSessionAndUser"
    | "updateSession"
    | "deleteSession"
    | "getSessionsValidSince"
    | "setSessionsValidSince"
  >
> {
  const users = new Map<string, AdapterUser>()
  const sessions = new Map<string, AdapterSession>()
  const accounts = new Map<string, AdapterAccount>()
  const validSince = new Map<string, Date>()
  // Copies out, as a database would hand back fresh rows.
  const copy = <T extends object>(row: T): T => ({ ...row })

  return {
    async createUser(user) {
      const created = { ...user, id: crypto.randomUUID() }
      users.set(created.id, created)
      return copy(created)
    },
    async getUser(id) {
      const user = users.get(id)
      return user ? copy(user) : null
    },
    async getUserByEmail(email) {
      for (const user of users.values()) if (user.email === email) return copy(user)
      return null
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = accounts.get(`${provider}\u0000${providerAccountId}`)
      const user = account && users.get(account.userId)
      return user ? copy(user) : null
    },
    async updateUser(patch) {
      const user = users.get(patch.id)
      if (!user) throw new Error(`no user ${patch.id}`)
      const updated = { ...user, ...patch }
      users.set(updated.id, updated)
      return copy(updated)
    },
    async linkAccount(account) {
      accounts.set(`${account.provider}\u0000${account.providerAccountId}`, account)
      return copy(account)
    },
    async createSession(session) {
      sessions.set(session.sessionToken, { ...session })
      return copy(session)
    },
    async getSessionAndUser(sessionToken) {
      const session = sessions.get(sessionToken)
      const user = session && users.get(session.userId)
      return session && user ? { session: copy(session), user: copy(user) } : null
    },
    async updateSession(patch) {
      const session = sessions.get(patch.sessionToken)
      if (!session) return null
      const updated = { ...session, ...patch }
      sessions.set(updated.sessionToken, updated)
      return copy(updated)
    },
    async deleteSession(sessionToken) {
      const session = sessions.get(sessionToken)
      sessions.delete(sessionToken)
      return session ? copy(session) : null
    },
    async getSessionsValidSince(userId) {
      const since = validSince.get(userId)
      return since ? new Date(since) : null
    },
    async setSessionsValidSince(userId, since) {
      validSince.set(userId, new Date(since))
    },
  }
}
