// A database as a next-auth v5 app has it before the move: made by the init migration of the schema
// Auth.js documents (prisma/next-auth-upgrade/<provider>/next-auth.prisma) in the app's own history,
// and the move's upgrade added to that history as its next folder, as the guide says.
import { randomBytes } from "node:crypto"
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { PROJECT_ROOT, providerLayout } from "@/lib/db/layout"
import { migrateDatabase } from "@/lib/db/migrate"
import type { DatabaseProvider } from "@/lib/db/url"
import { dropPostgresDatabase, TEST_POSTGRES_SERVER } from "./db"
import { runBin } from "./run"

export const NEXT_AUTH_UPGRADE_DIR = path.join(PROJECT_ROOT, "prisma/next-auth-upgrade")
const INIT = "20240101000000_init"
const UPGRADE = "20261128000000_next_auth_upgrade"

const initScripts = new Map<DatabaseProvider, Promise<string>>()

/** The documented next-auth schema's first migration, as `prisma migrate dev` would have written it (once per provider). */
function initScript(provider: DatabaseProvider): Promise<string> {
  let script = initScripts.get(provider)
  if (!script) {
    script = (async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "next-auth-init-"))
      try {
        const output = path.join(dir, "migration.sql")
        const schema = path.join(NEXT_AUTH_UPGRADE_DIR, provider, "next-auth.prisma")
        const run = await runBin("prisma", ["migrate", "diff", "--from-empty", "--to-schema", schema, "--script", "-o", output], {}, 180_000)
        if (run.code !== 0) throw new Error(`prisma migrate diff failed: ${run.stderr}`)
        return await readFile(output, "utf8")
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    })()
    initScripts.set(provider, script)
  }
  return script
}

export interface NextAuthDatabase {
  readonly provider: DatabaseProvider
  readonly url: string
  /** The app's migration history (prisma/migrations or prisma/postgres/migrations under it). */
  readonly root: string
  /** Adds the shipped upgrade as the history's next folder and deploys it; returns what was applied. */
  upgrade(): Promise<string[]>
  cleanup(): Promise<void>
}

export async function createNextAuthDatabase(provider: DatabaseProvider): Promise<NextAuthDatabase> {
  const root = await mkdtemp(path.join(tmpdir(), "next-auth-app-db-"))
  const { migrationsDir } = providerLayout(provider, root)
  await mkdir(path.join(migrationsDir, INIT), { recursive: true })
  await writeFile(path.join(migrationsDir, "migration_lock.toml"), `# Prisma Migrate lockfile\nprovider = "${provider}"\n`)
  await writeFile(path.join(migrationsDir, INIT, "migration.sql"), await initScript(provider))
  const database = `authtest_nextauth_${randomBytes(5).toString("hex")}`
  const url = provider === "sqlite" ? `file:${path.join(root, "app.db")}` : `${TEST_POSTGRES_SERVER}/${database}`
  const applied = await migrateDatabase(url, { root })
  if (applied.applied.join() !== INIT) throw new Error(`unexpected init: ${applied.applied.join()}`)
  return {
    provider,
    url,
    root,
    async upgrade() {
      await mkdir(path.join(migrationsDir, UPGRADE))
      await copyFile(path.join(NEXT_AUTH_UPGRADE_DIR, provider, "migration.sql"), path.join(migrationsDir, UPGRADE, "migration.sql"))
      return (await migrateDatabase(url, { root })).applied
    },
    async cleanup() {
      if (provider === "postgresql") await dropPostgresDatabase(database)
      await rm(root, { recursive: true, force: true })
    },
  }
}
