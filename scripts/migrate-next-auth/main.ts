/**
 * npm run migrate:next-auth -- <path-to-app> [--dry-run]
 * Moves a next-auth v5 app's imports and configuration to the starter's
 * library and prints what it changed and what is left by hand. Exit code 0
 * when nothing is left by hand, 2 when something is, 1 on bad usage.
 */
import { existsSync, statSync } from "node:fs"
import { exitCode, formatReport } from "./report"
import { migrateNextAuthApp } from "./run"

const args = process.argv.slice(2)
const dryRun = args.includes("--dry-run")
const unknown = args.filter((arg) => arg.startsWith("-") && arg !== "--dry-run")
const [appDir, ...extra] = args.filter((arg) => !arg.startsWith("-"))

if (!appDir || extra.length > 0 || unknown.length > 0) {
  console.error("usage: npm run migrate:next-auth -- <path-to-app> [--dry-run]")
  process.exit(1)
}
if (!existsSync(appDir) || !statSync(appDir).isDirectory()) {
  console.error(`error: ${appDir} is not a folder`)
  process.exit(1)
}

const report = await migrateNextAuthApp(appDir, { dryRun })
console.log(formatReport(report))
process.exit(exitCode(report))
