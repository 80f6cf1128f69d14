// vitest globalSetup: fail fast, with one clear message, when the test prerequisites
// (the local PostgreSQL server, the generated Prisma clients) are missing.
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { createTestCertificate } from "../helpers/tls"

const ROOT = fileURLToPath(new URL("../../", import.meta.url))
const POSTGRES = { host: "127.0.0.1", port: 5432, user: "postgres", database: "postgres" }

export default async function setup(): Promise<void> {
  await assertPostgresReachable()
  ensureGeneratedClients()
  trustTestCertificate()
}

/** Local identity providers serve HTTPS with a certificate made here; workers inherit the trust. */
function trustTestCertificate(): void {
  if (process.env.TEST_TLS_CERT && existsSync(process.env.TEST_TLS_CERT)) return
  const { certFile, keyFile, trustFile } = createTestCertificate()
  process.env.TEST_TLS_CERT = certFile
  process.env.TEST_TLS_KEY = keyFile
  process.env.NODE_EXTRA_CA_CERTS = trustFile
}

async function assertPostgresReachable(): Promise<void> {
  const client = new pg.Client({ ...POSTGRES, connectionTimeoutMillis: 3_000 })
  client.on("error", () => {})
  try {
    await client.connect()
    await client.query("SELECT 1")
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new Error(
      `Tests need PostgreSQL at postgresql://postgres@${POSTGRES.host}:${POSTGRES.port} (trust auth) and cannot reach it: ${detail}`,
    )
  } finally {
    await client.end().catch(() => {})
  }
}

/** The clients are generated at npm install (postinstall); regenerate if someone deleted them. */
function ensureGeneratedClients(): void {
  const missing = [
    ["lib/generated/prisma/sqlite/client.ts", "prisma.config.ts"],
    ["lib/generated/prisma/postgres/client.ts", "prisma/postgres/prisma.config.ts"],
  ].filter(([client]) => !existsSync(path.join(ROOT, client!)))
  for (const [, config] of missing) {
    execFileSync(path.join(ROOT, "node_modules/.bin/prisma"), ["generate", "--config", config!], {
      cwd: ROOT,
      stdio: "ignore",
    })
  }
}
