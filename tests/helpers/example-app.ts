/**
 * Runs one of the examples (examples/<name>) the way its README says: an npm
 * script in the example's own folder. Each run is its own process group, so
 * stopping it also stops what the script started (tsx, vite, node).
 */
import { type ChildProcess, spawn } from "node:child_process"
import path from "node:path"
import { fileURLToPath } from "node:url"

const EXAMPLES = fileURLToPath(new URL("../../examples/", import.meta.url))

export interface ExampleRun {
  readonly child: ChildProcess
  /** Everything the script printed so far (stdout and stderr). */
  output(): string
  /** Resolves with the exit code when the script ends by itself. */
  readonly exited: Promise<number | null>
  /** Stops the whole process group (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>
}

export function exampleDir(name: string): string {
  return path.join(EXAMPLES, name)
}

/** `npm run <script> [-- args]` in examples/<name>, with `env` added to this process's environment. */
export function runExampleScript(
  name: string,
  script: string,
  { env = {}, args = [] }: { env?: Record<string, string | undefined>; args?: string[] } = {},
): ExampleRun {
  const child = spawn("npm", ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
    cwd: exampleDir(name),
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name)
    } catch {
      // The group has already gone.
    }
  }
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        signal("SIGTERM") // grandchildren may outlive npm
        return
      }
      signal("SIGTERM")
      const timer = setTimeout(() => signal("SIGKILL"), 5_000)
      await exited
      clearTimeout(timer)
      signal("SIGKILL")
    },
  }
}

/** Waits until the run prints something matching `ready`; fails with its output if it exits or times out first. */
export async function waitForOutput(run: ExampleRun, ready: RegExp, timeoutMs: number): Promise<void> {
  const started = Date.now()
  for (;;) {
    if (ready.test(run.output())) return
    if (run.child.exitCode !== null) throw new Error(`the example exited (${run.child.exitCode}) before it was ready:\n${run.output()}`)
    if (Date.now() - started > timeoutMs) throw new Error(`the example was not ready after ${timeoutMs} ms:\n${run.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
