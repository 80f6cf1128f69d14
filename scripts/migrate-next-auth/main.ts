/**
 * npm run migrate:next-auth -- <path-to-app> [--dry-run] [--database sqlite|postgresql|none]
 * Copies the starter's library into a next-auth v5 app (copy-library.ts),
 * moves the app's imports and configuration to it, and prints what it
 * changed, what is left by hand, and the install command to run. Exit code 0
 * when nothing is left by hand, 2 when something is, 1 on bad usage or when
 * the copy refuses.
 */
import { existsSync, statSync } from "node:fs"
import { parseArgs } from "node:util"
import { CopyLibraryError } from "./copy-errors"
import { copyLibraryInto } from "./copy-library"
import { formatCopyResult, formatInstallStep } from "./copy-report"
import { parseDatabaseFlag, type DatabaseChoice } from "./database-choice"
import { exitCode, formatReport } from "./report"
import { migrateNextAuthApp } from "./run"

const USAGE = "usage: npm run migrate:next-auth -- <path-to-app> [--dry-run] [--database sqlite|postgresql|none]"
let parsed
try {
  parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { "dry-run": { type: "boolean" }, database: { type: "string" } } })
} catch {
  parsed = undefined
}
const [appDir, ...extra] = parsed?.positionals ?? []
if (!parsed || !appDir || extra.length > 0) {
  console.error(USAGE)
  process.exit(1)
}
const dryRun = parsed.values["dry-run"] ?? false
const databaseArg = parsed.values.database
if (!existsSync(appDir) || !statSync(appDir).isDirectory()) {
  console.error(`error: ${appDir} is not a folder`)
  process.exit(1)
}

let copied
try {
  const database: DatabaseChoice | undefined = databaseArg === undefined ? undefined : parseDatabaseFlag(databaseArg)
  copied = await copyLibraryInto(appDir, { dryRun, database })
} catch (error) {
  if (!(error instanceof CopyLibraryError)) throw error
  console.error(`error: ${error.message}`)
  process.exit(1)
}
const report = await migrateNextAuthApp(appDir, { dryRun, libraryCopied: true })
console.log(formatReport(report))
console.log(`\n${formatCopyResult(copied)}\n\n${formatInstallStep(copied)}`)
process.exit(exitCode(report))
