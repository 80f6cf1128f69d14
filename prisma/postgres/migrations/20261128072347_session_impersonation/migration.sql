-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "impersonatedBy" TEXT,
ADD COLUMN     "impersonationReason" TEXT;
