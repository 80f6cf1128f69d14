/**
 * The tables an app following Auth.js's Drizzle guide already has (the guide's
 * column names and types; written here from those facts). The library reads and
 * writes them through @auth/drizzle-adapter unchanged: moving here touches no
 * table. One module per dialect, as in the guide; pick yours.
 */
import { boolean, integer as pgInteger, pgTable, primaryKey as pgPrimaryKey, text as pgText, timestamp } from "drizzle-orm/pg-core"
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core"

export const sqliteSchema = (() => {
  const usersTable = sqliteTable("user", {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text("name"),
    email: text("email").unique(),
    emailVerified: integer("emailVerified", { mode: "timestamp_ms" }),
    image: text("image"),
  })
  const accountsTable = sqliteTable(
    "account",
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
  const sessionsTable = sqliteTable("session", {
    sessionToken: text("sessionToken").primaryKey(),
    userId: text("userId")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    expires: integer("expires", { mode: "timestamp_ms" }).notNull(),
  })
  const verificationTokensTable = sqliteTable(
    "verificationToken",
    {
      identifier: text("identifier").notNull(),
      token: text("token").notNull(),
      expires: integer("expires", { mode: "timestamp_ms" }).notNull(),
    },
    (row) => [primaryKey({ columns: [row.identifier, row.token] })],
  )
  const authenticatorsTable = sqliteTable(
    "authenticator",
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
  return { usersTable, accountsTable, sessionsTable, verificationTokensTable, authenticatorsTable }
})()

export const postgresSchema = (() => {
  const usersTable = pgTable("user", {
    id: pgText("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: pgText("name"),
    email: pgText("email").unique(),
    emailVerified: timestamp("emailVerified", { mode: "date" }),
    image: pgText("image"),
  })
  const accountsTable = pgTable(
    "account",
    {
      userId: pgText("userId")
        .notNull()
        .references(() => usersTable.id, { onDelete: "cascade" }),
      type: pgText("type").$type<"oauth" | "oidc" | "email" | "webauthn">().notNull(),
      provider: pgText("provider").notNull(),
      providerAccountId: pgText("providerAccountId").notNull(),
      refresh_token: pgText("refresh_token"),
      access_token: pgText("access_token"),
      expires_at: pgInteger("expires_at"),
      token_type: pgText("token_type"),
      scope: pgText("scope"),
      id_token: pgText("id_token"),
      session_state: pgText("session_state"),
    },
    (account) => [pgPrimaryKey({ columns: [account.provider, account.providerAccountId] })],
  )
  const sessionsTable = pgTable("session", {
    sessionToken: pgText("sessionToken").primaryKey(),
    userId: pgText("userId")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    expires: timestamp("expires", { mode: "date" }).notNull(),
  })
  const verificationTokensTable = pgTable(
    "verificationToken",
    {
      identifier: pgText("identifier").notNull(),
      token: pgText("token").notNull(),
      expires: timestamp("expires", { mode: "date" }).notNull(),
    },
    (row) => [pgPrimaryKey({ columns: [row.identifier, row.token] })],
  )
  const authenticatorsTable = pgTable(
    "authenticator",
    {
      credentialID: pgText("credentialID").notNull().unique(),
      userId: pgText("userId")
        .notNull()
        .references(() => usersTable.id, { onDelete: "cascade" }),
      providerAccountId: pgText("providerAccountId").notNull(),
      credentialPublicKey: pgText("credentialPublicKey").notNull(),
      counter: pgInteger("counter").notNull(),
      credentialDeviceType: pgText("credentialDeviceType").notNull(),
      credentialBackedUp: boolean("credentialBackedUp").notNull(),
      transports: pgText("transports"),
    },
    (row) => [pgPrimaryKey({ columns: [row.userId, row.credentialID] })],
  )
  return { usersTable, accountsTable, sessionsTable, verificationTokensTable, authenticatorsTable }
})()
