/**
 * bench:instances' deployment: N `next start` processes of one bench build
 * (.next-bench) on one PostgreSQL database and one Redis, as a deployment
 * with several instances runs them, and a browser-like client that signs in
 * through them.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { binPath, freePort } from "./http-server"

export interface Instance {
  origin: string
  log: () => string
  stop: () => Promise<void>
}

const running = new Set<ChildProcess>()
// An interrupted run leaves no server behind.
process.on("exit", () => {
  for (const child of running) child.kill("SIGTERM")
})
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130))

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, [binPath("next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_BENCH_BUILD: "1", AUTH_URL: origin, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  running.add(child)
  child.on("exit", () => running.delete(child))
  let output = ""
  // Only the tail: a long run's log would otherwise grow without bound.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000)
  }
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output}`)
    try {
      const res = await fetch(`${origin}/api/auth/providers`)
      await res.body?.cancel()
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 90 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    origin,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}

/**
 * Signs `email` in with its password through `origin`'s credentials endpoint and answers the
 * session's Cookie header. `clientAddress` goes in X-Forwarded-For (the instances trust one proxy),
 * so that many sign-ins in a row are many clients, not one client the rate limit stops.
 */
export async function signInThrough(origin: string, email: string, password: string, clientAddress: string): Promise<string> {
  const jar = new Map<string, string>()
  const remember = (headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";")
      const eq = pair!.indexOf("=")
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim())
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ")
  const csrf = await fetch(`${origin}/api/auth/csrf`, { headers: { "x-forwarded-for": clientAddress } })
  remember(csrf.headers)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientAddress },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: origin }).toString(),
  })
  remember(res.headers)
  await res.body?.cancel()
  const location = res.headers.get("location") ?? ""
  const session = jar.get("authjs.session-token")
  if (res.status !== 302 || location.includes("error=") || !session) throw new Error(`sign-in of ${email} failed: ${res.status} ${location}`)
  return `authjs.session-token=${session}`
}
