/**
 * Contract suite for the Prisma adapter, run against a real SQLite file and a
 * real PostgreSQL database. First what every adapter must do, one method at a
 * time (the contract in lib/auth/adapters/types.ts); then what this starter
 * adds on top: cascades, single-use tokens under concurrency, the password hash never
 * leaving the database, robustness to unknown token fields, one query per
 * session lookup, and the authenticator failure modes.
 *
 * Every write is checked against the rows read back with Prisma directly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { PrismaPg } from "@prisma/adapter-pg"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { isDate } from "@/lib/auth/adapters/prisma/mappers"
import type { AdapterAccount, AdapterAuthenticator, AdapterUser } from "@/lib/auth/adapters/types"
import { PrismaClient as PostgresClient } from "@/lib/generated/prisma/postgres/client"
import { PrismaClient as SqliteClient, type PrismaClient as SqlitePrismaClient } from "@/lib/generated/prisma/sqlite/client"
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import { adapterOnNewDatabase, type TestDatabase } from "@/tests/helpers/db"


const userKeys = ["email", "emailVerified", "id", "image", "name"]
/** What the session lookup reads beside the user for a user with no roles and no ban. */
const noStanding = { roles: [], bannedAt: null, banExpires: null }

function inOneHour(): Date {
  return new Date(Date.now() + 60 * 60 * 1000)
}

/** An account as the OAuth callback hands it over: token response fields included. */
function oauthAccount(userId: string, providerAccountId = "gh-123"): AdapterAccount {
  return {
    userId,
    type: "oauth",
    provider: "github",
    providerAccountId,
    access_token: "access-abc",
    refresh_token: "refresh-def",
    expires_at: 1_900_000_000,
    token_type: "bearer",
    scope: "read:user user:email",
    id_token: "header.payload.signature",
    session_state: "state-1",
  }
}

function authenticatorFor(userId: string, credentialID: string): AdapterAuthenticator {
  return {
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: `pk-${credentialID}`,
    counter: 0,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: "internal,hybrid",
  }
}

