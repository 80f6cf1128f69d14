-- AlterTable
ALTER TABLE "Member" ADD COLUMN "lastActiveAt" DATETIME;

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
INSERT INTO "new_User" ("banExpires", "banReason", "bannedAt", "createdAt", "email", "emailVerified", "id", "image", "lastSignInAt", "name", "passwordHash", "roles", "sessionsValidSince") SELECT "banExpires", "banReason", "bannedAt", "createdAt", "email", "emailVerified", "id", "image", "lastSignInAt", "name", "passwordHash", "roles", "sessionsValidSince" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Not generated (Prisma schemas cannot say it, see docs/decisions.md, "Organizations (issue 35)"):
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
