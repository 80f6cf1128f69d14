// Our Prisma adapter against a real third-party Auth.js adapter (@auth/drizzle-adapter over the
// tables of Auth.js's Drizzle guide): every contract method is called on both with the same
// inputs, and the answers must be deep-equal, keys and values. Generated user ids
// differ by nature (cuid, UUID), so each is replaced by the order it was made in before comparing.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter, AdapterAccount, AdapterAuthenticator } from "@/lib/auth/adapters/types"
import { adapterOnNewDatabase, type TestDatabase } from "../../helpers/db"
import { createDrizzleDatabase, type DrizzleTestDatabase } from "../../helpers/drizzle-db"

const inOneHour = new Date(Math.floor(Date.now() / 1000) * 1000 + 60 * 60 * 1000)
const later = new Date(inOneHour.getTime() + 24 * 60 * 60 * 1000)
const verifiedAt = new Date("2024-05-06T07:08:09.123Z")

/** Contract methods, each called the way Auth.js calls it. */
type Contract = Required<
  Pick<
    Adapter,
    | "createUser" | "getUser" | "getUserByEmail" | "getUserByAccount" | "updateUser" | "deleteUser"
    | "linkAccount" | "unlinkAccount" | "getAccount"
    | "createSession" | "getSessionAndUser" | "updateSession" | "deleteSession"
    | "createVerificationToken" | "useVerificationToken"
    | "createAuthenticator" | "getAuthenticator" | "listAuthenticatorsByUserId" | "updateAuthenticatorCounter"
  >
>

function account(userId: string, providerAccountId: string, tokens: Partial<AdapterAccount> = {}): AdapterAccount {
  return { userId, type: "oauth", provider: "github", providerAccountId, ...tokens }
}

function authenticator(userId: string, credentialID: string, transports?: string): AdapterAuthenticator {
  return {
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: `key-${credentialID}`,
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    ...(transports === undefined ? {} : { transports }),
  }
}

async function settle<T>(answer: Promise<T> | T): Promise<T | { rejected: true }> {
  try {
    return await answer
  } catch {
    return { rejected: true }
  }
}

/**
 * Runs the same calls on an adapter; returns every answer by name, and separately the answers of
 * the four methods the contract lets resolve to nothing or to the row (compared apart, below).
 */
async function script(adapter: Contract) {
  const answers: [string, unknown][] = []
  const voidOrRow: Record<string, unknown> = {}
  const record = async (name: string, answer: unknown) => answers.push([name, await settle(answer as Promise<unknown>)])

  const ada = await adapter.createUser({ id: "ignored-1", name: "Ada", email: "ada@example.com", emailVerified: verifiedAt, image: "https://example.com/a.png" })
  answers.push(["createUser (all fields)", ada])
  const bob = await adapter.createUser({ id: "ignored-2", email: "bob@example.com", emailVerified: null })
  answers.push(["createUser (no name, no image)", bob])
  await record("getUser (unknown)", adapter.getUser("no-such-user"))
  await record("getUser", adapter.getUser(ada.id))
  await record("getUserByEmail (unknown)", adapter.getUserByEmail("nobody@example.com"))
  await record("getUserByEmail", adapter.getUserByEmail("bob@example.com"))
  await record("updateUser", adapter.updateUser({ id: bob.id, name: "Bob", emailVerified: verifiedAt }))

  const full = account(ada.id, "gh-1", {
    access_token: "access-1",
    refresh_token: "refresh-1",
    expires_at: 1_900_000_000,
    token_type: "bearer",
    scope: "read:user",
    id_token: "h.p.s",
    session_state: "state-1",
  })
  voidOrRow.linkAccountFull = await adapter.linkAccount(full)
  voidOrRow.linkAccountMinimal = await adapter.linkAccount({ userId: bob.id, type: "email", provider: "email", providerAccountId: "bob@example.com" })
  await record("getUserByAccount (unknown)", adapter.getUserByAccount({ provider: "github", providerAccountId: "gh-none" }))
  await record("getUserByAccount", adapter.getUserByAccount({ provider: "github", providerAccountId: "gh-1" }))
  await record("getAccount (wrong provider)", adapter.getAccount("gh-1", "gitlab"))
  await record("getAccount (every token column)", adapter.getAccount("gh-1", "github"))
  await record("getAccount (no token column)", adapter.getAccount("bob@example.com", "email"))

  await record("createSession", adapter.createSession({ sessionToken: "session-a", userId: ada.id, expires: inOneHour }))
  await adapter.createSession({ sessionToken: "session-b", userId: bob.id, expires: inOneHour })
  await record("getSessionAndUser (unknown)", adapter.getSessionAndUser("no-such-session"))
  await record("getSessionAndUser", adapter.getSessionAndUser("session-a"))
  await record("updateSession", adapter.updateSession({ sessionToken: "session-a", expires: later }))
  await record("getSessionAndUser (after update)", adapter.getSessionAndUser("session-a"))
  voidOrRow.deleteSession = await adapter.deleteSession("session-a")
  await record("getSessionAndUser (deleted)", adapter.getSessionAndUser("session-a"))

  await record("createVerificationToken", adapter.createVerificationToken({ identifier: "ada@example.com", token: "hashed-1", expires: inOneHour }))
  await record("useVerificationToken (wrong identifier)", adapter.useVerificationToken({ identifier: "bob@example.com", token: "hashed-1" }))
  await record("useVerificationToken", adapter.useVerificationToken({ identifier: "ada@example.com", token: "hashed-1" }))
  await record("useVerificationToken (again)", adapter.useVerificationToken({ identifier: "ada@example.com", token: "hashed-1" }))

  await record("createAuthenticator (with transports)", adapter.createAuthenticator(authenticator(ada.id, "cred-1", "usb,nfc")))
  await record("createAuthenticator (without transports)", adapter.createAuthenticator(authenticator(ada.id, "cred-2")))
  await record("getAuthenticator (unknown)", adapter.getAuthenticator("cred-none"))
  await record("getAuthenticator", adapter.getAuthenticator("cred-1"))
  await record("listAuthenticatorsByUserId (none)", adapter.listAuthenticatorsByUserId(bob.id))
  answers.push([
    "listAuthenticatorsByUserId",
    (await adapter.listAuthenticatorsByUserId(ada.id)).sort((a, b) => a.credentialID.localeCompare(b.credentialID)),
  ])
  await record("updateAuthenticatorCounter", adapter.updateAuthenticatorCounter("cred-1", 7))
  await record("updateAuthenticatorCounter (unknown)", adapter.updateAuthenticatorCounter("cred-none", 7))

  voidOrRow.unlinkAccount = await adapter.unlinkAccount({ provider: "github", providerAccountId: "gh-1" })
  await record("getAccount (unlinked)", adapter.getAccount("gh-1", "github"))
  voidOrRow.deleteUser = await adapter.deleteUser(bob.id)
  await record("getUser (deleted)", adapter.getUser(bob.id))
  // Cascades: the deleted user's session and account went with it.
  await record("getSessionAndUser (user deleted)", adapter.getSessionAndUser("session-b"))
  await record("getAccount (user deleted)", adapter.getAccount("bob@example.com", "email"))

  return { answers: withIdsNamed(answers, [ada.id, bob.id]), voidOrRow: withIdsNamed(voidOrRow, [ada.id, bob.id]), full }
}

