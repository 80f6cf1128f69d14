/**
 * The Prisma adapter's passkey storage on SQLite and PostgreSQL: single-use
 * challenges (also under concurrency), last-use tracking, and records that
 * @auth/core's own WebAuthn helpers read back into the exact credential a
 * browser registered — so a database moves between Auth.js and this library
 * with its passkeys working.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
// Not in the package exports map: imported by path, as the oracle for what Auth.js reads.
import { fromBase64, stringToTransports, toBase64 } from "../../../node_modules/@auth/core/lib/utils/webauthn-utils.js"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { storedCredentialId, webauthnCredentialId } from "@/lib/auth/relying-party/encoding"
import { adapterOnNewDatabase, type TestDatabase } from "@/tests/helpers/db"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"

describe.each(["sqlite", "postgresql"] as const)("PrismaAdapter passkey storage on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => ({ db, adapter } = await adapterOnNewDatabase(provider)))
  afterAll(() => db?.cleanup())

  const later = () => new Date(Date.now() + 15 * 60 * 1000)

  it("useWebAuthnChallenge is true the first time and false for every later use", async () => {
    const challengeHash = `hash-${crypto.randomUUID()}`
    expect(await adapter.useWebAuthnChallenge({ challengeHash, expires: later() })).toBe(true)
    expect(await adapter.useWebAuthnChallenge({ challengeHash, expires: later() })).toBe(false)
    expect(await adapter.useWebAuthnChallenge({ challengeHash: `${challengeHash}-other`, expires: later() })).toBe(true)
  })

  it("concurrent uses of one challenge: exactly one wins", async () => {
    const challengeHash = `race-${crypto.randomUUID()}`
    const results = await Promise.all(Array.from({ length: 6 }, () => adapter.useWebAuthnChallenge({ challengeHash, expires: later() })))
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it("expired challenge records are swept, live ones kept", async () => {
    const expired = `expired-${crypto.randomUUID()}`
    await db.prisma.webAuthnChallenge.create({ data: { challengeHash: expired, expires: new Date(Date.now() - 1000) } })
    const live = `live-${crypto.randomUUID()}`
    await adapter.useWebAuthnChallenge({ challengeHash: live, expires: later() })
    expect(await db.prisma.webAuthnChallenge.findUnique({ where: { challengeHash: expired } })).toBeNull()
    expect(await db.prisma.webAuthnChallenge.findUnique({ where: { challengeHash: live } })).not.toBeNull()
  })

  it("updateAuthenticatorCounter records when the passkey was last used; createAuthenticator stamps its creation", async () => {
    const user = await adapter.createUser({ id: "", email: `last-${crypto.randomUUID()}@example.com`, emailVerified: null })
    const before = Date.now() - 1000
    await adapter.createAuthenticator({
      credentialID: "bGFzdC11c2U=", userId: user.id, providerAccountId: "bGFzdC11c2U=", credentialPublicKey: "cGs=",
      counter: 0, credentialDeviceType: "multiDevice", credentialBackedUp: true, transports: null,
    })
    const created = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: "bGFzdC11c2U=" } })
    expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before)
    expect(created.lastUsedAt).toBeNull()
    await adapter.updateAuthenticatorCounter("bGFzdC11c2U=", 3)
    const used = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: "bGFzdC11c2U=" } })
    expect(used.counter).toBe(3)
    expect(used.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before)
  })

  it("createAuthenticator keeps the authenticator's AAGUID, which names the passkey in Settings; none is stored as null", async () => {
    const user = await adapter.createUser({ id: "", email: `aaguid-${crypto.randomUUID()}@example.com`, emailVerified: null })
    const base = { userId: user.id, credentialPublicKey: "cGs=", counter: 0, credentialDeviceType: "multiDevice", credentialBackedUp: true, transports: null }
    await adapter.createAuthenticator({ ...base, credentialID: "YWFndWlk", providerAccountId: "YWFndWlk", aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd" })
    await adapter.createAuthenticator({ ...base, credentialID: "bm8tYWFndWlk", providerAccountId: "bm8tYWFndWlk" })
    const rows = await db.prisma.authenticator.findMany({ where: { userId: user.id }, orderBy: { credentialID: "asc" }, select: { credentialID: true, aaguid: true } })
    expect(rows).toEqual([
      { credentialID: "YWFndWlk", aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd" },
      { credentialID: "bm8tYWFndWlk", aaguid: null },
    ])
  })

  it("a stored record reads back through @auth/core's helpers as the credential the browser registered", async () => {
    const soft = new SoftAuthenticator()
    const user = await adapter.createUser({ id: "", email: `interop-${crypto.randomUUID()}@example.com`, emailVerified: null })
    const credentialID = storedCredentialId(soft.id)
    await adapter.createAuthenticator({
      credentialID,
      userId: user.id,
      providerAccountId: credentialID,
      credentialPublicKey: toBase64(soft.publicKey),
      counter: 0,
      credentialDeviceType: "multiDevice",
      credentialBackedUp: true,
      transports: "internal,hybrid",
    })
    // Auth.js looks a credential up by toBase64(fromBase64url(response.id)) and decodes with fromBase64.
    const found = await adapter.getAuthenticator(toBase64(Buffer.from(soft.id, "base64url")))
    expect(found).not.toBeNull()
    expect(fromBase64(found!.credentialID)).toEqual(new Uint8Array(soft.credentialId))
    expect(fromBase64(found!.credentialPublicKey)).toEqual(new Uint8Array(soft.publicKey))
    expect(stringToTransports(found!.transports)).toEqual(["internal", "hybrid"])
    // And an id Auth.js stored is one we look up and hand back to the browser unchanged.
    expect(webauthnCredentialId(found!.credentialID)).toBe(soft.id)
  })
})
