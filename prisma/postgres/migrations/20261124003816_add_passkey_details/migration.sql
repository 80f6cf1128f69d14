-- AlterTable
ALTER TABLE "Authenticator" ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "lastUsedAt" TIMESTAMP(3),
ADD COLUMN     "name" TEXT;

-- CreateTable
CREATE TABLE "WebAuthnChallenge" (
    "challengeHash" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebAuthnChallenge_pkey" PRIMARY KEY ("challengeHash")
);

-- CreateIndex
CREATE INDEX "WebAuthnChallenge_expires_idx" ON "WebAuthnChallenge"("expires");
