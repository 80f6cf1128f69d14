-- AlterTable
ALTER TABLE "SecurityEvent" ADD COLUMN "actorId" TEXT;

-- RedefineTables
-- SQLite refuses ADD COLUMN with a non-constant default (User.createdAt, CURRENT_TIMESTAMP) on a
-- table that holds rows, so the table is rebuilt, as Prisma does for such changes; rows from before
-- get the migration's time as createdAt.
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
    "lastSignInAt" DATETIME
);
INSERT INTO "new_User" ("id", "name", "email", "emailVerified", "image", "passwordHash", "sessionsValidSince")
SELECT "id", "name", "email", "emailVerified", "image", "passwordHash", "sessionsValidSince" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
