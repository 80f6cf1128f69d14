-- AlterTable
ALTER TABLE "Session" ADD COLUMN "impersonatedBy" TEXT;
ALTER TABLE "Session" ADD COLUMN "impersonationReason" TEXT;
