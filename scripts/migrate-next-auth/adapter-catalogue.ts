/**
 * What each Auth.js adapter package keeps its data in, and whether it
 * implements the passkey (authenticator) methods. Data, not code: the
 * codemod never loads the app's adapter. The reasons behind the groups are
 * in docs/decisions/codemod-truth.md.
 */

/**
 * - "tables": SQL tables with Auth.js's columns, which the guide's schema upgrade (step 4) applies to.
 * - "records": whole objects under keys or in documents (key-value stores, document and graph
 *   databases): nothing to upgrade, a new field is simply stored.
 */
export type AdapterStorage = "tables" | "records"

export interface AdapterFacts {
  readonly storage: AdapterStorage
  /** Implements getAccount, createAuthenticator, getAuthenticator, listAuthenticatorsByUserId, updateAuthenticatorCounter. */
  readonly passkeys: boolean
}

const CATALOGUE: Readonly<Record<string, AdapterFacts>> = {
  "@auth/prisma-adapter": { storage: "tables", passkeys: true },
  "@auth/drizzle-adapter": { storage: "tables", passkeys: true },
  "@auth/kysely-adapter": { storage: "tables", passkeys: false },
  "@auth/typeorm-adapter": { storage: "tables", passkeys: false },
  "@auth/sequelize-adapter": { storage: "tables", passkeys: false },
  "@auth/mikro-orm-adapter": { storage: "tables", passkeys: false },
  "@auth/pg-adapter": { storage: "tables", passkeys: false },
  "@auth/neon-adapter": { storage: "tables", passkeys: false },
  "@auth/d1-adapter": { storage: "tables", passkeys: false },
  "@auth/xata-adapter": { storage: "tables", passkeys: false },
  "@auth/supabase-adapter": { storage: "tables", passkeys: false },
  "@auth/hasura-adapter": { storage: "tables", passkeys: false },
  "@auth/unstorage-adapter": { storage: "records", passkeys: true },
  "@auth/upstash-redis-adapter": { storage: "records", passkeys: false },
  "@auth/mongodb-adapter": { storage: "records", passkeys: false },
  "@auth/firebase-adapter": { storage: "records", passkeys: false },
  "@auth/dynamodb-adapter": { storage: "records", passkeys: false },
  "@auth/fauna-adapter": { storage: "records", passkeys: false },
  "@auth/azure-tables-adapter": { storage: "records", passkeys: false },
  "@auth/neo4j-adapter": { storage: "records", passkeys: false },
  "@auth/surrealdb-adapter": { storage: "records", passkeys: false },
  "@auth/pouchdb-adapter": { storage: "records", passkeys: false },
  "@auth/dgraph-adapter": { storage: "records", passkeys: false },
  "@auth/edgedb-adapter": { storage: "records", passkeys: false },
}

/** The facts of a known adapter package; undefined for one the catalogue does not list. */
export function adapterFacts(specifier: string): AdapterFacts | undefined {
  return CATALOGUE[specifier]
}

export function isAuthJsAdapterModule(specifier: string): boolean {
  return specifier.startsWith("@auth/") && specifier.endsWith("-adapter")
}

/** The Auth.js adapter contract every @auth/*-adapter implements. */
export const AUTH_JS_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
] as const

export const AUTH_JS_PASSKEY_METHODS = [
  "getAccount",
  "createAuthenticator",
  "getAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const
