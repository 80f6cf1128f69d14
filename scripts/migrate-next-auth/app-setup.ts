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
import { guideSection } from "./guide"
import type { Report } from "./report"

const LIBRARY_FOLDERS = ["lib/auth", "lib/db"]

export function checkAppSetup(app: Pick<AppProject, "appDir">, report: Report, setup: { libraryCopied?: boolean } = {}): void {
  // Copied by this same run (which picks lib/db's parts, or none, by the app's database).
  for (const folder of setup.libraryCopied ? [] : LIBRARY_FOLDERS) {
    if (!existsSync(path.join(app.appDir, folder))) {
      report.findings.push({ kind: "manual", file: folder, line: 0, message: `copy the starter's ${folder} into the app (${guideSection("1-copy-the-library-in")})` })
    }
  }
  const tsconfigPath = path.join(app.appDir, "tsconfig.json")
  if (!existsSync(tsconfigPath)) return
  const parsed = ts.parseConfigFileTextToJson(tsconfigPath, readFileSync(tsconfigPath, "utf8"))
  const options = (parsed.config as { compilerOptions?: { paths?: Record<string, string[]>; target?: unknown } } | undefined)?.compilerOptions
  if (!options?.paths?.["@/*"]?.includes("./*")) {
    report.findings.push({ kind: "manual", file: "tsconfig.json", line: 1, message: `add "paths": { "@/*": ["./*"] } to compilerOptions: the rewritten imports start with "@/" (${guideSection("1-copy-the-library-in")})` })
  }
  // A target inherited through "extends" counts: the resolved options say what tsc will use.
  const inherited = (parsed.config as { extends?: unknown } | undefined)?.extends !== undefined && options?.target === undefined
  const resolved = inherited ? ts.parseJsonConfigFileContent({ ...(parsed.config as object), files: [], include: [] }, ts.sys, app.appDir).options.target : undefined
  const targetProblem = resolved !== undefined ? compileTargetProblem(resolved >= MINIMUM_TARGET ? "ES2017" : "ES5") : compileTargetProblem(options?.target)
  if (targetProblem) report.findings.push({ kind: "manual", file: "tsconfig.json", line: 1, message: targetProblem })
}

// The lowest target the library type-checks under (async functions, object spread; no BigInt
// literals or newer syntax on purpose). Next.js type-checks every file the app's tsconfig
// includes, the copied lib/ too. TypeScript's default without a target is ES5.
const MINIMUM_TARGET = ts.ScriptTarget.ES2017

/** Why the app's `target` is too low for the library, or undefined when it is fine. */
export function compileTargetProblem(target: unknown): string | undefined {
  const fix = `set "target": "ES2017" (or later) in compilerOptions: the library needs ES2017 (${guideSection("1-copy-the-library-in")})`
  if (target === undefined) return `tsconfig.json has no "target" (TypeScript then compiles for ES5): ${fix}`
  const value = typeof target === "string" ? ts.convertCompilerOptionsFromJson({ target }, "").options.target : undefined
  if (value === undefined) return `tsconfig.json's "target" ${JSON.stringify(target)} is not one TypeScript knows: ${fix}`
  if (value < MINIMUM_TARGET) return `tsconfig.json's "target" is ${JSON.stringify(target)}: ${fix}`
  return undefined
}
