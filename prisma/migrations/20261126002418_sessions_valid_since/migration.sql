-- AlterTable
ALTER TABLE "User" ADD COLUMN "sessionsValidSince" DATETIME;
