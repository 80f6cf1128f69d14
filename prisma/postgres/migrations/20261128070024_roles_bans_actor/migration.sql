-- AlterTable
ALTER TABLE "SecurityEvent" ADD COLUMN     "actorId" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "banExpires" TIMESTAMP(3),
ADD COLUMN     "banReason" TEXT,
ADD COLUMN     "bannedAt" TIMESTAMP(3),
ADD COLUMN     "createdAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "lastSignInAt" TIMESTAMP(3),
ADD COLUMN     "roles" TEXT;
