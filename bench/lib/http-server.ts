/**
 * bench:http's servers: building an app (skipped when its build is newer than
 * its sources), `next start` of it on a free 127.0.0.1 port in a process group
 * of its own, waiting until it answers, and stopping it (SIGTERM first, so a
 * server run under --cpu-prof writes its profile).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { cpus } from "node:os"
import path from "node:path"

const READY_TIMEOUT_MS = 60_000

/** The CPU the servers run on once the load generator is pinned to the others (see pinLoadGenerator). */
let serverCpu: number | undefined

/**
 * Gives the servers a core of their own: each `next start` on CPU 0, this
 * process (autocannon's load, the bench's bookkeeping) on the rest. On a
 * 2-core machine the load generator and the server otherwise take turns on
 * both cores, and throughput swings ±15% from run to run with the scheduler;
 * pinned, it measures what one core of server does. Needs taskset and at
 * least 2 cores; answers whether it pinned. BENCH_HTTP_PIN=0 turns it off.
 */
export function pinLoadGenerator(): boolean {
  const count = cpus().length
  if (count < 2 || process.env.BENCH_HTTP_PIN === "0") return false
  const pinned = spawnSync("taskset", ["-a", "-pc", `1-${count - 1}`, String(process.pid)], { stdio: "ignore" })
  if (pinned.status !== 0) return false
  serverCpu = 0
  return true
}

/** A dependency's CLI entry, run with this Node (no npx, no shell). */
export function binPath(pkg: string, name = pkg): string {
  const require = createRequire(import.meta.url)
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> }
  const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[name]
  if (!relative) throw new Error(`${pkg} has no "${name}" executable`)
  return path.join(path.dirname(manifestPath), relative)
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function runStep(label: string, command: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, env, stdio: "inherit" })
    child.on("error", reject)
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`${label} failed (${signal ?? `exit ${code}`})`))))
  })
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))))
    })
  })
}

/** The newest modification time of the files under `dir` (skipping build output and dependencies). */
function newestSource(dir: string, skip: ReadonlySet<string>): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith(".")) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full, skip))
    else if (/\.(?:tsx?|mjs|cjs|js|json|css)$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs)
  }
  return newest
}

/** Whether `buildId` exists and is newer than every source under the app's `sourceDirs`. */
export function isBuildCurrent(appDir: string, distDir: string, sourceDirs: readonly string[]): boolean {
  const buildId = path.join(appDir, distDir, "BUILD_ID")
  if (!existsSync(buildId)) return false
  const built = statSync(buildId).mtimeMs
  const skip = new Set(["node_modules", "generated"])
  return sourceDirs.every((entry) => {
    const full = path.join(appDir, entry)
    if (!existsSync(full)) return true
    return statSync(full).isDirectory() ? newestSource(full, skip) <= built : statSync(full).mtimeMs <= built
  })
}

export interface RunningServer {
  name: string
  /** performance.now() when the process was spawned: where a --cpu-prof profile's clock starts, near enough. */
  spawnedAt: number
  origin: string
  child: ChildProcess
  output(): string
}

const running = new Set<ChildProcess>()
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) signalGroup(child, "SIGKILL")
    process.exit(130)
  })
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/** `next start` of the app in `cwd`, with `nodeArgs` (e.g. --cpu-prof) for the server process. */
export async function startNext(name: string, cwd: string, env: NodeJS.ProcessEnv, nodeArgs: readonly string[] = []): Promise<RunningServer> {
  const port = await freePort()
  const spawnedAt = performance.now()
  const argv = [...nodeArgs, binPath("next"), "start", "-p", String(port), "-H", "127.0.0.1"]
  const [command, args] = serverCpu === undefined ? [process.execPath, argv] : ["taskset", ["-c", String(serverCpu), process.execPath, ...argv]]
  const child = spawn(command, args, {
    cwd,
    env: { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  running.add(child)
  let log = ""
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-6000))
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  child.on("exit", () => running.delete(child))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name}: next start exited before it was ready:\n${log}`)
    try {
      const response = await fetch(`${origin}/api/bench/bare`)
      await response.body?.cancel()
      if (response.ok) return { name, spawnedAt, origin, child, output: () => log }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  signalGroup(child, "SIGKILL")
  throw new Error(`${name}: next start did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${log}`)
}

export async function stopNext(server: RunningServer): Promise<void> {
  const { child } = server
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  signalGroup(child, "SIGTERM")
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 10_000)
  await exited
  clearTimeout(timer)
}
