-- AlterTable
ALTER TABLE "Member" ADD COLUMN     "lastActiveAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "membershipsVersion" INTEGER NOT NULL DEFAULT 0;

-- Not generated (Prisma schemas cannot say it, see docs/decisions.md, "Organizations (issue 35)"):
-- a membership that ends or changes counts in the same statement that ends or changes it.
-- A member row deleted (removed, left, or its organization deleted): the user's sessions lose that
-- organization as their active one, and the user's memberships version moves on, so no jwt
-- snapshot of the membership is trusted again. A role change, a new slug or name moves it on as well.
-- The function bodies spell each semicolon as \073 in an E'' string: the migration runner splits
-- a file at every semicolon, dollar quotes or not.
CREATE FUNCTION "member_ended"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "Session" SET "activeOrganizationId" = NULL
    WHERE "userId" = OLD."userId" AND "activeOrganizationId" = OLD."organizationId"\073
  UPDATE "User" SET "membershipsVersion" = "membershipsVersion" + 1 WHERE "id" = OLD."userId"\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Member_ended" AFTER DELETE ON "Member"
  FOR EACH ROW EXECUTE FUNCTION "member_ended"();

CREATE FUNCTION "member_roles_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "User" SET "membershipsVersion" = "membershipsVersion" + 1 WHERE "id" = NEW."userId"\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Member_roles_changed" AFTER UPDATE OF "roles" ON "Member"
  FOR EACH ROW WHEN (OLD."roles" IS DISTINCT FROM NEW."roles") EXECUTE FUNCTION "member_roles_changed"();

CREATE FUNCTION "organization_renamed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "User" SET "membershipsVersion" = "membershipsVersion" + 1
    WHERE "id" IN (SELECT "userId" FROM "Member" WHERE "organizationId" = NEW."id")\073
  RETURN NULL\073
END
';

CREATE TRIGGER "Organization_renamed" AFTER UPDATE OF "slug", "name" ON "Organization"
  FOR EACH ROW WHEN (OLD."slug" IS DISTINCT FROM NEW."slug" OR OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "organization_renamed"();
