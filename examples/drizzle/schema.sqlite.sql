-- The SQLite tables of Auth.js's Drizzle guide (what drizzle-kit generates from schema.ts).
-- An app that has them already runs nothing here except the companion table at the end.
CREATE TABLE IF NOT EXISTS "user" (
  "id" text PRIMARY KEY NOT NULL,
  "name" text,
  "email" text UNIQUE,
  "emailVerified" integer,
  "image" text
);
CREATE TABLE IF NOT EXISTS "account" (
  "userId" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "provider" text NOT NULL,
  "providerAccountId" text NOT NULL,
  "refresh_token" text,
  "access_token" text,
  "expires_at" integer,
  "token_type" text,
  "scope" text,
  "id_token" text,
  "session_state" text,
  PRIMARY KEY ("provider", "providerAccountId")
);
CREATE TABLE IF NOT EXISTS "session" (
  "sessionToken" text PRIMARY KEY NOT NULL,
  "userId" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "expires" integer NOT NULL
);
CREATE TABLE IF NOT EXISTS "verificationToken" (
  "identifier" text NOT NULL,
  "token" text NOT NULL,
  "expires" integer NOT NULL,
  PRIMARY KEY ("identifier", "token")
);
CREATE TABLE IF NOT EXISTS "authenticator" (
  "credentialID" text NOT NULL UNIQUE,
  "userId" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
  "providerAccountId" text NOT NULL,
  "credentialPublicKey" text NOT NULL,
  "counter" integer NOT NULL,
  "credentialDeviceType" text NOT NULL,
  "credentialBackedUp" integer NOT NULL,
  "transports" text,
  PRIMARY KEY ("userId", "credentialID")
);
-- Companion (lib/auth/adapters/companion/webauthn-challenge.ts): answered passkey challenges, so a
-- replayed passkey response cannot sign in twice. Only needed for passkey sign-in.
CREATE TABLE IF NOT EXISTS "auth_webauthn_challenge" (
  "challengeHash" text PRIMARY KEY NOT NULL,
  "expires" integer NOT NULL
);
-- Companion (lib/auth/adapters/companion/session-proof.ts): when each database session began and was
-- last proved, for step-up (linking while signed in, adding a passkey) and the absolute lifetime.
CREATE TABLE IF NOT EXISTS "auth_session_proof" (
  "sessionToken" text PRIMARY KEY NOT NULL,
  "createdAt" integer NOT NULL,
  "authenticatedAt" integer NOT NULL,
  "expires" integer NOT NULL
);
