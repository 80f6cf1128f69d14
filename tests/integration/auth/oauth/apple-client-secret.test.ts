/**
 * Apple's client secret as the stand-in's token endpoint sees it: an ES256
 * JWT from the signing key (kid, iss = team id, sub = client id, aud =
 * https://appleid.apple.com, iat/exp), reused while valid; or the secret
 * given as is (AUTH_APPLE_SECRET). A secret Apple refuses ends the sign-in
 * on the error page, not in a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SignJWT } from "jose"
import { importPKCS8 } from "jose"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Apple, { type AppleOptions } from "@/lib/auth/providers/apple"
import { appleSigningKey, startAppleIdp, APPLE_AUDIENCE, type AppleIdp } from "@/tests/helpers/apple-idp"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { signInWithApple } from "./apple-flow"
import { BASE, Browser, errorOf, sessionOf } from "./support"

const CLIENT = { clientId: "com.example.app.secret", teamId: "TEAMSECRET", keyId: "KEYSECRET1" }

describe("Apple client secret", () => {
  let db: TestDatabase
  let idp: AppleIdp
  let key: Awaited<ReturnType<typeof appleSigningKey>>
  let user = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    key = await appleSigningKey()
    idp = await startAppleIdp({ ...CLIENT, publicKey: key.publicKey, redirectUris: [`${ORIGIN}${BASE}/callback/apple`] })
  })
  afterAll(async () => {
    await idp?.close()
    await db?.cleanup()
  })

  function configWith(options: AppleOptions): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "jwt" },
      providers: [Apple({ issuer: idp.issuer, clientId: CLIENT.clientId, ...options })],
    }
  }

  async function signIn(config: AuthConfig): Promise<{ res: Response; browser: Browser }> {
    user += 1
    idp.user = { sub: `002.secret.${user}`, email: `secret-${user}@example.test`, firstName: "Sec", lastName: `Ret ${user}` }
    const browser = new Browser(config)
    return { res: await signInWithApple(browser), browser }
  }

  it("is an ES256 JWT with kid, iss = team id, sub = client id, aud = Apple, valid a day; reused for the next sign-in", async () => {
    const config = configWith({ teamId: CLIENT.teamId, keyId: CLIENT.keyId, privateKey: key.privateKeyPem })
    idp.secrets.length = 0
    expect(errorOf((await signIn(config)).res).error).toBeNull()
    expect(errorOf((await signIn(config)).res).error).toBeNull()
    expect(idp.secrets).toHaveLength(2)
    const [first, second] = idp.secrets
    expect(first!.accepted).toBe(true)
    expect(first!.header).toEqual({ alg: "ES256", kid: CLIENT.keyId })
    expect(first!.payload).toMatchObject({ iss: CLIENT.teamId, sub: CLIENT.clientId, aud: APPLE_AUDIENCE })
    expect(first!.payload.exp! - first!.payload.iat!).toBe(24 * 60 * 60)
    expect(Math.abs(first!.payload.iat! - Date.now() / 1000)).toBeLessThan(60)
    // The same secret, not a new one per sign-in.
    expect(second!.payload).toEqual(first!.payload)
  })

  it("takes the private key with its newlines written as \\n (one-line environment variables)", async () => {
    const oneLine = key.privateKeyPem.trim().replace(/\n/g, "\\n")
    expect(oneLine).not.toContain("\n")
    const { res, browser } = await signIn(configWith({ teamId: CLIENT.teamId, keyId: CLIENT.keyId, privateKey: oneLine }))
    expect(errorOf(res).error).toBeNull()
    expect((await sessionOf(browser))?.user?.email).toBe(idp.user.email)
  })

  it("a secret given as is (AUTH_APPLE_SECRET) is sent as is", async () => {
    const now = Math.floor(Date.now() / 1000)
    const given = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: CLIENT.keyId })
      .setIssuer(CLIENT.teamId)
      .setSubject(CLIENT.clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(key.privateKeyPem, "ES256"))
    idp.secrets.length = 0
    const { res } = await signIn(configWith({ clientSecret: given }))
    expect(errorOf(res).error).toBeNull()
    expect(idp.secrets[0]).toMatchObject({ accepted: true, payload: { iat: now, exp: now + 3600 } })
  })

  it("a secret signed with another key is refused by Apple: the error page, no session", async () => {
    const other = await appleSigningKey()
    idp.tokenErrors.length = 0
    const { res, browser } = await signIn(configWith({ teamId: CLIENT.teamId, keyId: CLIENT.keyId, privateKey: other.privateKeyPem }))
    expect(res.status).toBe(302)
    expect(errorOf(res).error).toBe("OAuthCallbackError")
    expect(idp.tokenErrors.join()).toMatch(/invalid_client/)
    expect(await sessionOf(browser)).toBeNull()
  })

  it("a private key that is not one ends the sign-in on the error page, not in a 500", async () => {
    const { res } = await signIn(configWith({ teamId: CLIENT.teamId, keyId: CLIENT.keyId, privateKey: "not a key" }))
    expect(res.status).toBe(302)
    expect(errorOf(res).error).toBe("OAuthCallbackError")
  })

  it("half a signing key is a configuration mistake the factory names", () => {
    expect(() => Apple({ teamId: CLIENT.teamId, keyId: CLIENT.keyId })).toThrow(/teamId, keyId and privateKey go together/)
  })
})
