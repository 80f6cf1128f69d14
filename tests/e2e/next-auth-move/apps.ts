/**
 * The two apps of the browser proof of the move (tests/e2e/next-auth-move.spec.ts), built once
 * and reused while their inputs are unchanged:
 * - "before": a copy of bench/next-auth-app, the real next-auth 5.0.0-beta package with
 *   @auth/prisma-adapter, on a Prisma client generated from the schema Auth.js documents
 *   (prisma/next-auth-upgrade/<provider>/next-auth.prisma), signing in with next-auth's Ory Hydra
 *   provider against the tests' local OpenID Provider, its GitHub provider (Enterprise Server) and
 *   its Microsoft Entra ID provider against stand-ins; the session strategy is read at start.
 * - "after": the same sources moved as docs/migrating-from-next-auth.md says, by its one command
 *   (`npm run migrate:next-auth -- <app>`: the library and one database's schema, client module and
 *   generated client copied in, then the codemod). The proof starts one build on either database,
 *   so the command runs once per provider: PostgreSQL first, then SQLite, whose lib/db/client.ts
 *   stays; the proof's db.ts imports both generated clients itself.
 *
 * The copies live in test-results/, two folders below the starter like bench/next-auth-app, so
 * that the reference app's relative imports of the starter's components still resolve; next,
 * react and Prisma come from the starter's node_modules as they do for the reference app.
 */
