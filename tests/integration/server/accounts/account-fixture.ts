/**
 * A user with one record of every kind the app keeps, each holding a known
 * secret value, for the deletion and export suites: a password (hashed the
 * app's way), an OAuth account with provider tokens, a passkey, two-factor
 * with recovery codes, a database session, mailed tokens (a magic link, the
 * app's account tokens, an email-change pair) and security log entries.
 */
import { randomUUID } from "node:crypto"
import type { DbClient } from "@/lib/db/client"
import { hashPassword } from "@/server/accounts/password"
import { encodeIdentifier } from "@/server/accounts/email-change-tokens"

export interface SeededAccount {
  userId: string
  email: string
  /** Every value that must never leave the server: the plain password and every stored secret. */
  secrets: Record<string, string>
}

export async function seedAccount(db: DbClient, label: string): Promise<SeededAccount> {
  const tag = `${label}-${randomUUID().slice(0, 8)}`
  const email = `${tag}@example.test`
  const password = `password-${tag}-${randomUUID()}`
  const passwordHash = await hashPassword(password)
  const user = await db.user.create({ data: { email, name: `Name ${tag}`, emailVerified: new Date(), passwordHash } })
  const userId = user.id
  const secrets = {
    password,
    passwordHash,
    accessToken: `access-${randomUUID()}`,
    refreshToken: `refresh-${randomUUID()}`,
    idToken: `idtoken-${randomUUID()}`,
    publicKey: `publickey-${randomUUID()}`,
    credentialID: `credential-${randomUUID()}`,
    totpSecret: `sealed-totp-${randomUUID()}`,
    recoveryCodeHash: `recovery-hash-${randomUUID()}`,
    sessionToken: `session-${randomUUID()}`,
    magicLinkToken: `magic-${randomUUID()}`,
    resetToken: `reset-${randomUUID()}`,
  }
  await db.account.create({
    data: {
      userId, type: "oidc", provider: "oidc", providerAccountId: `sub-${tag}`,
      access_token: secrets.accessToken, refresh_token: secrets.refreshToken, id_token: secrets.idToken, token_type: "bearer",
    },
  })
  await db.authenticator.create({
    data: {
      credentialID: secrets.credentialID, userId, providerAccountId: secrets.credentialID, credentialPublicKey: secrets.publicKey,
      counter: 3, credentialDeviceType: "multiDevice", credentialBackedUp: true, transports: "internal,hybrid", name: `Key of ${tag}`,
    },
  })
  await db.twoFactor.create({ data: { userId, secret: secrets.totpSecret } })
  await db.recoveryCode.createMany({
    data: [
      { userId, codeHash: secrets.recoveryCodeHash },
      { userId, codeHash: `${secrets.recoveryCodeHash}-2` },
      { userId, codeHash: `${secrets.recoveryCodeHash}-used`, usedAt: new Date() },
    ],
  })
  await db.session.create({
    data: {
      sessionToken: secrets.sessionToken, userId, expires: new Date(Date.now() + 86_400_000), lastActiveAt: new Date(),
      userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    },
  })
  const expires = new Date(Date.now() + 3_600_000)
  await db.verificationToken.createMany({
    data: [
      { identifier: email, token: secrets.magicLinkToken, expires },
      { identifier: `password-reset:${email}`, token: secrets.resetToken, expires },
      { identifier: `verify-email:${email}`, token: `verify-${randomUUID()}`, expires },
      { identifier: encodeIdentifier("email-change", { userId, newEmail: `new-${email}`, oldEmail: email }), token: `change-${randomUUID()}`, expires },
      { identifier: encodeIdentifier("email-change-cancel", { userId, newEmail: `new-${email}`, oldEmail: email }), token: `cancel-${randomUUID()}`, expires },
    ],
  })
  await db.securityEvent.createMany({
    data: [
      { userId, type: "sign-in", outcome: "failure", method: "password", provider: "credentials", ip: "203.0.113.7", device: "Chrome on macOS" },
      { userId, type: "sign-in", outcome: "success", method: "password", provider: "credentials", ip: "203.0.113.7", device: "Chrome on macOS" },
    ],
  })
  return { userId, email, secrets }
}

/** How many rows of each kind the user has (tokens by their address and user-bound identifiers). */
export async function recordsOf(db: DbClient, account: Pick<SeededAccount, "userId" | "email">) {
  const { userId, email } = account
  const [users, accounts, sessions, authenticators, twoFactors, recoveryCodes, tokens, securityEvents] = await Promise.all([
    db.user.count({ where: { id: userId } }),
    db.account.count({ where: { userId } }),
    db.session.count({ where: { userId } }),
    db.authenticator.count({ where: { userId } }),
    db.twoFactor.count({ where: { userId } }),
    db.recoveryCode.count({ where: { userId } }),
    db.verificationToken.count({
      where: { OR: [{ identifier: { contains: email } }, { identifier: { contains: Buffer.from(userId).toString("base64url") } }] },
    }),
    db.securityEvent.count({ where: { userId } }),
  ])
  return { users, accounts, sessions, authenticators, twoFactors, recoveryCodes, tokens, securityEvents }
}
