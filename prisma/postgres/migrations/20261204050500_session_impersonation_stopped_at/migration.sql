-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "impersonationStoppedAt" TIMESTAMP(3);
