-- AlterTable
ALTER TABLE "Authenticator" ADD COLUMN     "aaguid" TEXT;
