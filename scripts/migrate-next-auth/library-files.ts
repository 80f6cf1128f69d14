/**
 * The files of the starter that a moved app needs, for one database: the
 * library (lib/auth) without the Express and SvelteKit layers, and, on a
 * database, the Prisma client module, that provider's schema and Prisma
 * config, and the upgrade migration of the guide's step 4. Every relative
 * import of every copied file must land on another copied file; if one does
 * not, the starter changed and this list must follow (the copy stops rather
 * than hand the app a library that cannot compile).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { CopyLibraryError } from "./copy-errors"
import type { DatabaseChoice } from "./database-choice"
import { STARTER_ROOT } from "./library-exports"
import { importedModules } from "./module-imports"

export interface PlannedFile {
  /** Path inside the app. */
  readonly to: string
  /** What it was made from: a path in the starter, or a template. */
  readonly from: string
  readonly text: string
}

// Layers for other frameworks (they import express / @sveltejs/kit, which a Next.js app lacks), and
// the Redis and PostgreSQL revocation transports (ioredis / pg), an entry point of their own that an
// app running several instances copies in by hand with its driver.
const LEFT_OUT = ["lib/auth/express", "lib/auth/sveltekit", "lib/auth/revocation-transports"]
// The Prisma adapter reads SQLite directly for its fast session path (better-sqlite3): only an app
// on a database gets it.
const DATABASE_ONLY = ["lib/auth/adapters/prisma"]

const TEMPLATES = path.join(STARTER_ROOT, "scripts/migrate-next-auth/templates")

/** Where the starter keeps each provider's schema and config; the app gets the same layout, so step 4 of the guide reads the same. */
export const PRISMA_LAYOUT = {
  sqlite: { schema: "prisma/schema.prisma", config: "prisma.config.ts", generated: "lib/generated/prisma/sqlite" },
  postgresql: { schema: "prisma/postgres/schema.prisma", config: "prisma/postgres/prisma.config.ts", generated: "lib/generated/prisma/postgres" },
} as const

function walk(relative: string, skip: readonly string[]): string[] {
  if (skip.some((prefix) => relative === prefix || relative.startsWith(`${prefix}/`))) return []
  const full = path.join(STARTER_ROOT, relative)
  if (statSync(full).isFile()) return [relative]
  return readdirSync(full).sort().flatMap((entry) => walk(`${relative}/${entry}`, skip))
}

function fromStarter(relative: string, to = relative): PlannedFile {
  return { to, from: relative, text: readFileSync(path.join(STARTER_ROOT, relative), "utf8") }
}

function fromTemplate(name: string, to: string): PlannedFile {
  return { to, from: `template ${name}`, text: readFileSync(path.join(TEMPLATES, name), "utf8") }
}

export function libraryFiles(database: DatabaseChoice): PlannedFile[] {
  const skip = database === "none" ? [...LEFT_OUT, ...DATABASE_ONLY] : LEFT_OUT
  const files = walk("lib/auth", skip).map((file) => fromStarter(file))
  if (database !== "none") {
    const layout = PRISMA_LAYOUT[database]
    files.push(
      fromStarter("lib/db/url.ts"),
      fromTemplate(`db-client.${database}.ts.txt`, "lib/db/client.ts"),
      fromStarter(layout.schema),
      fromTemplate(`prisma.config.${database}.ts.txt`, layout.config),
      ...walk(`prisma/next-auth-upgrade/${database}`, []).map((file) => fromStarter(file)),
    )
  }
  assertSelfContained(files)
  return files
}

const SOURCE = /\.(ts|tsx|mts)$/
const CANDIDATES = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]

function assertSelfContained(files: readonly PlannedFile[]): void {
  const planned = new Set(files.map((file) => file.to))
  for (const file of files) {
    if (!SOURCE.test(file.to)) continue
    for (const specifier of importedModules(file.text)) {
      if (!specifier.startsWith(".")) continue
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.to), specifier)).replace(/\.js$/, "")
      // The generated Prisma client is made in the app, not copied.
      if (target.startsWith("lib/generated/")) continue
      if (!CANDIDATES.some((suffix) => planned.has(target + suffix))) {
        throw new CopyLibraryError("library_incomplete", `${file.to} imports ${specifier}, which the copy leaves out (scripts/migrate-next-auth/library-files.ts)`)
      }
    }
  }
}

/** Files of an earlier copy that this one no longer ships (a left-out layer from a hand copy, say). */
export function staleLibraryFiles(appDir: string, planned: readonly PlannedFile[]): string[] {
  const shipped = new Set(planned.map((file) => file.to))
  const inApp = (relative: string): string[] => {
    const full = path.join(appDir, relative)
    if (!existsSync(full)) return []
    if (statSync(full).isFile()) return [relative]
    return readdirSync(full).flatMap((entry) => inApp(`${relative}/${entry}`))
  }
  return inApp("lib/auth").filter((file) => !shipped.has(file))
}