import { spawn, spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import { binPath } from "../../../bench/lib/http-server"
import { ROOT } from "../../helpers/next-start"

const REFERENCE_APP = path.join(ROOT, "bench/next-auth-app")
export const BEFORE_APP = path.join(ROOT, "test-results/next-auth-move-before")
export const AFTER_APP = path.join(ROOT, "test-results/next-auth-move-after")
const NEXT_AUTH_UPGRADE = path.join(ROOT, "prisma/next-auth-upgrade")
const FINGERPRINT = ".move-proof-inputs"

// The reference app signs in with fixed credentials under jwt and has no provider under database
// sessions (the benchmark mints those). The proof needs a real sign-in under both strategies and an
// OAuth account in the database: providers of next-auth's catalogue and the adapter always. Each is
// written as next-auth apps write it: an OpenID provider called bare; GitHub Enterprise Server
// (GitHub's real callback, with iss) by its base URL; Microsoft Entra ID listed uncalled, its
// client and tenant in AUTH_MICROSOFT_ENTRA_ID_ID/_SECRET/_ISSUER only. Every server they talk to is
// local HTTPS under the tests' certificate, trusted through NODE_EXTRA_CA_CERTS, as in production.
const AUTH_TS = `import NextAuth from "next-auth"
import GitHub from "next-auth/providers/github"
import MicrosoftEntraID from "next-auth/providers/microsoft-entra-id"
import Hydra from "next-auth/providers/ory-hydra"
import { prismaAdapter } from "./db"

const strategy = process.env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt"
export const sessionStrategy: "database" | "jwt" = strategy

export const { handlers, auth, signOut } = NextAuth({
  trustHost: true,
  session: { strategy },
  adapter: prismaAdapter(),
  providers: [Hydra, GitHub({ enterprise: { baseUrl: process.env.GITHUB_BASE_URL } }), MicrosoftEntraID],
  callbacks: {
    authorized({ auth: session, request }) {
      if (request.nextUrl.pathname.startsWith("/dashboard")) return Boolean(session?.user)
      return true
    },
  },
})
`

// The app's Prisma client at the path the guide names (lib/generated/prisma), made from the schema
// the app has: next-auth's before the move, the starter's after it.
const DB_TS = `import { PrismaAdapter } from "@auth/prisma-adapter"
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3"
import { PrismaPg } from "@prisma/adapter-pg"
import { PrismaClient as PostgresClient } from "@/lib/generated/prisma/postgres/client"
import { PrismaClient as SqliteClient } from "@/lib/generated/prisma/sqlite/client"

export function prismaAdapter() {
  const url = process.env.DATABASE_URL ?? ""
  return /^postgres(ql)?:/.test(url)
    ? PrismaAdapter(new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }))
    : PrismaAdapter(new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: url.replace(/^file:/, "") }) }))
}
`

function run(label: string, command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`
  if (result.status !== 0 && !(label === "codemod" && result.status === 2)) throw new Error(`${label} failed (${result.status ?? result.signal}):\n${output.slice(-6000)}`)
  return output
}

function hashTree(hash: ReturnType<typeof createHash>, target: string): void {
  if (!existsSync(target)) return
  if (statSync(target).isFile()) {
    hash.update(path.relative(ROOT, target)).update(readFileSync(target))
    return
  }
  for (const entry of readdirSync(target).sort()) {
    if (entry === "node_modules" || entry === ".next" || entry.startsWith(".")) continue
    hashTree(hash, path.join(target, entry))
  }
}

/** Everything either build is made from; a change to any of it rebuilds both apps. */
function inputsFingerprint(): string {
  const hash = createHash("sha256").update(AUTH_TS).update(DB_TS)
  for (const input of ["bench/next-auth-app", "lib", "components", "app/site-metadata.ts", "app/not-found.tsx", "app/globals.css", "server/app-name.ts", "prisma/next-auth-upgrade", "prisma/schema.prisma", "prisma/postgres/schema.prisma", "scripts/migrate-next-auth", "next.config.ts", "package-lock.json"]) {
    hashTree(hash, path.join(ROOT, input))
  }
  return hash.digest("hex")
}

function isPrepared(dir: string, fingerprint: string): boolean {
  const stamp = path.join(dir, FINGERPRINT)
  return existsSync(path.join(dir, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8") === fingerprint
}

/** bench/next-auth-app's sources with the proof's auth.ts and db.ts, without build or dependencies. */
function copyReferenceApp(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const skipped = new Set(["node_modules", ".next"])
  cpSync(REFERENCE_APP, dir, { recursive: true, filter: (source) => !path.relative(REFERENCE_APP, source).split(path.sep).some((part) => skipped.has(part)) })
  // The starter's components the reference app renders import these through `@/`, which in the
  // app means the app's own folder.
  cpSync(path.join(ROOT, "components/ui"), path.join(dir, "components/ui"), { recursive: true })
  mkdirSync(path.join(dir, "server"), { recursive: true })
  cpSync(path.join(ROOT, "server/app-name.ts"), path.join(dir, "server/app-name.ts"))
  writeFileSync(path.join(dir, "auth.ts"), AUTH_TS)
  writeFileSync(path.join(dir, "db.ts"), DB_TS)
}

function nextBuild(dir: string): void {
  run(`next build (${path.basename(dir)})`, process.execPath, [binPath("next"), "build"], dir)
}

/** The reference app's own dependencies (next-auth, @auth/prisma-adapter), installed as bench:http does. */
function ensureReferenceInstall(): void {
  if (["next-auth", "@auth/prisma-adapter"].every((name) => existsSync(path.join(REFERENCE_APP, "node_modules", name)))) return
  run("npm install (bench/next-auth-app)", "npm", ["install", "--no-audit", "--no-fund", "--legacy-peer-deps"], REFERENCE_APP)
}

function prepareBefore(): void {
  copyReferenceApp(BEFORE_APP)
  cpSync(path.join(REFERENCE_APP, "node_modules"), path.join(BEFORE_APP, "node_modules"), { recursive: true, dereference: true })
  // The clients a next-auth app on Prisma has: generated from its own (the documented) schema, one
  // per database as in the starter (the app picks one by DATABASE_URL).
  for (const provider of ["sqlite", "postgresql"] as const) {
    const folder = provider === "sqlite" ? "sqlite" : "postgres"
    const schema = path.join(BEFORE_APP, "prisma", folder, "schema.prisma")
    mkdirSync(path.dirname(schema), { recursive: true })
    const generator = `generator client {\n  provider = "prisma-client"\n  output   = "../../lib/generated/prisma/${folder}"\n}\n\n`
    writeFileSync(schema, generator + readFileSync(path.join(NEXT_AUTH_UPGRADE, provider, "next-auth.prisma"), "utf8"))
    run(`prisma generate (next-auth ${provider} schema)`, process.execPath, [binPath("prisma"), "generate", "--schema", schema], ROOT)
  }
  nextBuild(BEFORE_APP)
}

/** Returns the command's output. */
function prepareAfter(): string {
  copyReferenceApp(AFTER_APP)
  // Steps 1 and 2 of the guide, one command. The app no longer has next-auth or
  // @auth/prisma-adapter: nothing may import them afterwards (it resolves packages from the
  // starter's node_modules, where neither is installed).
  const report = ["postgresql", "sqlite"]
    .map((database) => run("codemod", process.execPath, [binPath("tsx"), "scripts/migrate-next-auth/main.ts", AFTER_APP, "--database", database], ROOT))
    .join("\n")
  writeFileSync(path.join(AFTER_APP, "codemod-report.txt"), report)
  nextBuild(AFTER_APP)
  return report
}

/** Installs and builds what is missing or stale; a second call with nothing changed does nothing. */
export function prepareMoveApps(log: (line: string) => void = console.log): void {
  ensureReferenceInstall()
  const fingerprint = inputsFingerprint()
  if (isPrepared(BEFORE_APP, fingerprint)) log("next-auth app: build is current")
  else {
    log("next-auth app: copying, generating its client, next build ...")
    prepareBefore()
    writeFileSync(path.join(BEFORE_APP, FINGERPRINT), fingerprint)
  }
  if (isPrepared(AFTER_APP, fingerprint)) log("moved app: build is current")
  else {
    log("moved app: copying the library in, codemod, next build ...")
    log(prepareAfter())
    writeFileSync(path.join(AFTER_APP, FINGERPRINT), fingerprint)
  }
}

export interface AppServer {
  output(): string
  stop(): Promise<void>
}

/** `next start` of one of the apps on a fixed port (both apps take turns on the same origin). */
export async function startApp(dir: string, port: number, env: Record<string, string>): Promise<AppServer> {
  const child = spawn(process.execPath, [binPath("next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: dir,
    // SHOW_SESSION_DETAILS: the dashboard's useSession() view, which the proof reads, is development-only otherwise.
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", SHOW_SESSION_DETAILS: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let log = ""
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000))
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
    await exited
    clearTimeout(timer)
  }
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start (${path.basename(dir)}) exited (${child.exitCode}):\n${log}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/providers`)
      await response.body?.cancel()
      if (response.status < 500) return { output: () => log, stop }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`next start (${path.basename(dir)}) did not answer in 120 s:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
