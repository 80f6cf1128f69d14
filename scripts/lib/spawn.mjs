import { spawn } from "node:child_process"

const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"]

/**
 * Runs a command with inherited stdio and resolves with how it ended.
 * While it runs, termination signals sent to this process are passed on so
 * the child can shut down cleanly instead of being orphaned.
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", ...options })
    const forward = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    }
    for (const signal of FORWARDED_SIGNALS) process.on(signal, forward)
    const done = (result) => {
      for (const signal of FORWARDED_SIGNALS) process.off(signal, forward)
      resolve(result)
    }
    child.on("error", (error) => done({ code: null, signal: null, error }))
    child.on("exit", (code, signal) => done({ code, signal, error: null }))
  })
}

/**
 * Ends this process the way the child ended (same exit code or signal).
 * Await it: the returned promise never settles, so nothing after it runs
 * while a re-raised signal is on its way.
 */
export function exitLike({ code, signal, error }) {
  if (error) {
    console.error(error.message)
    process.exit(1)
  }
  if (signal) {
    process.kill(process.pid, signal)
    // Only reached if something still handles the signal.
    setTimeout(() => process.exit(1), 100)
    return new Promise(() => {})
  }
  process.exit(code ?? 1)
}
