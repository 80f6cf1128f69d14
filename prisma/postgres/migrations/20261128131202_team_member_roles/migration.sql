-- AlterTable
ALTER TABLE "TeamMember" ADD COLUMN     "roles" TEXT NOT NULL DEFAULT 'member';
