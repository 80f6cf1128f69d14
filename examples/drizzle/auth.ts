/**
 * An auth configuration for an app that used next-auth with @auth/drizzle-adapter
 * on SQLite (better-sqlite3): the same database file, the same tables, the same
 * session cookies. For PostgreSQL, build the Drizzle client with
 * drizzle-orm/node-postgres, use postgresSchema, and a CompanionSql over the pg
 * pool with dialect "postgresql".
 */
import Database from "better-sqlite3"
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import { drizzle } from "drizzle-orm/better-sqlite3"
import type { AuthConfig } from "../../lib/auth"
import Nodemailer from "../../lib/auth/providers/nodemailer"
import Passkey from "../../lib/auth/providers/passkey"
import GitHub from "../../lib/auth/providers/github"
import { drizzleAuthAdapter } from "./adapter"
import { sqliteSchema } from "./schema"

const connection = new Database(process.env.DRIZZLE_SQLITE_FILE ?? "app.db")

export const authConfig: AuthConfig = {
  adapter: drizzleAuthAdapter(DrizzleAdapter(drizzle(connection), sqliteSchema), {
    dialect: "sqlite",
    execute: async (statement, params) => connection.prepare(statement).run(...params).changes,
    query: async (statement, params) => connection.prepare(statement).all(...params) as Record<string, unknown>[],
  }),
  session: { strategy: "database" },
  experimental: { enableWebAuthn: true },
  providers: [GitHub(), Nodemailer({ server: process.env.EMAIL_SERVER, from: process.env.EMAIL_FROM }), Passkey()],
}
