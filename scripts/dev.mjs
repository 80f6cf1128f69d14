#!/usr/bin/env node
// `npm run dev`: zero-config development.
//   1. make sure an AUTH_SECRET exists (generate one into .env.local if not),
//   2. apply database migrations (SQLite file by default),
//   3. create the demo account if it is missing (npm run db:seed),
//   4. hand over to `next dev`, passing through its arguments (e.g. --port),
//      with PORT from the environment or the .env files (PORT=4000 npm run dev).
// It only ever starts `next dev`: production (`next build && next start`) must
// be given a real AUTH_SECRET and never receives a generated one.
import { randomBytes } from "node:crypto"
import { appendFileSync, existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { binPath } from "./lib/bin.mjs"
import { devPort } from "./lib/dev-port.mjs"
import { DEV_ENV_FILES, readEnvFiles } from "./lib/env-files.mjs"
import { exitLike, run } from "./lib/spawn.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const secretFile = path.join(root, ".env.local")
const migrateScript = path.join(root, "scripts", "db-migrate.ts")

if (process.env.NODE_ENV === "production") {
  console.error(
    "scripts/dev.mjs starts the development server and refuses NODE_ENV=production.\n" +
      "For production use `npm run build && npm start` with AUTH_SECRET and AUTH_URL set (see docs/deploying.md).",
  )
  process.exit(1)
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
try {
  const port = devPort(process.env, readEnvFiles(root, DEV_ENV_FILES))
  if (port) env.PORT = port
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

ensureDevSecret()

// Migrations see the same variables `next dev` will (.env files, then the
// real environment on top), so both talk to the same database.
const migrationEnv = { ...readEnvFiles(root, DEV_ENV_FILES), ...env }
if (existsSync(migrateScript)) {
  const result = await run(process.execPath, [binPath("tsx"), migrateScript], { cwd: root, env: migrationEnv })
  if (result.error || result.signal || result.code !== 0) {
    console.error("Database migration failed; not starting the dev server.")
    await exitLike(result.code === 0 ? { ...result, code: 1 } : result)
  }
} else {
  console.warn("scripts/db-migrate.ts not found: skipping database migrations.")
}

// The demo account (SEED_EMAIL / SEED_PASSWORD), so sign-in works at once. Idempotent:
// an existing account is left as it is. A failure here does not stop the dev server.
const seedScript = path.join(root, "scripts", "db-seed.ts")
if (existsSync(seedScript)) {
  const seeded = await run(process.execPath, [binPath("tsx"), seedScript], { cwd: root, env: migrationEnv })
  if (seeded.error || seeded.signal || seeded.code !== 0) console.warn("Seeding the demo account failed; continuing.")
}

// Next.js 16 prints one warning of its own on every start, which nothing in next.config can turn
// off: said here first, so that a newcomer knows it is expected (README, "First start").
if (existsSync(path.join(root, "middleware.ts"))) {
  console.log(
    'Note: Next.js will warn that the "middleware" file convention is deprecated. That is expected: the\n' +
      "starter keeps middleware.ts on purpose (docs/getting-started.md, \"Why middleware.ts keeps its name\").",
  )
}

await exitLike(await run(process.execPath, [binPath("next"), "dev", ...process.argv.slice(2)], { cwd: root, env }))

function ensureDevSecret() {
  if (nonEmpty(process.env.AUTH_SECRET)) return
  if (nonEmpty(readEnvFiles(root, DEV_ENV_FILES).AUTH_SECRET)) return

  // The prefix lets the library refuse this secret under NODE_ENV=production: Next also loads
  // .env.local for `next start`, and production must never run on a generated secret.
  const secret = `dev-only-${randomBytes(32).toString("base64url")}`
  // Append, never rewrite: the file may hold the developer's own settings.
  const existing = existsSync(secretFile) ? readFileSync(secretFile, "utf8") : ""
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n"
  appendFileSync(secretFile, `${separator}AUTH_SECRET=${secret}\n`, { mode: 0o600 })
  console.log("Generated a development AUTH_SECRET and saved it to .env.local.")
}

function nonEmpty(value) {
  return typeof value === "string" && value.trim() !== ""
}
