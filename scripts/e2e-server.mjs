#!/usr/bin/env node
// Web servers for the Playwright run (started by playwright.config.ts).
//
//   1. one fresh SQLite file per server, migrated and seeded (in parallel),
//   2. one `next build`,
//   3. one `next start` per server, each with its own port and environment,
//   4. "[e2e] all servers ready" once every server answers (the config waits
//      for that line), then they run until this process is told to stop.
//
// Production mode on purpose: the browser tests exercise what gets deployed.
// E2E_SERVERS (JSON, from the config): [{ name, port, logFile?, env: { DATABASE_URL, ... } }].
// E2E_SKIP_BUILD=1 reuses the existing .next build (only for iterating on tests).
import { spawn } from "node:child_process"
import { createWriteStream, mkdirSync, rmSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { binPath } from "./lib/bin.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const READY_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 5_000

const servers = parseServers(process.env.E2E_SERVERS)
const { E2E_SERVERS: _servers, E2E_PARENT_PID: _parent, E2E_SKIP_BUILD: skipBuild, ...baseEnv } = process.env
baseEnv.NEXT_TELEMETRY_DISABLED = "1"

/** Running `next start` processes, for shutdown. */
const children = new Set()
let stopping = false

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void shutdown(0))
watchParent(process.env.E2E_PARENT_PID)

await Promise.all(servers.map(prepareDatabase))
if (skipBuild === "1") log("E2E_SKIP_BUILD=1: reusing the existing .next build")
else await step("build", [binPath("next"), "build"], baseEnv)

for (const server of servers) start(server)
await Promise.all(servers.map(waitUntilReady))
log(`all servers ready: ${servers.map((s) => `${s.name}=http://localhost:${s.port}`).join(" ")}`)

function parseServers(json) {
  let list
  try {
    list = JSON.parse(json ?? "")
  } catch {
    list = undefined
  }
  const valid =
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((s) => typeof s?.name === "string" && /^\d+$/.test(String(s.port)) && typeof s.env?.DATABASE_URL === "string")
  if (!valid) {
    console.error("scripts/e2e-server.mjs expects E2E_SERVERS (set by playwright.config.ts): [{ name, port, env: { DATABASE_URL } }]")
    process.exit(1)
  }
  return list
}

function log(message) {
  console.log(`[e2e] ${message}`)
}

/** Runs a setup command (tracked, so shutdown stops it too); any failure stops everything. */
async function step(name, args, env) {
  const outcome = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] })
    children.add(child)
    child.on("error", (error) => resolve(error.message))
    child.on("exit", (code, signal) => {
      children.delete(child)
      resolve(code === 0 ? null : (signal ?? `exit code ${code}`))
    })
  })
  if (outcome !== null) {
    if (!stopping) console.error(`[e2e] ${name} failed (${outcome}).`)
    await shutdown(1)
  }
}

async function prepareDatabase(server) {
  const env = { ...baseEnv, ...server.env }
  freshSqliteFile(server.env.DATABASE_URL)
  await step(`${server.name}: migrate`, [binPath("tsx"), path.join(root, "scripts", "db-migrate.ts")], env)
  await step(`${server.name}: seed`, [binPath("tsx"), path.join(root, "scripts", "db-seed.ts")], env)
}

/** Each run starts from an empty SQLite file; other databases are left alone. */
function freshSqliteFile(url) {
  if (!url.startsWith("file:")) return
  const file = path.resolve(root, url.slice("file:".length).split("?")[0])
  mkdirSync(path.dirname(file), { recursive: true })
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(file + suffix, { force: true })
}

function start(server) {
  const child = spawn(process.execPath, [binPath("next"), "start", "-p", String(server.port)], {
    cwd: root,
    env: { ...baseEnv, ...server.env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  server.child = child
  children.add(child)
  // A server with a logFile also keeps its output there, for a spec that checks what it printed.
  const logFile = typeof server.logFile === "string" ? createWriteStream(path.resolve(root, server.logFile)) : undefined
  if (logFile) {
    child.stdout.on("data", (chunk) => logFile.write(chunk))
    child.stderr.on("data", (chunk) => logFile.write(chunk))
  }
  prefixLines(child.stdout, process.stdout, server.name)
  prefixLines(child.stderr, process.stderr, server.name)
  child.on("error", (error) => console.error(`[${server.name}] could not start: ${error.message}`))
  child.on("exit", (code, signal) => {
    children.delete(child)
    server.exited = true
    if (stopping) return
    // A server that dies takes the whole run down: tests against it could only fail confusingly.
    console.error(`[e2e] ${server.name} server exited unexpectedly (${signal ?? `exit code ${code}`}); stopping.`)
    void shutdown(1)
  })
}

function prefixLines(from, to, name) {
  let pending = ""
  from.setEncoding("utf8")
  from.on("data", (chunk) => {
    const lines = (pending + chunk).split("\n")
    pending = lines.pop() ?? ""
    for (const line of lines) to.write(`[${name}] ${line}\n`)
  })
  from.on("end", () => {
    if (pending) to.write(`[${name}] ${pending}\n`)
  })
}

/** Polls an auth route (it exercises the config and the route handler) until it answers 200. */
async function waitUntilReady(server) {
  const url = `http://localhost:${server.port}/api/auth/providers`
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline && !server.exited) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      await response.body?.cancel()
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (!server.exited) console.error(`[e2e] ${server.name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s.`)
  await shutdown(1)
}

/** Exits when the Playwright runner is gone (e.g. SIGKILLed), so no server outlives it. */
function watchParent(pid) {
  if (!pid || !/^\d+$/.test(pid)) return
  setInterval(() => {
    try {
      process.kill(Number(pid), 0)
    } catch {
      log(`parent process ${pid} is gone; stopping the servers`)
      void shutdown(0)
    }
  }, 1_000).unref()
}

/** Stops every server (SIGTERM, then SIGKILL after a grace period) and exits. Never returns. */
async function shutdown(code) {
  if (!stopping) {
    stopping = true
    const exits = [...children].map(
      (child) =>
        new Promise((resolve) => {
          child.once("exit", resolve)
          child.kill("SIGTERM")
          setTimeout(() => {
            child.kill("SIGKILL")
            resolve()
          }, STOP_TIMEOUT_MS).unref()
        }),
    )
    await Promise.all(exits)
    process.exit(code)
  }
  return new Promise(() => {})
}
