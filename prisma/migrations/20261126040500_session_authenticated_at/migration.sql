-- AlterTable
ALTER TABLE "Session" ADD COLUMN "authenticatedAt" DATETIME;