/** The columns of an Authenticator row that Auth.js defines (the starter adds name and dates). */
function authjsColumns(row: AdapterAuthenticator & Record<string, unknown>): AdapterAuthenticator {
  const { credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType, credentialBackedUp, transports } = row
  return { credentialID, userId, providerAccountId, credentialPublicKey, counter, credentialDeviceType, credentialBackedUp, transports }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

describe("isDate", () => {
  it("accepts valid Dates and parseable date strings", () => {
    expect(isDate(new Date())).toBe(true)
    expect(isDate("2024-05-01T12:00:00.000Z")).toBe(true)
    expect(isDate("2024-05-01")).toBe(true)
  })

  it("rejects invalid dates, unparseable strings and non-dates", () => {
    expect(isDate(new Date("nope"))).toBe(false)
    expect(isDate("not a date")).toBe(false)
    expect(isDate("")).toBe(false)
    expect(isDate(null)).toBe(false)
    expect(isDate(undefined)).toBe(false)
    expect(isDate({})).toBe(false)
    expect(isDate(1_700_000_000_000)).toBe(false)
  })
})

describe.each(["sqlite", "postgresql"] as const)("PrismaAdapter on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => ({ db, adapter } = await adapterOnNewDatabase(provider)))
  afterAll(() => db?.cleanup())

  beforeEach(async () => {
    // Accounts, sessions and authenticators go with their users (cascade).
    await db.prisma.user.deleteMany({})
    await db.prisma.verificationToken.deleteMany({})
  })

  async function newUser(overrides: Partial<AdapterUser> = {}): Promise<AdapterUser> {
    return adapter.createUser({
      id: "ignored",
      email: `user-${crypto.randomUUID()}@example.com`,
      emailVerified: null,
      name: "Ada",
      image: "https://example.com/ada.png",
      ...overrides,
    })
  }

  // -------------------------------------------------------------------------
  // The adapter contract, method by method
  // -------------------------------------------------------------------------

  it("has the ten methods the database strategy requires (and all 19, plus useWebAuthnChallenge, updateAccount and createUserAndAccount)", () => {
    const required = [
      "createUser", "getUser", "getUserByEmail", "getUserByAccount", "updateUser",
      "linkAccount", "createSession", "getSessionAndUser", "updateSession", "deleteSession",
    ]
    const all = [
      ...required, "deleteUser", "unlinkAccount", "getAccount", "createVerificationToken",
      "useVerificationToken", "createAuthenticator", "getAuthenticator",
      "listAuthenticatorsByUserId", "updateAuthenticatorCounter", "useWebAuthnChallenge",
      // Not in Auth.js: stores refreshed tokens; creates a user with its first account in one transaction.
      "updateAccount", "createUserAndAccount",
      // Not in Auth.js: the library's session lookup with its own fields.
      "getSessionDetails",
      // Not in Auth.js: a user's own sessions (Settings › Sessions); an admin's impersonations ended with their sessions,
      // or one stopped.
      "listSessions", "deleteSessions", "deleteSessionsImpersonatedBy", "stopImpersonationSession",
      // Not in Auth.js: revoking jwt sessions (lib/auth/session/revocation.ts).
      "getSessionsValidSince", "setSessionsValidSince",
      // Not in Auth.js: two-factor sign-in (lib/auth/two-factor, tests/integration/adapters/prisma-two-factor.test.ts).
      "getTwoFactor", "enableTwoFactor", "disableTwoFactor", "useTotpStep", "replaceRecoveryCodes", "useRecoveryCode",
      // Not in Auth.js: roles, bans and the admin's user list (lib/auth/access, lib/auth/admin).
      "getUserAccess", "setUserRoles", "setUserBan", "setLastSignIn", "listUsers",
      // Not in Auth.js: the security log (lib/auth/security-log, tests/integration/adapters/prisma-security-events.test.ts).
      "createSecurityEvent", "listSecurityEvents", "deleteSecurityEventsBefore", "getSignInDeviceHistory",
      // Not in Auth.js: organizations (lib/auth/organizations, tests/integration/auth/organizations).
      "createOrganization", "getOrganization", "getOrganizationBySlug", "updateOrganization", "deleteOrganization",
      "listOrganizationsOfUser", "getMember", "listMembers", "setMemberRoles", "removeMember", "createInvitation",
      "getInvitationByTokenHash", "listInvitations", "cancelInvitation", "acceptInvitation", "setSessionOrganization",
      "getSessionOrganization", "createOrganizationActivity", "listOrganizationActivity",
      "createTeam", "getTeam", "listTeams", "renameTeam", "deleteTeam", "addTeamMember", "getTeamMember", "listTeamMembers",
      "setTeamMemberRoles", "removeTeamMember",
      // Not in Auth.js: the organization page's one-statement read, the active organization kept per
      // user, and the revocation check that also reads the memberships version.
      "getSessionAndMembership", "setMemberLastActive", "getActiveMembership", "getSessionStanding",
      // Not in Auth.js: enterprise single sign-on (lib/auth/sso, tests/integration/auth/sso).
      "createSsoConnection", "getSsoConnection", "listSsoConnections", "updateSsoConnection", "deleteSsoConnection",
      "createSsoDomain", "listSsoDomains", "getSsoDomain", "verifySsoDomain", "deleteSsoDomain", "getSsoRoute",
      "getOrganizationSsoRequired", "setOrganizationSsoRequired", "useSsoAssertion", "joinOrganizationBySso",
    ]
    for (const method of all) expect(typeof (adapter as Record<string, unknown>)[method], method).toBe("function")
    expect(Object.keys(adapter).sort()).toEqual([...all].sort())
  })

  it("createUser persists the user under a database-generated id", async () => {
    const input: AdapterUser = {
      id: "client-chosen-id",
      email: "ada@example.com",
      emailVerified: new Date("2024-05-01T10:20:30.456Z"),
      name: "Ada Lovelace",
      image: "https://example.com/ada.png",
    }
    const user = await adapter.createUser(input)
    expect(user.id).not.toBe(input.id)
    expect(user.id).toEqual(expect.any(String))
    expect(user).toEqual({ ...input, id: user.id })

    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(row).toEqual({
      ...input,
      id: user.id,
      passwordHash: null,
      sessionsValidSince: null,
      // Not in Auth.js: no roles, no ban, created now, never signed in.
      roles: null,
      bannedAt: null,
      banReason: null,
      banExpires: null,
      createdAt: expect.any(Date),
      lastSignInAt: null,
      membershipsVersion: 0,
    })
    expect(await db.prisma.user.count({ where: { id: input.id } })).toBe(0)
  })

  it("createUser drops undefined fields instead of failing", async () => {
    const user = await adapter.createUser({ id: "x", email: "u@example.com", emailVerified: null, name: undefined })
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(row).toMatchObject({ email: "u@example.com", name: null, image: null, emailVerified: null })
  })

  it("getUser returns null for an unknown id and the user for a known one", async () => {
    expect(await adapter.getUser("no-such-user")).toBeNull()
    const user = await newUser()
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(await adapter.getUser(user.id)).toEqual({
      id: row.id, email: row.email, emailVerified: row.emailVerified, name: row.name, image: row.image,
    })
  })

  it("getUserByEmail returns null for an unknown email and the user for a known one", async () => {
    const user = await newUser({ email: "known@example.com" })
    expect(await adapter.getUserByEmail("unknown@example.com")).toBeNull()
    expect(await adapter.getUserByEmail("known@example.com")).toEqual(user)
  })

  it("createSession persists the session", async () => {
    const user = await newUser()
    const expires = inOneHour()
    const session = await adapter.createSession({ sessionToken: "session-token-1", userId: user.id, expires })
    expect(session).toEqual({ sessionToken: "session-token-1", userId: user.id, expires })
    const row = await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: "session-token-1" } })
    // Beside Auth.js's columns: createdAt from its default, the details absent when not given.
    const { createdAt, ...authjsColumns } = row
    expect(authjsColumns).toEqual({
      sessionToken: "session-token-1",
      userId: user.id,
      expires,
      lastActiveAt: null,
      userAgent: null,
      authenticatedAt: null,
      // Not an impersonation.
      impersonatedBy: null,
      impersonationReason: null,
      impersonationStoppedAt: null,
      // No active organization.
      activeOrganizationId: null,
    })
    expect(createdAt).toBeInstanceOf(Date)
  })

  it("stores authenticatedAt from createSession and updateSession, and the lookup reads it with createdAt", async () => {
    const user = await newUser()
    const signedIn = new Date("2031-02-03T04:05:06.000Z")
    await adapter.createSession({ sessionToken: "session-proof", userId: user.id, expires: inOneHour(), authenticatedAt: signedIn })
    let found = await adapter.getSessionDetails("session-proof")
    expect(found?.session.authenticatedAt).toEqual(signedIn)
    expect(found?.session.createdAt).toBeInstanceOf(Date)
    const later = new Date("2031-02-03T05:00:00.000Z")
    await adapter.updateSession({ sessionToken: "session-proof", authenticatedAt: later })
    found = await adapter.getSessionDetails("session-proof")
    expect(found?.session.authenticatedAt).toEqual(later)
  })

  it("getSessionAndUser returns null for an unknown token and {session, user} for a valid one", async () => {
    expect(await adapter.getSessionAndUser("no-such-token")).toBeNull()
    const user = await newUser({ emailVerified: new Date("2024-01-02T03:04:05.678Z") })
    const expires = inOneHour()
    await adapter.createSession({ sessionToken: "session-token-2", userId: user.id, expires })

    // Auth.js's lookup answers the contract's fields and nothing else.
    expect(await adapter.getSessionAndUser("session-token-2")).toEqual({ session: { sessionToken: "session-token-2", userId: user.id, expires }, user })
    const result = await adapter.getSessionDetails("session-token-2")
    // The library's own lookup, beside Auth.js's fields: when the session started and was last proved
    // (lifetime, step-up), and whether the user belongs to any organization (the header's question).
    // The user comes with their roles and ban, read in the same statement.
    expect(result).toEqual({
      session: {
        sessionToken: "session-token-2",
        userId: user.id,
        expires,
        createdAt: expect.any(Date),
        authenticatedAt: null,
        impersonatedBy: null,
        impersonationStoppedAt: null,
        memberOfAny: false,
        activeOrganization: { id: null, current: null },
      },
      user: { ...user, ...noStanding },
    })
    // Dates survive whatever path the joined user takes (PostgreSQL returns it as JSON).
    expect(result?.session.expires).toBeInstanceOf(Date)
    expect(result?.user.emailVerified).toBeInstanceOf(Date)
  })

  it("updateUser returns the updated user and persists the change", async () => {
    const user = await newUser({ name: "Before" })
    const verifiedAt = new Date("2024-06-07T08:09:10.111Z")
    const updated = await adapter.updateUser({ id: user.id, name: "After", emailVerified: verifiedAt })
    expect(updated).toEqual({ ...user, name: "After", emailVerified: verifiedAt })
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(row.name).toBe("After")
    expect(row.emailVerified).toEqual(verifiedAt)
    expect(row.image).toBe(user.image)
  })

  it("updateSession persists the new expiry", async () => {
    const user = await newUser()
    await adapter.createSession({ sessionToken: "session-token-3", userId: user.id, expires: inOneHour() })
    const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)
    const updated = await adapter.updateSession({ sessionToken: "session-token-3", expires: later })
    expect(updated).toEqual({ sessionToken: "session-token-3", userId: user.id, expires: later })
    const row = await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: "session-token-3" } })
    expect(row.expires).toEqual(later)
  })

  it("updateSession returns null for an unknown session and writes nothing", async () => {
    expect(await adapter.updateSession({ sessionToken: "no-such-token", expires: inOneHour() })).toBeNull()
    expect(await db.prisma.session.count()).toBe(0)
  })

  it("linkAccount persists the account (token_type lowercased, expires_at kept)", async () => {
    const user = await newUser()
    const account = { ...oauthAccount(user.id), token_type: "Bearer" }
    const linked = await adapter.linkAccount(account)
    const expected = { ...oauthAccount(user.id), token_type: "bearer" }
    expect(linked).toEqual(expected)

    const row = await db.prisma.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "github", providerAccountId: "gh-123" } },
    })
    expect(row).toEqual(expected)
  })

  it("getUserByAccount returns null for an unknown account and the owner for a known one", async () => {
    const user = await newUser({ emailVerified: new Date("2023-03-03T03:03:03.333Z") })
    await adapter.linkAccount(oauthAccount(user.id))
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: "other" })).toBeNull()
    expect(await adapter.getUserByAccount({ provider: "gitlab", providerAccountId: "gh-123" })).toBeNull()
    const found = await adapter.getUserByAccount({ provider: "github", providerAccountId: "gh-123" })
    expect(found).toEqual(user)
    expect(found?.emailVerified).toBeInstanceOf(Date)
  })

  it("deleteSession removes the row and returns the deleted session", async () => {
    const user = await newUser()
    const expires = inOneHour()
    await adapter.createSession({ sessionToken: "session-token-4", userId: user.id, expires })
    expect(await adapter.deleteSession("session-token-4")).toEqual({
      sessionToken: "session-token-4", userId: user.id, expires,
    })
    expect(await db.prisma.session.findUnique({ where: { sessionToken: "session-token-4" } })).toBeNull()
  })

  it("deleteSession of an unknown token resolves to null", async () => {
    await expect(adapter.deleteSession("no-such-token")).resolves.toBeNull()
  })

  it("has createVerificationToken and useVerificationToken", () => {
    expect(typeof adapter.createVerificationToken).toBe("function")
    expect(typeof adapter.useVerificationToken).toBe("function")
  })

  it("createVerificationToken persists {identifier, token, expires}", async () => {
    const token = { identifier: "ada@example.com", token: await sha256Hex("secret-token" + "anything"), expires: inOneHour() }
    expect(await adapter.createVerificationToken(token)).toEqual(token)
    const row = await db.prisma.verificationToken.findUniqueOrThrow({
      where: { identifier_token: { identifier: token.identifier, token: token.token } },
    })
    expect(row).toEqual(token)
  })

  it("useVerificationToken returns the token once, then null; a wrong identifier gets null", async () => {
    const token = { identifier: "ada@example.com", token: await sha256Hex("t1anything"), expires: inOneHour() }
    await adapter.createVerificationToken(token)

    expect(await adapter.useVerificationToken({ identifier: "eve@example.com", token: token.token })).toBeNull()
    // The failed attempt must not have consumed the token.
    expect(await db.prisma.verificationToken.count()).toBe(1)

    expect(await adapter.useVerificationToken({ identifier: token.identifier, token: token.token })).toEqual(token)
    expect(await db.prisma.verificationToken.count()).toBe(0)
    expect(await adapter.useVerificationToken({ identifier: token.identifier, token: token.token })).toBeNull()
  })

  it("has unlinkAccount and deleteUser", () => {
    expect(typeof adapter.unlinkAccount).toBe("function")
    expect(typeof adapter.deleteUser).toBe("function")
  })

  it("unlinkAccount removes the row and returns the account", async () => {
    const user = await newUser()
    await adapter.linkAccount(oauthAccount(user.id))
    const removed = await adapter.unlinkAccount({ provider: "github", providerAccountId: "gh-123" })
    expect(removed).toEqual(oauthAccount(user.id))
    expect(await db.prisma.account.count()).toBe(0)
    await expect(adapter.unlinkAccount({ provider: "github", providerAccountId: "gh-123" })).resolves.toBeUndefined()
  })

  it("deleteUser removes the user and cascades to sessions, accounts and authenticators", async () => {
    const user = await newUser()
    const other = await newUser()
    await adapter.linkAccount(oauthAccount(user.id))
    await adapter.linkAccount(oauthAccount(other.id, "gh-other"))
    await adapter.createSession({ sessionToken: "s-user", userId: user.id, expires: inOneHour() })
    await adapter.createSession({ sessionToken: "s-other", userId: other.id, expires: inOneHour() })
    await adapter.createAuthenticator(authenticatorFor(user.id, "cred-user"))
    await adapter.createAuthenticator(authenticatorFor(other.id, "cred-other"))

    expect(await adapter.deleteUser(user.id)).toEqual(user)

    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).toBeNull()
    expect(await db.prisma.account.count({ where: { userId: user.id } })).toBe(0)
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    expect(await db.prisma.authenticator.count({ where: { userId: user.id } })).toBe(0)
    // Only the deleted user's rows went.
    expect(await db.prisma.account.count()).toBe(1)
    expect(await db.prisma.session.count()).toBe(1)
    expect(await db.prisma.authenticator.count()).toBe(1)

    await expect(adapter.deleteUser(user.id)).resolves.toBeNull()
  })

  it("getAccount returns null for a wrong provider or id and the stored account otherwise", async () => {
    const user = await newUser()
    await adapter.linkAccount({ userId: user.id, type: "webauthn", provider: "passkey", providerAccountId: "cred-1" })
    expect(await adapter.getAccount("cred-1", "webauthn")).toBeNull()
    expect(await adapter.getAccount("cred-2", "passkey")).toBeNull()
    expect(await adapter.getAccount("cred-2", "webauthn")).toBeNull()

    const account = await adapter.getAccount("cred-1", "passkey")
    const row = await db.prisma.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "passkey", providerAccountId: "cred-1" } },
    })
    expect(row).toMatchObject({ userId: user.id, type: "webauthn", provider: "passkey", providerAccountId: "cred-1" })
    // The stored row, null columns included, as the contract answers it.
    expect(account).toEqual(row)
  })

  it("createAuthenticator returns its input and persists it", async () => {
    const user = await newUser()
    const input = authenticatorFor(user.id, "Y3JlZC0xMjM=")
    expect(await adapter.createAuthenticator(input)).toEqual(input)
    const row = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: input.credentialID } })
    expect(authjsColumns(row)).toEqual(input)
  })

  it("createAuthenticator stores absent transports as null", async () => {
    const user = await newUser()
    const { transports: _omit, ...input } = authenticatorFor(user.id, "no-transports")
    expect(await adapter.createAuthenticator(input)).toEqual({ ...input, transports: null })
    const row = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: "no-transports" } })
    expect(row.transports).toBeNull()
  })

  it("getAuthenticator returns null for an unknown id and the stored row otherwise", async () => {
    const user = await newUser()
    await adapter.createAuthenticator(authenticatorFor(user.id, "cred-a"))
    expect(await adapter.getAuthenticator("cred-unknown")).toBeNull()
    const row = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: "cred-a" } })
    expect(await adapter.getAuthenticator("cred-a")).toEqual(authjsColumns(row))
  })

  it("listAuthenticatorsByUserId returns [] for an unknown user and each user's own set", async () => {
    const alice = await newUser()
    const bob = await newUser()
    await adapter.createAuthenticator(authenticatorFor(alice.id, "alice-1"))
    await adapter.createAuthenticator(authenticatorFor(alice.id, "alice-2"))
    await adapter.createAuthenticator(authenticatorFor(bob.id, "bob-1"))

    expect(await adapter.listAuthenticatorsByUserId("no-such-user")).toEqual([])
    const byId = (a: AdapterAuthenticator, b: AdapterAuthenticator) => a.credentialID.localeCompare(b.credentialID)
    const aliceRows = await db.prisma.authenticator.findMany({ where: { userId: alice.id } })
    expect((await adapter.listAuthenticatorsByUserId(alice.id)).sort(byId)).toEqual(aliceRows.map(authjsColumns).sort(byId))
    expect((await adapter.listAuthenticatorsByUserId(alice.id)).map((a) => a.credentialID).sort()).toEqual(["alice-1", "alice-2"])
    expect(await adapter.listAuthenticatorsByUserId(bob.id)).toEqual([authenticatorFor(bob.id, "bob-1")])
  })

  it("updateAuthenticatorCounter rejects an unknown id and persists the new counter", async () => {
    const user = await newUser()
    await adapter.createAuthenticator(authenticatorFor(user.id, "cred-c"))
    await expect(adapter.updateAuthenticatorCounter("cred-unknown", 5)).rejects.toThrow()
    expect(await db.prisma.authenticator.count()).toBe(1)

    const updated = await adapter.updateAuthenticatorCounter("cred-c", 42)
    expect(updated).toEqual({ ...authenticatorFor(user.id, "cred-c"), counter: 42 })
    const row = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: "cred-c" } })
    expect(row.counter).toBe(42)
  })

  // -------------------------------------------------------------------------
  // Beyond the checklist
  // -------------------------------------------------------------------------

  it("verification tokens are single-use under concurrency: exactly one caller gets each token", async () => {
    const tokens = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const token = { identifier: "race@example.com", token: await sha256Hex(`race-${i}`), expires: inOneHour() }
        await adapter.createVerificationToken(token)
        return token
      }),
    )
    for (const token of tokens) {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => adapter.useVerificationToken({ identifier: token.identifier, token: token.token })),
      )
      expect(results.filter((r) => r !== null)).toEqual([token])
    }
    expect(await db.prisma.verificationToken.count()).toBe(0)
  })

  it("useVerificationToken rethrows errors other than 'record not found'", async () => {
    // An argument Prisma refuses: a validation error, not P2025, so it must surface.
    const bad = { identifier: undefined as unknown as string, token: "whatever" }
    await expect(adapter.useVerificationToken(bad)).rejects.toThrow()
    await expect(adapter.deleteSession(undefined as unknown as string)).rejects.toThrow()
  })

  it("never returns the password hash, from any method that returns a user", async () => {
    const email = "hashed@example.com"
    // createUser passes extra user columns through to the row, but never back.
    const created = await adapter.createUser({ id: "x", email, emailVerified: null, passwordHash: "scrypt$secret" })
    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: created.id } })
    expect(row.passwordHash).toBe("scrypt$secret")

    await adapter.linkAccount(oauthAccount(created.id))
    await adapter.createSession({ sessionToken: "hash-session", userId: created.id, expires: inOneHour() })

    const results = [
      created,
      await adapter.getUser(created.id),
      await adapter.getUserByEmail(email),
      await adapter.getUserByAccount({ provider: "github", providerAccountId: "gh-123" }),
      (await adapter.getSessionDetails("hash-session"))?.user,
      (await adapter.getSessionAndUser("hash-session"))?.user,
      await adapter.updateUser({ id: created.id, name: "Renamed" }),
      await adapter.deleteUser(created.id),
    ]
    for (const [i, user] of results.entries()) {
      expect(user).not.toBeNull()
      // The library's session lookup (getSessionDetails) adds the user's roles and ban (never the ban's reason).
      expect(Object.keys(user ?? {}).sort()).toEqual(i === 4 ? [...userKeys, ...Object.keys(noStanding)].sort() : userKeys)
      expect(JSON.stringify(user)).not.toContain("scrypt$secret")
    }
  })

  it("linkAccount ignores token-response fields that have no column", async () => {
    const user = await newUser()
    const account: AdapterAccount = {
      ...oauthAccount(user.id),
      token_type: "DPoP",
      expires_in: 3600,
      refresh_expires_in: 7200,
      authorization_details: [{ type: "payment_initiation" }],
      "not-before-policy": 0,
      ext_expires_in: 3599,
    }
    const linked = await adapter.linkAccount(account)
    expect(linked).toEqual({ ...oauthAccount(user.id), token_type: "dpop" })
    const row = await db.prisma.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "github", providerAccountId: "gh-123" } },
    })
    expect(row).toEqual({ ...oauthAccount(user.id), token_type: "dpop" })
  })

  it("linkAccount fits values to the column types: whole seconds, session_state as text", async () => {
    const user = await newUser()
    await adapter.linkAccount({
      ...oauthAccount(user.id),
      expires_at: 1_900_000_000.75,
      session_state: { sid: "abc" } as unknown as string,
    })
    const row = await db.prisma.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "github", providerAccountId: "gh-123" } },
    })
    expect(row.expires_at).toBe(1_900_000_000)
    expect(row.session_state).toBe('{"sid":"abc"}')
  })

  it("updateAccount stores refreshed tokens and keeps the account's identity; an unknown account is null", async () => {
    const user = await newUser()
    await adapter.linkAccount(oauthAccount(user.id, "gh-refresh"))
    const updated = await adapter.updateAccount!({
      provider: "github",
      providerAccountId: "gh-refresh",
      access_token: "new-access",
      refresh_token: "new-refresh",
      expires_at: 2_000_000_000.7,
      token_type: "Bearer",
    })
    expect(updated).toMatchObject({ userId: user.id, provider: "github", providerAccountId: "gh-refresh", access_token: "new-access", refresh_token: "new-refresh", expires_at: 2_000_000_000, token_type: "bearer" })
    expect(await adapter.getAccount("gh-refresh", "github")).toEqual(updated)
    expect(await adapter.updateAccount!({ provider: "github", providerAccountId: "nobody", access_token: "x" })).toBeNull()
  })

  it("linkAccount stores a minimal account with every token column null", async () => {
    const user = await newUser()
    const minimal: AdapterAccount = { userId: user.id, type: "email", provider: "email", providerAccountId: user.email as string }
    const linked = await adapter.linkAccount(minimal)
    const row = await db.prisma.account.findUniqueOrThrow({
      where: { provider_providerAccountId: { provider: "email", providerAccountId: user.email as string } },
    })
    expect(linked).toEqual(row)
    expect(row).toEqual({
      ...minimal,
      refresh_token: null, access_token: null, expires_at: null, token_type: null,
      scope: null, id_token: null, session_state: null,
    })
  })

  it("getSessionAndUser makes a single Prisma operation", async () => {
    const user = await newUser()
    await adapter.createSession({ sessionToken: "one-query", userId: user.id, expires: inOneHour() })
    const operations: string[] = []
    // Through the generated client's own type: $extends on DbClient (an InstanceType of
    // the generic class) loses the model delegates from its result type.
    const base: SqlitePrismaClient = db.prisma
    const counted = base.$extends({
      query: {
        $allOperations({ model, operation, args, query }) {
          operations.push(`${model ?? "$"}.${operation}`)
          return query(args)
        },
      },
    })
    const countedAdapter = PrismaAdapter(counted)
    expect(await countedAdapter.getSessionAndUser("one-query")).toMatchObject({ user: { id: user.id } })
    // SQLite: one JOIN through $queryRaw (Prisma would read the user with a second statement).
    expect(operations).toEqual([provider === "sqlite" ? "$.$queryRaw" : "Session.findUnique"])
  })

  // PostgreSQL only: a second statement there is a second network round-trip on
  // every request. Prisma joins relations in SQL only with the `relationJoins`
  // preview feature, which the PostgreSQL schema enables. SQLite has no such
  // join in Prisma: it reads the user with a second in-process statement.
  it.runIf(provider === "postgresql")("getSessionAndUser sends one SQL statement", async () => {
    const user = await newUser({ emailVerified: new Date("2024-02-03T04:05:06.789Z") })
    await adapter.createSession({ sessionToken: "one-statement", userId: user.id, expires: inOneHour() })
    const logged = new PostgresClient({
      adapter: new PrismaPg({ connectionString: db.url }),
      log: [{ emit: "event", level: "query" }],
    })
    try {
      const statements: string[] = []
      logged.$on("query", (event) => statements.push(event.query))
      const result = await PrismaAdapter(logged).getSessionDetails("one-statement")
      expect(result).toEqual({ session: expect.objectContaining({ sessionToken: "one-statement" }), user: { ...user, ...noStanding } })
      expect(statements).toHaveLength(1)
      expect(statements[0]).toMatch(/^SELECT .*JOIN/)
    } finally {
      await logged.$disconnect()
    }
  })

  it.runIf(provider === "sqlite")("getSessionAndUser sends one SQL statement on SQLite too", async () => {
    const user = await newUser({ emailVerified: new Date("2024-02-03T04:05:06.789Z") })
    await adapter.createSession({ sessionToken: "one-statement-sqlite", userId: user.id, expires: inOneHour() })
    const logged = new SqliteClient({
      adapter: new PrismaBetterSqlite3({ url: db.url.replace(/^file:/, "") }),
      log: [{ emit: "event", level: "query" }],
    })
    try {
      const statements: string[] = []
      logged.$on("query", (event) => statements.push(event.query))
      const result = await PrismaAdapter(logged).getSessionDetails("one-statement-sqlite")
      expect(result).toEqual({ session: expect.objectContaining({ sessionToken: "one-statement-sqlite" }), user: { ...user, ...noStanding } })
      expect(result?.session.expires).toBeInstanceOf(Date)
      expect(statements).toHaveLength(1)
      expect(statements[0]).toMatch(/SELECT[\s\S]*JOIN/)
    } finally {
      await logged.$disconnect()
    }
  })

  it("returns plain objects with Date fields", async () => {
    const user = await newUser({ emailVerified: new Date() })
    await adapter.createSession({ sessionToken: "plain", userId: user.id, expires: inOneHour() })
    await adapter.linkAccount(oauthAccount(user.id))
    await adapter.createAuthenticator(authenticatorFor(user.id, "plain-cred"))
    await adapter.createVerificationToken({ identifier: user.email as string, token: "plain-token", expires: inOneHour() })

    const sessionAndUser = await adapter.getSessionAndUser("plain")
    const values = [
      user,
      await adapter.getUser(user.id),
      sessionAndUser,
      sessionAndUser?.session,
      sessionAndUser?.user,
      await adapter.getAccount("gh-123", "github"),
      await adapter.getAuthenticator("plain-cred"),
      ...(await adapter.listAuthenticatorsByUserId(user.id)),
      await adapter.useVerificationToken({ identifier: user.email as string, token: "plain-token" }),
    ]
    for (const value of values) expect(isPlainObject(value)).toBe(true)
    expect(user.emailVerified).toBeInstanceOf(Date)
    expect(sessionAndUser?.session.expires).toBeInstanceOf(Date)
    expect(sessionAndUser?.user.emailVerified).toBeInstanceOf(Date)
    expect(values.at(-1)).toMatchObject({ expires: expect.any(Date) })
  })

  it("createAuthenticator rejects an unknown user and a duplicate credential id", async () => {
    const user = await newUser()
    await expect(adapter.createAuthenticator(authenticatorFor("no-such-user", "orphan"))).rejects.toThrow()
    await adapter.createAuthenticator(authenticatorFor(user.id, "dup"))
    await expect(adapter.createAuthenticator(authenticatorFor(user.id, "dup"))).rejects.toThrow()
    expect(await db.prisma.authenticator.findMany({ select: { credentialID: true } })).toEqual([{ credentialID: "dup" }])
  })

  it("updateUser of an unknown user rejects", async () => {
    await expect(adapter.updateUser({ id: "no-such-user", name: "x" })).rejects.toThrow()
  })
})

