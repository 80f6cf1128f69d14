-- AlterTable
ALTER TABLE "User" ADD COLUMN     "sessionsValidSince" TIMESTAMP(3);
