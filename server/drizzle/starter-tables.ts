/**
 * Drizzle definitions of the starter's own SQLite auth tables (the Prisma
 * migrations made them: "User", "Account", "Session", "VerificationToken",
 * "Authenticator"), for AUTH_ADAPTER=drizzle. Only the columns of
 * the Auth.js contract are named, so @auth/drizzle-adapter reads and writes
 * them as it would the tables of its own guide; the starter's extra columns
 * fill from their defaults or stay null, and its pages keep reading them
 * through Prisma from the same file.
 */
import { customType, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core"

/**
 * A DATETIME column as the starter's Prisma client stores it (ISO 8601 text
 * with "+00:00"). Drizzle's own timestamp modes store integers, which Prisma's
 * SQL comparisons (`expires < ?` with a text parameter) would always order
 * before any text date: a session written that way would read as expired to
 * the app's own queries. Reads also take the SQLite CURRENT_TIMESTAMP default
 * ("YYYY-MM-DD HH:MM:SS", UTC) and epoch milliseconds.
 */
export const prismaInstant = customType<{ data: Date; driverData: string | number }>({
  dataType: () => "DATETIME",
  toDriver: (value) => value.toISOString().replace("Z", "+00:00"),
  fromDriver: (value) => readPrismaInstant(value),
})

export function readPrismaInstant(value: string | number): Date {
  if (typeof value === "number") return new Date(value)
  return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(" ", "T")}Z` : value)
}

export const usersTable = sqliteTable("User", {
  // Prisma's cuid() is made by its client, not the database; a uuid is as good an id here.
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text("name"),
  email: text("email").unique(),
  emailVerified: prismaInstant("emailVerified"),
  image: text("image"),
})

export const accountsTable = sqliteTable(
  "Account",
  {
    userId: text("userId")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    type: text("type").$type<"oauth" | "oidc" | "email" | "webauthn">().notNull(),
    provider: text("provider").notNull(),
    providerAccountId: text("providerAccountId").notNull(),
    refresh_token: text("refresh_token"),
    access_token: text("access_token"),
    expires_at: integer("expires_at"),
    token_type: text("token_type"),
    scope: text("scope"),
    id_token: text("id_token"),
    session_state: text("session_state"),
  },
  (account) => [primaryKey({ columns: [account.provider, account.providerAccountId] })],
)

export const sessionsTable = sqliteTable("Session", {
  sessionToken: text("sessionToken").primaryKey(),
  userId: text("userId")
    .notNull()
    .references(() => usersTable.id, { onDelete: "cascade" }),
  expires: prismaInstant("expires").notNull(),
})

/**
 * The same "Session" table with two of the starter's columns (createdAt, filled by the
 * migration's CURRENT_TIMESTAMP default, and the browser's userAgent), for the session
 * list only: the adapter's own
 * table above keeps the contract's three columns, so its answers stay the contract's.
 */
export const sessionListTable = sqliteTable("Session", {
  sessionToken: text("sessionToken").primaryKey(),
  userId: text("userId").notNull(),
  expires: prismaInstant("expires").notNull(),
  createdAt: prismaInstant("createdAt"),
  userAgent: text("userAgent"),
})

export const verificationTokensTable = sqliteTable(
  "VerificationToken",
  {
    identifier: text("identifier").notNull(),
    token: text("token").notNull(),
    expires: prismaInstant("expires").notNull(),
  },
  (row) => [primaryKey({ columns: [row.identifier, row.token] })],
)

export const authenticatorsTable = sqliteTable(
  "Authenticator",
  {
    credentialID: text("credentialID").notNull().unique(),
    userId: text("userId")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    providerAccountId: text("providerAccountId").notNull(),
    credentialPublicKey: text("credentialPublicKey").notNull(),
    counter: integer("counter").notNull(),
    credentialDeviceType: text("credentialDeviceType").notNull(),
    credentialBackedUp: integer("credentialBackedUp", { mode: "boolean" }).notNull(),
    transports: text("transports"),
  },
  (row) => [primaryKey({ columns: [row.userId, row.credentialID] })],
)
