/**
 * A next-auth app moved over as it was: Microsoft Entra ID listed uncalled,
 * its tenant pinned only by AUTH_MICROSOFT_ENTRA_ID_ISSUER. Against a stand-in
 * Entra ID (tests/helpers/entra-stand-in.ts), a user of the pinned tenant
 * signs in and a user of another tenant (ID token iss and tid of that tenant)
 * is refused: the app does not become multi-tenant by moving.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startEntraStandIn, type EntraStandIn } from "@/tests/helpers/entra-stand-in"
import { envFor } from "@/tests/helpers/env"
import { SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, errorOf, sessionOf, startSignIn } from "./support"

const TENANT_A = "9188040d-6c67-4c5b-b112-36a304b66dad"
const TENANT_B = "72f988bf-86f1-41af-91ab-2d7cd011db47"
const aliceOfA = { tenantId: TENANT_A, oid: "00000000-0000-0000-66f3-3332eca7ea81", name: "Alice", email: "alice@contoso.example" }
const malloryOfB = { tenantId: TENANT_B, oid: "00000000-0000-0000-0a1b-2c3d4e5f6a7b", name: "Mallory", email: "mallory@fabrikam.example" }

const VARIABLES = ["AUTH_MICROSOFT_ENTRA_ID_ID", "AUTH_MICROSOFT_ENTRA_ID_SECRET", "AUTH_MICROSOFT_ENTRA_ID_ISSUER"] as const

describe("Microsoft Entra ID pinned to a tenant by AUTH_MICROSOFT_ENTRA_ID_ISSUER alone", () => {
  let db: TestDatabase
  let entra: EntraStandIn
  const env = envFor(VARIABLES)

  /**
   * The provider as next-auth apps list it: a factory the library calls. The
   * one thing added is the Graph photo switched off, which would otherwise be
   * read from graph.microsoft.com; the tenant, client id and secret come from
   * the environment only.
   */
  const EntraWithoutPhoto = (options?: Record<string, unknown>) => MicrosoftEntraID({ ...options, profilePhotoSize: false })

  function config(): AuthConfig {
    return { secret: SECRET, trustHost: true, adapter: PrismaAdapter(db.prisma), providers: [EntraWithoutPhoto] }
  }

  async function signInAs(user: typeof aliceOfA) {
    entra.user = user
    const browser = new Browser(config())
    const authorization = await startSignIn(browser, "microsoft-entra-id")
    const back = await fetch(authorization, { redirect: "manual" })
    const res = await deliverCallback(browser, new URL(back.headers.get("location")!))
    return { browser, authorization, res }
  }

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    entra = await startEntraStandIn({ user: aliceOfA })
  })
  afterAll(async () => {
    env.restore()
    await entra.close()
    await db.cleanup()
  })
  beforeEach(() => {
    env.set({
      AUTH_MICROSOFT_ENTRA_ID_ID: entra.clientId,
      AUTH_MICROSOFT_ENTRA_ID_SECRET: entra.clientSecret,
      AUTH_MICROSOFT_ENTRA_ID_ISSUER: entra.issuerOf(TENANT_A),
    })
  })

  it("a user of the pinned tenant signs in, through that tenant's endpoint", async () => {
    const { browser, authorization, res } = await signInAs(aliceOfA)
    expect(authorization.pathname).toBe(`/${TENANT_A}/oauth2/v2.0/authorize`)
    expect(authorization.searchParams.get("client_id")).toBe(entra.clientId)
    expect(errorOf(res).error).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe(aliceOfA.email)
  })

  it("a user of another tenant is refused: no session, no user, no account", async () => {
    const { browser, res } = await signInAs(malloryOfB)
    expect(errorOf(res)).toEqual({ page: `${BASE}/error`, error: "InvalidCheck" })
    expect(await sessionOf(browser)).toBeNull()
    expect(await db.prisma.user.findUnique({ where: { email: malloryOfB.email } })).toBeNull()
    expect(await db.prisma.account.count({ where: { providerAccountId: { contains: malloryOfB.oid } } })).toBe(0)
  })

  it("the same user does get in where the variable names the multi-tenant issuer: the refusal is the pin's doing", async () => {
    env.set({ AUTH_MICROSOFT_ENTRA_ID_ISSUER: entra.issuerOf("common") })
    const { browser, authorization, res } = await signInAs(malloryOfB)
    expect(authorization.pathname).toBe("/common/oauth2/v2.0/authorize")
    expect(errorOf(res).error).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe(malloryOfB.email)
  })
})
