/**
 * The example's database: DATABASE_URL, else a SQLite file beside this
 * example's README. It borrows the starter's Prisma schema, migrations and
 * generated client (lib/db, through the `$starter` alias); an app of your own
 * brings its client, generated from a schema with the Auth.js tables.
 */
import { createPrismaClient } from "$starter/db/client"

/** Relative SQLite paths resolve against the working directory: run the scripts from this folder. */
export const databaseUrl = process.env.DATABASE_URL || "file:./example.db"

export const prisma = createPrismaClient(databaseUrl)
