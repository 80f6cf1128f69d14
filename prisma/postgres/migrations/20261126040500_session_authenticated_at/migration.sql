-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "authenticatedAt" TIMESTAMP(3);
