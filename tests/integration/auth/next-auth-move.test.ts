/**
 * The move, over HTTP with one cookie jar: a user signs in under Auth.js (@auth/core 0.41.3, the
 * engine next-auth v5 runs on) with the local OpenID provider, on a database made from the schema
 * Auth.js documents; then the database gets the move's upgrade and the same jar talks to our
 * library. The browser is still signed in as the same user, sign-out works, and the OAuth account
 * linked under Auth.js signs in to that same user again. Both strategies, SQLite and PostgreSQL.
 */
import { Auth as AuthJs } from "@auth/core"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import OIDC from "@/lib/auth/providers/oidc"
import { createPrismaClient } from "@/lib/db/client"
import { createNextAuthDatabase, type NextAuthDatabase } from "@/tests/helpers/next-auth-database"
import { nextAuthSchemaAdapter } from "@/tests/helpers/next-auth-schema-adapter"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { DATABASE_AND_STRATEGY_CASES, ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, sessionOf, signInWith } from "./oauth/support"

// The first case per provider runs `prisma migrate diff` for the next-auth init migration.
vi.setConfig({ testTimeout: 240_000 })

const ACCOUNT = { sub: "moving-user-1", email: "moving@example.test", name: "Moving User" }

describe.each(DATABASE_AND_STRATEGY_CASES)("moving from next-auth on %s with %s sessions", (provider, strategy) => {
  let idp: OidcServer
  let db: NextAuthDatabase
  beforeAll(async () => {
    idp = await startOidcServer({ redirectUris: [`${ORIGIN}${BASE}/callback/oidc`], accounts: [ACCOUNT] })
    db = await createNextAuthDatabase(provider)
  })
  afterAll(async () => {
    await idp?.close()
    await db?.cleanup()
  })

  it("keeps the browser signed in as the same user, signs out, and signs the linked OAuth account in again", async () => {
    // Under Auth.js, before the move.
    const authjs = nextAuthSchemaAdapter(provider, db.url)
    const authjsConfig = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      session: { strategy },
      adapter: authjs.adapter as never,
      providers: [{ id: "oidc", name: "OIDC", type: "oidc" as const, issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }],
    }
    const before = new Browser({ providers: [] }, ORIGIN, (request) => AuthJs(request, authjsConfig))
    const signedIn = await signInWith(before, "oidc", ACCOUNT.sub)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).not.toContain("error")
    const underAuthJs = await sessionOf(before)
    expect(underAuthJs?.user?.email).toBe(ACCOUNT.email)
    await authjs.close()

    // The move: the upgrade as a new migration, then our library with the same jar.
    expect(await db.upgrade()).toEqual(["20261128000000_next_auth_upgrade"])
    const prisma = createPrismaClient(db.url)
    try {
      const [userRow] = await prisma.user.findMany()
      expect(await prisma.user.count()).toBe(1)
      const ours: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        basePath: BASE,
        session: { strategy },
        adapter: PrismaAdapter(prisma),
        providers: [OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })],
      }
      const after = new Browser(ours)
      for (const [name, value] of before.jar) after.jar.set(name, value)

      const moved = await sessionOf(after)
      expect(moved?.user?.email).toBe(ACCOUNT.email)
      expect(moved?.user?.name).toBe(ACCOUNT.name)
      if (strategy === "database") expect(await prisma.session.count({ where: { userId: userRow!.id } })).toBe(1)

      // Sign-out ends it here and in the database.
      const csrfToken = await after.csrfToken()
      const out = await after.send(`${BASE}/signout`, { form: { csrfToken } })
      expect(out.status).toBe(302)
      expect(await sessionOf(after)).toBeNull()
      expect(await prisma.session.count()).toBe(0)

      // The account linked under Auth.js signs in to the same user; nothing is created twice.
      const again = await signInWith(after, "oidc", ACCOUNT.sub)
      expect(again.status).toBe(302)
      expect(again.headers.get("location")).not.toContain("error")
      const back = await sessionOf(after)
      expect(back?.user?.email).toBe(ACCOUNT.email)
      expect(await prisma.user.count()).toBe(1)
      expect(await prisma.account.findMany({ select: { userId: true, provider: true, providerAccountId: true } })).toEqual([
        { userId: userRow!.id, provider: "oidc", providerAccountId: ACCOUNT.sub },
      ])
      if (strategy === "database") expect(await prisma.session.count({ where: { userId: userRow!.id } })).toBe(1)
    } finally {
      await prisma.$disconnect()
    }
  })
})
