-- CreateTable
CREATE TABLE "WebAuthnChallenge" (
    "challengeHash" TEXT NOT NULL PRIMARY KEY,
    "expires" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
