/**
 * The printed account of a library copy: what was (or, dry, would be)
 * written, package.json's changes, and the install command that follows.
 */
import type { CopyResult, FileAction } from "./copy-library"

const VERB: Record<FileAction, string> = { create: "new", update: "updated", same: "unchanged" }

export function formatCopyResult(result: CopyResult): string {
  const lines = [`Library copied into ${result.appDir}${result.dryRun ? " (dry run: nothing written)" : ""}`]
  lines.push(`  database: ${result.database.database} (${result.database.reason})${result.database.database === "none" ? ": no Prisma adapter, schema or client copied" : ""}`)
  const library = result.files.filter((file) => file.path.startsWith("lib/auth/"))
  const counts = (["create", "update", "same"] as const).map((action) => `${library.filter((file) => file.action === action).length} ${VERB[action]}`)
  lines.push(`  lib/auth/  ${library.length} files (${counts.join(", ")}); without the Express and SvelteKit layers`)
  for (const file of result.files) if (!file.path.startsWith("lib/auth/")) lines.push(`  ${file.path}  ${VERB[file.action]}`)
  for (const file of result.removed) lines.push(`  ${file} removed (not part of the library for a Next.js app)`)
  for (const { from, to } of result.setAside) lines.push(`  ${from} → ${to}  (the app's own; the starter's takes its place: carry your own models over by hand)`)
  const hook = result.startupHook
  if (hook.kind === "manual") lines.push(`  ${hook.file}  to do by hand: ${hook.message}`)
  else lines.push(`  ${hook.file}  ${hook.kind === "created" ? "new" : hook.kind === "merged" ? "now calls registerAuthStartup() from auth-startup.ts first" : "unchanged"}`)

  const packages = result.packages
  if (packages) {
    lines.push("", "package.json:")
    for (const name of packages.removed) lines.push(`  - ${name}`)
    for (const change of packages.added) {
      lines.push(`  + ${change.name}@${change.version}${change.section === "devDependencies" ? " (dev)" : ""}${change.was ? ` (was ${change.was})` : ""}`)
    }
    for (const entry of packages.overrides) lines.push(`  overrides["@auth/core"] ${entry}  (@auth/core's optional peers, at the library's versions)`)
    if (packages.removed.length + packages.added.length + packages.overrides.length === 0) lines.push("  nothing to change")
  }
  if (result.generate) lines.push("", `Prisma client: ${result.generate} (the starter's CLI; only this provider's client)${result.dryRun ? ", not run" : ", done"}`)
  if (result.notes.length > 0) lines.push("", "Notes:", ...result.notes.map((note) => `  ${note}`))
  return lines.join("\n")
}

/** The last line of a run: the one command left to run in the app. */
export function formatInstallStep(result: CopyResult): string {
  return `Next, in ${result.appDir}: ${result.installCommand}`
}
