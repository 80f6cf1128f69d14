#!/usr/bin/env node
// Web server for the Playwright run (started by playwright.config.ts):
// a fresh database, migrations, `next build`, then `next start` on E2E_PORT.
// Production mode on purpose: the browser tests exercise what gets deployed.
import { existsSync, mkdirSync, rmSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { binPath } from "./lib/bin.mjs"
import { exitLike, run } from "./lib/spawn.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const port = process.env.E2E_PORT
const databaseUrl = process.env.DATABASE_URL
if (!port || !databaseUrl) {
  console.error("scripts/e2e-server.mjs expects E2E_PORT and DATABASE_URL (set by playwright.config.ts).")
  process.exit(1)
}

freshSqliteFile(databaseUrl)

const migrateScript = path.join(root, "scripts", "db-migrate.ts")
if (existsSync(migrateScript)) {
  await step("migrate", [binPath("tsx"), migrateScript])
} else {
  console.warn("[e2e] scripts/db-migrate.ts not found: skipping database migrations.")
}
await step("build", [binPath("next"), "build"])
await exitLike(await run(process.execPath, [binPath("next"), "start", "-p", port], { cwd: root }))

async function step(name, args) {
  const result = await run(process.execPath, args, { cwd: root })
  if (result.error || result.signal || result.code !== 0) {
    console.error(`[e2e] ${name} failed.`)
    await exitLike(result.code === 0 ? { ...result, code: 1 } : result)
  }
}

/** Each run starts from an empty SQLite file; other databases are left alone. */
function freshSqliteFile(url) {
  if (!url.startsWith("file:")) return
  const file = path.resolve(root, url.slice("file:".length).split("?")[0])
  mkdirSync(path.dirname(file), { recursive: true })
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(file + suffix, { force: true })
}
