/**
 * Which of the starter's two databases the moved app runs on. Only that
 * provider's schema, client and packages are copied in. The choice is, in
 * order: the --database flag; the provider of the app's Prisma schema (what
 * its client really talks to); the scheme of DATABASE_URL in the app's .env
 * files. An app with neither and no Prisma in its dependencies (an app on
 * another Auth.js adapter, or on jwt sessions alone) gets no database layer.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { CopyLibraryError } from "./copy-errors"

export type DatabaseChoice = "sqlite" | "postgresql" | "none"

export const DATABASE_CHOICES: readonly DatabaseChoice[] = ["sqlite", "postgresql", "none"]

export interface DatabaseDecision {
  readonly database: DatabaseChoice
  /** Where the choice came from, for the printed summary. */
  readonly reason: string
}

// Most specific first: Next.js loads .env.local over .env.
const ENV_FILES = [".env.development.local", ".env.local", ".env.development", ".env"]
const PRISMA_PACKAGES = ["@prisma/client", "@auth/prisma-adapter", "prisma"]

export function parseDatabaseFlag(value: string): DatabaseChoice {
  const choice = DATABASE_CHOICES.find((candidate) => candidate === value)
  if (!choice) throw new CopyLibraryError("bad_database_flag", `--database takes ${DATABASE_CHOICES.join(", ")} (got "${value}")`)
  return choice
}

export function chooseDatabase(appDir: string, flag: DatabaseChoice | undefined, packageNames: readonly string[]): DatabaseDecision {
  if (flag) return { database: flag, reason: "--database" }
  const schema = schemaProvider(appDir)
  if (schema) return { database: fromProvider(schema.provider, schema.file), reason: `datasource provider "${schema.provider}" in ${schema.file}` }
  const url = databaseUrl(appDir)
  if (url) {
    const database = /^postgres(ql)?:\/\//i.test(url.value) ? "postgresql" : url.value.startsWith("file:") ? "sqlite" : undefined
    if (!database) throw new CopyLibraryError("database_unsupported", `DATABASE_URL in ${url.file} is neither file: (SQLite) nor postgresql:// — the starter ships SQLite and PostgreSQL; pass --database sqlite|postgresql`)
    return { database, reason: `DATABASE_URL in ${url.file}` }
  }
  const prisma = PRISMA_PACKAGES.find((name) => packageNames.includes(name))
  if (prisma) throw new CopyLibraryError("database_unknown", `the app depends on ${prisma} but has no Prisma schema or DATABASE_URL to tell its database: pass --database sqlite or --database postgresql`)
  return { database: "none", reason: "no Prisma schema, DATABASE_URL or Prisma package in the app" }
}

function fromProvider(provider: string, file: string): DatabaseChoice {
  if (provider === "sqlite") return "sqlite"
  if (provider === "postgresql" || provider === "postgres") return "postgresql"
  throw new CopyLibraryError("database_unsupported", `${file} uses provider "${provider}"; the starter ships SQLite and PostgreSQL schemas only`)
}

function schemaFiles(appDir: string): string[] {
  const files: string[] = []
  const packageJson = path.join(appDir, "package.json")
  if (existsSync(packageJson)) {
    const configured = (JSON.parse(readFileSync(packageJson, "utf8")) as { prisma?: { schema?: unknown } }).prisma?.schema
    if (typeof configured === "string") files.push(configured)
  }
  files.push("prisma/schema.prisma", "schema.prisma")
  const folder = path.join(appDir, "prisma/schema")
  if (existsSync(folder)) files.push(...readdirSync(folder).filter((name) => name.endsWith(".prisma")).map((name) => `prisma/schema/${name}`))
  // Where a PostgreSQL app keeps the starter's schema after a first run.
  files.push("prisma/postgres/schema.prisma")
  return files
}

function schemaProvider(appDir: string): { provider: string; file: string } | undefined {
  for (const file of schemaFiles(appDir)) {
    const full = path.join(appDir, file)
    if (!existsSync(full)) continue
    const provider = /datasource\s+\w+\s*\{[^}]*?\bprovider\s*=\s*"([^"]+)"/.exec(readFileSync(full, "utf8"))?.[1]
    if (provider) return { provider, file }
  }
  return undefined
}

function databaseUrl(appDir: string): { value: string; file: string } | undefined {
  for (const file of ENV_FILES) {
    const full = path.join(appDir, file)
    if (!existsSync(full)) continue
    const match = /^\s*(?:export\s+)?DATABASE_URL\s*=\s*["']?([^"'\s#]+)/m.exec(readFileSync(full, "utf8"))
    if (match?.[1]) return { value: match[1], file }
  }
  return undefined
}
