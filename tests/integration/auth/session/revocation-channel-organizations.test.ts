/**
 * The revocation channel carries organization changes too: a member removed
 * on instance B no longer has the organization in their jwt session on
 * instance A within a second (the memberships version A cached is dropped),
 * while without the channel A trusts its snapshot for its revocation delay.
 * Real PostgreSQL and Redis; two configurations with caches of their own.
 */
import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, resolveAuthConfig, type AuthConfig, type RevocationChannel } from "@/lib/auth"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { openChannel } from "@/tests/helpers/revocation-instances"
import { ORIGIN } from "../support"
import { account, apply, organizationConfig, requestOf, signedIn } from "../organizations/support"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("removal from an organization across instances", () => {
  let db: TestDatabase
  const opened: RevocationChannel[] = []

  beforeAll(async () => {
    db = await createTestDatabase("postgresql")
  })
  afterAll(async () => {
    await Promise.all(opened.map((channel) => channel.close()))
    await db?.cleanup()
  })

  async function instance(channel?: RevocationChannel): Promise<AuthConfig> {
    const base = organizationConfig(db, "jwt")
    const config = { ...base, session: { ...base.session, revocationChannel: channel } }
    resolveAuthConfig(config)
    await channel?.ready()
    return config
  }

  /** Milliseconds until A's read of the browser's session no longer names the organization; Infinity after `limitMs`. */
  async function organizationGoneAfter(a: AuthConfig, cookie: string, start: number, limitMs: number): Promise<number> {
    while (performance.now() - start < limitMs) {
      const read = await readRequestSession(a, { origin: ORIGIN, cookie })
      expect(read.session?.user).toBeTruthy()
      if (read.proof?.organization === undefined) return performance.now() - start
      await sleep(10)
    }
    return Number.POSITIVE_INFINITY
  }

  it.each([
    ["with the channel, within 1 s", true],
    ["without it, not for the delay (60 s here)", false],
  ] as const)("a member removed on B loses the organization on A %s", async (_, withChannel) => {
    const name = `auth_revocations_test_${randomBytes(6).toString("hex")}`
    const via = () => {
      if (!withChannel) return undefined
      const channel = openChannel("redis", name, { databaseUrl: db.url })
      opened.push(channel)
      return channel
    }
    const a = await instance(via())
    const b = await instance(via())
    const owner = await account(db)
    const member = await account(db)
    const orgsA = organizationOperations(a)
    const orgsB = organizationOperations(b)
    const org = (await orgsB.create({ userId: owner.id }, { name: "Across", slug: `across-${randomBytes(4).toString("hex")}` })).organization
    const browser = await signedIn(a, member.email)
    const { token } = await orgsB.invite({ userId: owner.id }, org.id, { email: member.email })
    apply(browser, (await orgsA.acceptInvitation({ userId: member.id, request: requestOf(browser) }, token)).cookies)
    // A reads it once, and so caches the member's memberships version.
    expect((await readRequestSession(a, { origin: ORIGIN, cookie: browser.cookieHeader() })).proof?.organization?.slug).toBe(org.slug)

    const start = performance.now()
    await orgsB.removeMember({ userId: owner.id }, org.id, member.id)
    const gone = await organizationGoneAfter(a, browser.cookieHeader(), start, 1500)
    if (withChannel) expect(gone).toBeLessThanOrEqual(1000)
    else expect(gone).toBe(Number.POSITIVE_INFINITY)
  })
})
