/**
 * `next start` of the existing production build on a free port with a fresh,
 * migrated and seeded SQLite file, for specs and scripts that need a server of
 * their own (its environment chosen by the caller). It never builds.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { migrateDatabase } from "../../lib/db/migrate"
import { freePort } from "./free-port"

export { freePort }

export const ROOT = fileURLToPath(new URL("../../", import.meta.url))
const require = createRequire(import.meta.url)
const NEXT_BIN = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next")
const TSX_CLI = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs")

export const SEED = { email: "seed.user@example.com", password: "seed-user-password-123" }

/** A fresh SQLite file with the migrations applied and the seed account in it. */
export async function seededDatabase(): Promise<{ url: string; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "auth-next-start-"))
  const url = `file:${path.join(dir, "app.db")}`
  await migrateDatabase(url)
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [TSX_CLI, "scripts/db-seed.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, SEED_EMAIL: SEED.email, SEED_PASSWORD: SEED.password },
      stdio: ["ignore", "ignore", "pipe"],
    })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`db:seed failed (${code}): ${stderr}`))))
  })
  return { url, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface StartedServer {
  origin: string
  port: number
  output: () => string
  stop: () => Promise<void>
}

/** Starts `next start` and resolves once it answers; `env` is laid over the current environment. */
export async function startNextServer(env: Record<string, string>, port?: number): Promise<StartedServer> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first")
  const chosen = port ?? (await freePort())
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(chosen), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000)
    await exited
    clearTimeout(timer)
  }
  const origin = `http://127.0.0.1:${chosen}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited (${child.exitCode}):\n${output}`)
    try {
      const res = await fetch(`${origin}/api/auth/providers`)
      await res.body?.cancel()
      if (res.status < 500) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`next start did not answer within 120 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { origin, port: chosen, output: () => output, stop }
}
