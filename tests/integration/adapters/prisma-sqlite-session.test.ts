/**
 * The database strategy's session lookup on SQLite reads the file through a
 * read-only connection of its own (lib/auth/adapters/prisma/sqlite-session.ts).
 * It must answer exactly what Prisma answers, see every committed change at
 * once (a revoked session is gone on the next request), and fall back to
 * Prisma whenever that connection cannot answer.
 */
import { copyFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it, vi } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { sqliteSessionLookup } from "@/lib/auth/adapters/prisma/sqlite-session"
import { withDirectAndPrismaAdapters } from "@/tests/helpers/read-source"

const DAY = 24 * 60 * 60 * 1000

/** A SQLite client whose every raw query fails: a lookup that answers did not go through Prisma. */
function clientWhoseQueriesFail() {
  return {
    _activeProvider: "sqlite",
    $queryRaw: () => Promise.reject(new Error("went through Prisma")),
  } as unknown as Parameters<typeof sqliteSessionLookup>[0]
}

describe("the SQLite session lookup through its own connection", () => {
  const both = withDirectAndPrismaAdapters()

  async function signedInUser(fields: { name?: string; emailVerified?: Date | null } = {}) {
    const user = await both.throughPrisma().createUser({ id: "", email: `d-${crypto.randomUUID()}@example.com`, emailVerified: null, ...fields })
    const sessionToken = `tok-${crypto.randomUUID()}`
    await both.throughPrisma().createSession({ sessionToken, userId: user.id, expires: new Date(Date.now() + 30 * DAY), userAgent: "Firefox/133" })
    return { user, sessionToken }
  }

  it("answers what the Prisma query answers: the session, its dates and the user", async () => {
    const { sessionToken, user } = await signedInUser({ name: "Jane", emailVerified: new Date("2026-01-02T03:04:05.678Z") })
    const fast = await both.direct().getSessionAndUser(sessionToken)
    expect(fast).toEqual(await both.throughPrisma().getSessionAndUser(sessionToken))
    expect(fast!.user).toMatchObject({ id: user.id, name: "Jane", email: user.email })
    expect(fast!.user.emailVerified).toEqual(new Date("2026-01-02T03:04:05.678Z"))
    expect(fast!.session.expires).toBeInstanceOf(Date)
    expect(fast!.session.expires.getTime()).toBeGreaterThan(Date.now() + 29 * DAY)
  })

  it("answers null for a token that names no session", async () => {
    expect(await both.direct().getSessionAndUser(`tok-${crypto.randomUUID()}`)).toBeNull()
    expect(await both.direct().getSessionAndUser("' OR 1=1 --")).toBeNull()
  })

  it("reads from the file itself, not through Prisma", async () => {
    const { sessionToken, user } = await signedInUser()
    // Only the connection of its own can answer.
    const broken = clientWhoseQueriesFail()
    const lookup = sqliteSessionLookup(broken, { file: both.file() })!
    expect((await lookup(sessionToken))?.user.id).toBe(user.id)
    await expect(sqliteSessionLookup(broken)!(sessionToken)).rejects.toThrow("went through Prisma")
  })

  it("sees a session deleted through Prisma at once: a revoked session is gone on the next request", async () => {
    const { sessionToken } = await signedInUser()
    expect(await both.direct().getSessionAndUser(sessionToken)).not.toBeNull()
    await both.throughPrisma().deleteSession(sessionToken)
    expect(await both.direct().getSessionAndUser(sessionToken)).toBeNull()
  })

  it("sees a user deleted with all their sessions in a Prisma transaction once it commits", async () => {
    const { sessionToken, user } = await signedInUser()
    await both.db().prisma.$transaction(async (tx) => {
      await tx.session.deleteMany({ where: { userId: user.id } })
      await tx.user.delete({ where: { id: user.id } })
    })
    expect(await both.direct().getSessionAndUser(sessionToken)).toBeNull()
  })

  it("sees a renamed user and a slid expiry on the next lookup", async () => {
    const { sessionToken, user } = await signedInUser({ name: "Before" })
    expect((await both.direct().getSessionAndUser(sessionToken))!.user.name).toBe("Before")
    await both.throughPrisma().updateUser({ id: user.id, name: "After" })
    const later = new Date(Date.now() + 60 * DAY)
    await both.throughPrisma().updateSession({ sessionToken, expires: later })
    const read = await both.direct().getSessionAndUser(sessionToken)
    expect(read!.user.name).toBe("After")
    expect(read!.session.expires.getTime()).toBe(later.getTime())
  })

  it("reads a user's standing as Prisma does, and sees a revocation and a new membership at once", async () => {
    const { user } = await signedInUser()
    const standing = (adapter: ReturnType<typeof PrismaAdapter>) => adapter.getSessionStanding!(user.id)
    expect(await standing(both.direct())).toEqual(await standing(both.throughPrisma()))
    expect(await standing(both.direct())).toMatchObject({ validSince: null, memberOfAny: false })

    const revokedAt = new Date("2026-06-01T12:00:00.000Z")
    await both.throughPrisma().setSessionsValidSince!(user.id, revokedAt)
    const org = await both.db().prisma.organization.create({ data: { name: "Standing", slug: `standing-${crypto.randomUUID().slice(0, 8)}` } })
    await both.db().prisma.member.create({ data: { userId: user.id, organizationId: org.id, roles: "member" } })
    const after = await standing(both.direct())
    expect(after).toEqual(await standing(both.throughPrisma()))
    expect(after).toMatchObject({ validSince: revokedAt, memberOfAny: true })
    expect(await both.direct().getSessionStanding!("no-such-user")).toEqual({ validSince: "no-such-user", membershipsVersion: null })
  })

  it("tries a file it could not open again after a pause, not on every request", async () => {
    const { sessionToken, user } = await signedInUser()
    const broken = clientWhoseQueriesFail()
    const later = path.join(path.dirname(both.file()), "appears-later.db")
    const lookup = sqliteSessionLookup(broken, { file: later })!
    await expect(lookup(sessionToken)).rejects.toThrow("went through Prisma")
    copyFileSync(both.file(), later)
    // Within the pause the file is not opened again, though it is there now.
    await expect(lookup(sessionToken)).rejects.toThrow("went through Prisma")
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 6_000 })
    try {
      expect((await lookup(sessionToken))?.user.id).toBe(user.id)
    } finally {
      vi.useRealTimers()
    }
  })

  it("falls back to Prisma when the file it was given does not exist", async () => {
    const { sessionToken, user } = await signedInUser()
    const misplaced = PrismaAdapter(both.db().prisma, { sqliteFile: path.join(path.dirname(both.file()), "no-such.db") })
    expect((await misplaced.getSessionAndUser(sessionToken))?.user.id).toBe(user.id)
  })

  it("falls back to Prisma when the file it was given has no Auth.js tables", async () => {
    const { sessionToken, user } = await signedInUser()
    const blank = path.join(path.dirname(both.file()), "blank.db")
    writeFileSync(blank, "")
    const wrongFile = PrismaAdapter(both.db().prisma, { sqliteFile: blank })
    expect((await wrongFile.getSessionAndUser(sessionToken))?.user.id).toBe(user.id)
  })
})
