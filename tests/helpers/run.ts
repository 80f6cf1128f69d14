// Runs a project command (tsx script or the Prisma CLI) as a child process and captures its output.
import { spawn } from "node:child_process"
import path from "node:path"
import { PROJECT_ROOT } from "@/lib/db/layout"

export interface RunResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export function runBin(bin: "tsx" | "prisma", args: readonly string[], env: Record<string, string | undefined> = {}, timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(PROJECT_ROOT, "node_modules/.bin", bin), args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`${bin} ${args.join(" ")} timed out after ${timeoutMs} ms\n${stdout}\n${stderr}`))
    }, timeoutMs)
    child.on("error", reject)
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}
