#!/usr/bin/env node
// The README's quick start, run the way a newcomer runs it: clone the
// committed tree into an empty folder, `npm install`, `npm run dev`, sign in
// with the demo account it prints. Fails when any step fails, when the install
// rewrites a tracked file (package-lock.json above all: a dirty tree after the
// first command breaks every later submission), or when the dev server leaves
// an untracked, unignored file behind.
//
//   node scripts/fresh-clone-check.mjs [--keep]
//
// .ci/run calls it after the test suite and counts it as one test.
// FRESH_CLONE_NPM_CACHE points npm at another cache (an empty one makes the
// check slower but closer to a machine that never saw the project).
import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const keep = process.argv.includes("--keep")
const INSTALL_TIMEOUT_MS = 15 * 60_000
// A first `next dev` compile of the auth route takes seconds on a quiet machine, minutes on a loaded one.
const DEV_READY_TIMEOUT_MS = 420_000
// The demo account the seed step creates when SEED_* is unset (README, Quick start).
const DEMO = { email: "demo@example.com", password: "demo-password-123" }

const work = mkdtempSync(path.join(tmpdir(), "fresh-clone-"))
const clone = path.join(work, "project")
let devServer

try {
  step(`git clone ${root} → ${clone}`)
  sh("git", ["clone", "--quiet", root, clone], { cwd: work })

  step("npm install (README, Quick start)")
  sh("npm", ["install", "--no-audit", "--no-fund"], { cwd: clone, env: newcomerEnv(), timeout: INSTALL_TIMEOUT_MS })
  assertCleanTree("after npm install")

  const port = await freePort()
  step(`npm run dev -- --port ${port}`)
  devServer = startDev(port)
  const origin = `http://localhost:${port}`
  await waitForServer(origin, devServer)
  await signInAsDemo(origin)
  await stopDev(devServer)
  devServer = undefined
  assertCleanTree("after npm run dev")

  console.log("[fresh-clone] ok: clean tree after install and dev, demo sign-in works")
  finish(0)
} catch (error) {
  console.error(`[fresh-clone] FAILED: ${error instanceof Error ? error.message : String(error)}`)
  if (devServer) await stopDev(devServer)
  finish(1)
}

/**
 * Removing the scratch folder is housekeeping, not part of the check: a
 * `next dev` worker that outlives its group for a moment can still be writing
 * its cache there (ENOTEMPTY), and that must not turn a passed check into a
 * failed one. Retries first, then leaves the folder and says so.
 */
function finish(code) {
  if (keep) console.log(`[fresh-clone] kept ${work}`)
  else {
    try {
      rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 })
    } catch (error) {
      console.warn(`[fresh-clone] could not remove ${work} (${error instanceof Error ? error.message : String(error)}); left in place`)
    }
  }
  process.exit(code)
}

function step(message) {
  console.log(`[fresh-clone] ${message}`)
}

/**
 * The environment of someone who just cloned the project: none of the
 * variables the test suite or CI set for the app, so the embedded defaults
 * (SQLite file, generated secret, dev mailbox) are what gets exercised.
 */
function newcomerEnv() {
  const env = { ...process.env }
  for (const name of Object.keys(env)) {
    if (/^(AUTH_|NEXTAUTH_|DATABASE_URL$|EMAIL_|SEED_|REDIS_URL$|E2E_|TEST_|NODE_ENV$|PORT$)/.test(name)) delete env[name]
  }
  if (process.env.FRESH_CLONE_NPM_CACHE) env.npm_config_cache = process.env.FRESH_CLONE_NPM_CACHE
  return env
}

function sh(command, args, { cwd, env = process.env, timeout } = {}) {
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit", timeout })
  if (result.error) throw new Error(`${command} ${args.join(" ")}: ${result.error.message}`)
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`)
}

function assertCleanTree(when) {
  const status = spawnSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" })
  if (status.status !== 0) throw new Error(`git status failed ${when}`)
  if (status.stdout.trim() !== "") {
    const diff = spawnSync("git", ["--no-pager", "diff", "--stat"], { cwd: clone, encoding: "utf8" }).stdout
    throw new Error(`the tree is not clean ${when}:\n${status.stdout}${diff}`)
  }
  step(`git status is clean ${when}`)
}

function startDev(port) {
  // Its own process group, so that stopping it also stops `next dev`'s workers.
  return spawn("npm", ["run", "dev", "--", "--port", String(port)], {
    cwd: clone,
    env: newcomerEnv(),
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  })
}

async function stopDev(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  try {
    process.kill(-child.pid, "SIGTERM")
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {
      // Already gone.
    }
  }, 10_000)
  await exited
  clearTimeout(timer)
  await groupGone(child.pid)
}

/** npm exits before `next dev`'s workers do; wait for the whole group, then kill what is left. */
async function groupGone(pgid) {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      process.kill(-pgid, Date.now() < deadline ? 0 : "SIGKILL")
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function waitForServer(origin, child) {
  const deadline = Date.now() + DEV_READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode} before it served a page`)
    try {
      // The first request compiles the route; give it the whole remaining budget.
      const response = await fetch(`${origin}/api/auth/providers`, { signal: AbortSignal.timeout(deadline - Date.now()) })
      const body = await response.text()
      if (response.status === 200) {
        if (!body.includes('"credentials"')) throw new Error(`/api/auth/providers lists no credentials provider: ${body.slice(0, 200)}`)
        step("the dev server answers /api/auth/providers")
        return
      }
      throw new Error(`/api/auth/providers answered ${response.status}: ${body.slice(0, 300)}`)
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("/api/auth/providers")) throw error
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  throw new Error(`npm run dev did not serve ${origin}/api/auth/providers within ${DEV_READY_TIMEOUT_MS / 1000} s`)
}

/** The demo sign-in through the real endpoints, as the sign-in page's form posts it. */
async function signInAsDemo(origin) {
  const cookies = new Map()
  const keepCookies = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const at = pair.indexOf("=")
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1))
    }
  }
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ")

  const csrf = await fetch(`${origin}/api/auth/csrf`)
  keepCookies(csrf)
  const { csrfToken } = await csrf.json()
  if (typeof csrfToken !== "string") throw new Error(`GET /api/auth/csrf gave no token (status ${csrf.status})`)

  const callback = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(), "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ csrfToken, email: DEMO.email, password: DEMO.password, callbackUrl: `${origin}/dashboard` }),
  })
  keepCookies(callback)
  await callback.body?.cancel()
  const location = callback.headers.get("location") ?? ""
  if (callback.status !== 302 || location.includes("error=")) {
    throw new Error(`demo sign-in refused: ${callback.status} Location: ${location}`)
  }

  const session = await fetch(`${origin}/api/auth/session`, { headers: { cookie: cookieHeader() } })
  const body = await session.json()
  if (body?.user?.email !== DEMO.email) throw new Error(`/api/auth/session after sign-in: ${JSON.stringify(body)}`)
  step(`signed in as ${body.user.email}`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}