/** The value with each generated user id replaced by "user-1", "user-2", … (by creation order). */
function withIdsNamed<T>(value: T, ids: string[]): T {
  const name = (v: unknown): unknown => {
    if (typeof v === "string") {
      const i = ids.indexOf(v)
      return i === -1 ? v : `user-${i + 1}`
    }
    if (v instanceof Date || v === null || typeof v !== "object") return v
    if (Array.isArray(v)) return v.map(name)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, name(x)]))
  }
  return name(value) as T
}

describe.each(["sqlite", "postgresql"] as const)("our adapter and @auth/drizzle-adapter on %s", (provider) => {
  let ours: Awaited<ReturnType<typeof script>>
  let theirs: Awaited<ReturnType<typeof script>>
  let oursDb: TestDatabase
  let theirsDb: DrizzleTestDatabase

  beforeAll(async () => {
    const made = await adapterOnNewDatabase(provider)
    oursDb = made.db
    theirsDb = await createDrizzleDatabase(provider)
    ours = await script(made.adapter)
    theirs = await script(theirsDb.adapter as unknown as Contract)
  }, 60_000)

  afterAll(async () => {
    await oursDb?.cleanup()
    await theirsDb?.cleanup()
  })

  it("answers every contract call exactly as the third-party adapter does", () => {
    expect(ours.answers.map(([name]) => name)).toEqual(theirs.answers.map(([name]) => name))
    for (const [i, [name, answer]] of ours.answers.entries()) {
      expect(answer, name).toStrictEqual(theirs.answers[i]![1])
    }
  })

  it("answers no field beyond the contract's from the session lookup", () => {
    const found = ours.answers.find(([name]) => name === "getSessionAndUser")?.[1] as { session: object; user: object }
    expect(Object.keys(found.session).sort()).toEqual(["expires", "sessionToken", "userId"])
    expect(Object.keys(found.user).sort()).toEqual(["email", "emailVerified", "id", "image", "name"])
  })

  // The contract lets these four resolve to nothing or to the row: the Drizzle adapter answers
  // nothing; ours answers the row (as Auth.js's own Prisma adapter does; signOut's event carries the
  // deleted session), and that row is the one the contract's reads answer.
  it("answers the stored row where the contract allows nothing or the row", () => {
    expect(theirs.voidOrRow).toStrictEqual({ linkAccountFull: undefined, linkAccountMinimal: undefined, deleteSession: undefined, unlinkAccount: undefined, deleteUser: undefined })
    const read = (name: string) => theirs.answers.find(([n]) => n === name)?.[1]
    expect(ours.voidOrRow.linkAccountFull).toStrictEqual(read("getAccount (every token column)"))
    expect(ours.voidOrRow.linkAccountMinimal).toStrictEqual(read("getAccount (no token column)"))
    expect(ours.voidOrRow.unlinkAccount).toStrictEqual(read("getAccount (every token column)"))
    expect(ours.voidOrRow.deleteSession).toStrictEqual((read("getSessionAndUser (after update)") as { session: unknown }).session)
    expect(ours.voidOrRow.deleteUser).toStrictEqual(read("updateUser"))
  })
})
