-- AlterTable
ALTER TABLE "Session" ADD COLUMN "impersonationStoppedAt" DATETIME;
