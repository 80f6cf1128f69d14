-- next-auth v5 → this starter: the one schema upgrade for a database made from the Prisma schema
-- Auth.js documents (./next-auth.prisma), rows included. Generated, then checked by hand:
--   npx prisma migrate diff --from-schema prisma/next-auth-upgrade/sqlite/next-auth.prisma \
--     --to-schema prisma/schema.prisma --script
-- Keeps every row and every column the two libraries share (User.createdAt and Session.createdAt
-- included). Drops the bookkeeping columns nothing in the starter reads or writes: User.updatedAt,
-- Account.createdAt, Account.updatedAt, Session.updatedAt (NOT NULL with no database default, they
-- would make every sign-up and sign-in of the starter fail). See docs/migrating-from-next-auth.md.

-- CreateTable
CREATE TABLE "WebAuthnChallenge" (
    "challengeHash" TEXT NOT NULL PRIMARY KEY,
    "expires" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "TwoFactor" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "secret" TEXT NOT NULL,
    "enabledAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedStep" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "TwoFactor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SecurityEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "type" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "method" TEXT,
    "provider" TEXT,
    "ip" TEXT,
    "userAgent" TEXT,
    "device" TEXT,
    "detail" TEXT,
    "actorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SecurityEvent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "resetAt" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "DevMail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "sentAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT,
    "email" TEXT,
    "emailVerified" DATETIME,
    "image" TEXT,
    "passwordHash" TEXT,
    "sessionsValidSince" DATETIME,
    "roles" TEXT,
    "bannedAt" DATETIME,
    "banReason" TEXT,
    "banExpires" DATETIME,
    "createdAt" DATETIME DEFAULT CURRENT_TIMESTAMP,
    "lastSignInAt" DATETIME,
    "membershipsVersion" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "new_User" ("createdAt", "email", "emailVerified", "id", "image", "name") SELECT "createdAt", "email", "emailVerified", "id", "image", "name" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE TABLE "new_Account" (
    "userId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,

    PRIMARY KEY ("provider", "providerAccountId"),
    CONSTRAINT "Account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Account" ("access_token", "expires_at", "id_token", "provider", "providerAccountId", "refresh_token", "scope", "session_state", "token_type", "type", "userId") SELECT "access_token", "expires_at", "id_token", "provider", "providerAccountId", "refresh_token", "scope", "session_state", "token_type", "type", "userId" FROM "Account";
DROP TABLE "Account";
ALTER TABLE "new_Account" RENAME TO "Account";
CREATE TABLE "new_Session" (
    "sessionToken" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expires" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActiveAt" DATETIME,
    "userAgent" TEXT,
    "authenticatedAt" DATETIME,
    "impersonatedBy" TEXT,
    "impersonationReason" TEXT,
    "impersonationStoppedAt" DATETIME,
    "activeOrganizationId" TEXT,
    CONSTRAINT "Session_activeOrganizationId_fkey" FOREIGN KEY ("activeOrganizationId") REFERENCES "Organization" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Session" ("createdAt", "expires", "sessionToken", "userId") SELECT "createdAt", "expires", "sessionToken", "userId" FROM "Session";
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE UNIQUE INDEX "Session_sessionToken_key" ON "Session"("sessionToken");
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_impersonatedBy_idx" ON "Session"("impersonatedBy");
CREATE TABLE "new_Authenticator" (
    "credentialID" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "credentialPublicKey" TEXT NOT NULL,
    "counter" INTEGER NOT NULL,
    "credentialDeviceType" TEXT NOT NULL,
    "credentialBackedUp" BOOLEAN NOT NULL,
    "transports" TEXT,
    "name" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "aaguid" TEXT,

    PRIMARY KEY ("userId", "credentialID"),
    CONSTRAINT "Authenticator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Authenticator" ("counter", "credentialBackedUp", "credentialDeviceType", "credentialID", "credentialPublicKey", "providerAccountId", "transports", "userId") SELECT "counter", "credentialBackedUp", "credentialDeviceType", "credentialID", "credentialPublicKey", "providerAccountId", "transports", "userId" FROM "Authenticator";
DROP TABLE "Authenticator";
ALTER TABLE "new_Authenticator" RENAME TO "Authenticator";
CREATE UNIQUE INDEX "Authenticator_credentialID_key" ON "Authenticator"("credentialID");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "WebAuthnChallenge_expires_idx" ON "WebAuthnChallenge"("expires");

-- CreateIndex
CREATE UNIQUE INDEX "RecoveryCode_userId_codeHash_key" ON "RecoveryCode"("userId", "codeHash");

-- CreateIndex
CREATE INDEX "SecurityEvent_userId_createdAt_idx" ON "SecurityEvent"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "SecurityEvent_createdAt_idx" ON "SecurityEvent"("createdAt");

-- CreateIndex
CREATE INDEX "RateLimit_resetAt_idx" ON "RateLimit"("resetAt");

-- CreateIndex
CREATE INDEX "DevMail_sentAt_idx" ON "DevMail"("sentAt");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationToken_token_key" ON "VerificationToken"("token");

-- Organizations (issue 35), from prisma/migrations/20261128102340_organizations
-- CreateTable
CREATE TABLE "Organization" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Member" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "roles" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastActiveAt" DATETIME,
    CONSTRAINT "Member_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Member_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "roles" TEXT NOT NULL,
    "inviterId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "expires" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invitation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Invitation_inviterId_fkey" FOREIGN KEY ("inviterId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Team_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TeamMember" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "teamId" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "roles" TEXT NOT NULL DEFAULT 'member',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TeamMember_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TeamMember_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OrganizationActivity" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "actorId" TEXT,
    "subject" TEXT,
    "detail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrganizationActivity_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Organization_slug_key" ON "Organization"("slug");

-- CreateIndex
CREATE INDEX "Member_organizationId_idx" ON "Member"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Member_userId_organizationId_key" ON "Member"("userId", "organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_organizationId_email_idx" ON "Invitation"("organizationId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Team_organizationId_name_key" ON "Team"("organizationId", "name");

-- CreateIndex
CREATE INDEX "TeamMember_memberId_idx" ON "TeamMember"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "TeamMember_teamId_memberId_key" ON "TeamMember"("teamId", "memberId");

-- CreateIndex
CREATE INDEX "OrganizationActivity_organizationId_createdAt_idx" ON "OrganizationActivity"("organizationId", "createdAt");


-- Written by hand (not from the diff): Prisma 5 and 6 stored SQLite DateTime values as integer
-- milliseconds; Prisma 7's driver adapter writes and compares ISO 8601 text, and SQLite orders every
-- integer before any text, so an old session would read as expired and be pruned. Such values are
-- rewritten the way the adapter writes them (exact to the millisecond); text values are left alone.
UPDATE "User" SET "emailVerified" = strftime('%Y-%m-%dT%H:%M:%S', "emailVerified" / 1000, 'unixepoch') || printf('.%03d+00:00', "emailVerified" % 1000) WHERE typeof("emailVerified") = 'integer';
UPDATE "User" SET "createdAt" = strftime('%Y-%m-%dT%H:%M:%S', "createdAt" / 1000, 'unixepoch') || printf('.%03d+00:00', "createdAt" % 1000) WHERE typeof("createdAt") = 'integer';
UPDATE "Session" SET "expires" = strftime('%Y-%m-%dT%H:%M:%S', "expires" / 1000, 'unixepoch') || printf('.%03d+00:00', "expires" % 1000) WHERE typeof("expires") = 'integer';
UPDATE "Session" SET "createdAt" = strftime('%Y-%m-%dT%H:%M:%S', "createdAt" / 1000, 'unixepoch') || printf('.%03d+00:00', "createdAt" % 1000) WHERE typeof("createdAt") = 'integer';
UPDATE "VerificationToken" SET "expires" = strftime('%Y-%m-%dT%H:%M:%S', "expires" / 1000, 'unixepoch') || printf('.%03d+00:00', "expires" % 1000) WHERE typeof("expires") = 'integer';

-- From prisma/migrations/20261128131451_organization_sessions. Not generated (Prisma schemas cannot say it, see docs/decisions.md, "Organizations (issue 35)"):
-- a membership that ends or changes counts in the same statement that ends or changes it.
-- A member row deleted (removed, left, or its organization deleted): the user's sessions lose that
-- organization as their active one, and the user's memberships version moves on, so no jwt
-- snapshot of the membership is trusted again. A role change, a new slug or name moves it on as well.
CREATE TRIGGER "Member_ended" AFTER DELETE ON "Member"
BEGIN
  UPDATE "Session" SET "activeOrganizationId" = NULL
    WHERE "userId" = OLD."userId" AND "activeOrganizationId" = OLD."organizationId";
  UPDATE "User" SET "membershipsVersion" = "membershipsVersion" + 1 WHERE "id" = OLD."userId";
END;

CREATE TRIGGER "Member_roles_changed" AFTER UPDATE OF "roles" ON "Member"
WHEN OLD."roles" IS NOT NEW."roles"
BEGIN
  UPDATE "User" SET "membershipsVersion" = "membershipsVersion" + 1 WHERE "id" = NEW."userId";
END;

CREATE TRIGGER "Organization_renamed" AFTER UPDATE OF "slug", "name" ON "Organization"
WHEN OLD."slug" IS NOT NEW."slug" OR OLD."name" IS NOT NEW."name"
BEGIN
  UPDATE "User" SET "membershipsVersion" = "membershipsVersion" + 1
    WHERE "id" IN (SELECT "userId" FROM "Member" WHERE "organizationId" = NEW."id");
END;

-- Enterprise single sign-on: connections, verified domains, used assertion ids, and an
-- organization's "Require SSO" (as migration 20261202031247_sso_connections).
CREATE TABLE "SsoConnection" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "organizationId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "samlEntityId" TEXT,
    "samlSsoUrl" TEXT,
    "samlCertificate" TEXT,
    "oidcIssuer" TEXT,
    "oidcClientId" TEXT,
    "oidcClientSecret" TEXT,
    "defaultRole" TEXT NOT NULL DEFAULT 'member',
    "roleMapping" TEXT,
    "idpInitiated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SsoConnection_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "SsoDomain" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "connectionId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "verificationToken" TEXT NOT NULL,
    "verifiedDomain" TEXT,
    "verifiedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SsoDomain_connectionId_fkey" FOREIGN KEY ("connectionId") REFERENCES "SsoConnection" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "SsoAssertion" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "expiresAt" DATETIME NOT NULL
);

-- A column with a constant default is added in place: redefining the table would drop the
-- membership-version triggers that watch it.
ALTER TABLE "Organization" ADD COLUMN "requireSso" BOOLEAN NOT NULL DEFAULT false;

CREATE INDEX "SsoConnection_organizationId_idx" ON "SsoConnection"("organizationId");

CREATE UNIQUE INDEX "SsoDomain_verifiedDomain_key" ON "SsoDomain"("verifiedDomain");

CREATE INDEX "SsoDomain_domain_idx" ON "SsoDomain"("domain");

CREATE UNIQUE INDEX "SsoDomain_connectionId_domain_key" ON "SsoDomain"("connectionId", "domain");

CREATE INDEX "SsoAssertion_expiresAt_idx" ON "SsoAssertion"("expiresAt");
