/**
 * The port `npm run dev` serves on. `next dev` reads PORT from the real
 * environment only (its .env files are loaded after the command line is
 * parsed), so a PORT written in .env.local was silently ignored: this puts it
 * in the environment `next dev` gets. A `--port`/`-p` argument still wins, as
 * it does for `next dev` itself. A malformed value stops the script with one
 * line, like the other malformed variables (docs/decisions/runtime-and-startup.md).
 */

/** The PORT to hand to `next dev`, or undefined for Next's default (3000). Throws a readable error for a bad value. */
export function devPort(processEnv, fileEnv) {
  const raw = processEnv.PORT ?? fileEnv.PORT
  if (raw === undefined || raw.trim() === "") return undefined
  const value = raw.trim()
  const port = Number(value)
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a number from 1 to 65535 (got "${raw}"), e.g. PORT=4000 npm run dev`)
  }
  return String(port)
}
