/**
 * One codemod run over an app: every rewrite, then every check, then the
 * files written (unless dry-run). Running it again changes nothing: each
 * rewrite only matches next-auth's forms, never the starter's.
 */
import path from "node:path"
import { loadAppProject } from "./app-project"
import { checkAppSetup } from "./app-setup"
import { checkConfigOptions } from "./config-options"
import { checkConfigSoundness } from "./config-soundness"
import { wrapForeignAdapters } from "./foreign-adapters"
import { rewriteImports } from "./imports"
import { librarySurface } from "./library-exports"
import { setMiddlewareRuntime } from "./middleware-runtime"
import { checkModuleAugmentation } from "./module-augmentation"
import { newReport, type Report } from "./report"

export interface MigrateOptions {
  readonly dryRun?: boolean
  /** The copy step (copy-library.ts) wrote the library, or would have under --dry-run: do not ask for it by hand. */
  readonly libraryCopied?: boolean
}

export async function migrateNextAuthApp(appDir: string, options: MigrateOptions = {}): Promise<Report> {
  const root = path.resolve(appDir)
  const report = newReport(root, options.dryRun ?? false)
  const app = loadAppProject(root)
  const surface = librarySurface()
  const before = new Map(app.files.map((file) => [file, file.getFullText()]))

  checkAppSetup(app, report, { libraryCopied: options.libraryCopied ?? false })
  checkModuleAugmentation(app, report)
  rewriteImports(app, surface, report)
  wrapForeignAdapters(app, report)
  checkConfigOptions(app, surface, report)
  await checkConfigSoundness(app, report)
  setMiddlewareRuntime(app, report)

  for (const [file, text] of before) {
    if (file.getFullText() === text) continue
    report.changedFiles.push(app.relative(file))
    if (!report.dryRun) await file.save()
  }
  report.findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)
  return report
}