async function sha256Hex(input: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(input))
  return Buffer.from(digest).toString("hex")
}

// Lookup keys with U+0000. PostgreSQL text cannot hold that character and
// rejects the whole query, so a cookie such as `authjs.session-token=%00`
// (any visitor can send one; a sibling subdomain can plant one) made every
// lookup throw: each request logged an AdapterError, and sign-out failed with
// the Configuration error page and never cleared the cookie. No stored key can
// contain the character, so these lookups find nothing, on both databases.
 
describe.each(["sqlite", "postgresql"] as const)("Prisma adapter lookups with NUL on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => ({ db, adapter } = await adapterOnNewDatabase(provider)))
  afterAll(() => db?.cleanup())

  const nul = "abc\u0000def"

  it("session lookups find nothing", async () => {
    expect(await adapter.getSessionAndUser(nul)).toBeNull()
    expect(await adapter.updateSession({ sessionToken: nul, expires: new Date() })).toBeNull()
    expect(await adapter.deleteSession(nul)).toBeNull()
  })

  it("user, account, token and authenticator lookups find nothing", async () => {
    expect(await adapter.getUser(nul)).toBeNull()
    expect(await adapter.getUserByEmail(`a\u0000@example.com`)).toBeNull()
    expect(await adapter.getUserByAccount({ provider: "github", providerAccountId: nul })).toBeNull()
    expect(await adapter.getAccount(nul, "github")).toBeNull()
    expect(await adapter.useVerificationToken({ identifier: "a@example.com", token: nul })).toBeNull()
    expect(await adapter.getAuthenticator(nul)).toBeNull()
  })

  it("real rows are still found", async () => {
    const user = await adapter.createUser({ id: "", email: "nul-test@example.com", emailVerified: null })
    const expires = new Date(Date.now() + 60_000)
    await adapter.createSession({ sessionToken: "real-token", userId: user.id, expires })
    expect((await adapter.getSessionAndUser("real-token"))?.user.id).toBe(user.id)
    expect((await adapter.getUserByEmail("nul-test@example.com"))?.id).toBe(user.id)
  })
})
