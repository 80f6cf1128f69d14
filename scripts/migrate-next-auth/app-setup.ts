/**
 * Check: what the rewritten imports need in the app itself — the library
 * copied in (lib/auth, lib/db, lib/generated from the starter) and the `@/*`
 * path alias the imports use. Reported, never changed: tsconfig.json is the
 * app's, comments and all.
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { ts } from "ts-morph"
import type { AppProject } from "./app-project"
import type { Report } from "./report"

const LIBRARY_FOLDERS = ["lib/auth", "lib/db"]

export function checkAppSetup(app: AppProject, report: Report): void {
  for (const folder of LIBRARY_FOLDERS) {
    if (!existsSync(path.join(app.appDir, folder))) {
      report.findings.push({ kind: "manual", file: folder, line: 0, message: `copy the starter's ${folder} into the app (the guide, step 1)` })
    }
  }
  const tsconfigPath = path.join(app.appDir, "tsconfig.json")
  if (!existsSync(tsconfigPath)) return
  const parsed = ts.parseConfigFileTextToJson(tsconfigPath, readFileSync(tsconfigPath, "utf8"))
  const paths = (parsed.config as { compilerOptions?: { paths?: Record<string, string[]> } } | undefined)?.compilerOptions?.paths
  if (!paths?.["@/*"]?.includes("./*")) {
    report.findings.push({ kind: "manual", file: "tsconfig.json", line: 1, message: `add "paths": { "@/*": ["./*"] } to compilerOptions: the rewritten imports start with "@/"` })
  }
}
