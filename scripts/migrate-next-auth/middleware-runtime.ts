/**
 * Rewrite: middleware.ts runs on Node.js. next-auth apps often run their
 * middleware on the edge with a database-free "split" config; the starter's
 * guard reads database sessions itself, which needs Node.js (docs/decisions/runtime-and-startup.md,
 * "middleware.ts vs proxy.ts"). proxy.ts always runs on Node.js: left alone.
 */
import { type SourceFile, SyntaxKind } from "ts-morph"
import type { AppProject } from "./app-project"
import type { Report } from "./report"

const MIDDLEWARE_FILES = ["middleware.ts", "middleware.js", "src/middleware.ts", "src/middleware.js"]

export function setMiddlewareRuntime(app: AppProject, report: Report): void {
  const file = app.files.find((candidate) => MIDDLEWARE_FILES.includes(app.relative(candidate)))
  if (!file || !usesAuth(file)) return
  const at = (line: number) => ({ file: app.relative(file), line })
  const declaration = file.getVariableDeclaration("config")
  if (!declaration || !declaration.isExported()) {
    file.addStatements(`\n// The starter's guard reads database sessions, which needs the Node.js runtime.\nexport const config = { runtime: "nodejs" }\n`)
    report.findings.push({ kind: "changed", ...at(file.getEndLineNumber()), message: `added \`export const config = { runtime: "nodejs" }\`` })
    return
  }
  const config = declaration.getInitializer()
  if (!config?.isKind(SyntaxKind.ObjectLiteralExpression)) {
    report.findings.push({ kind: "manual", ...at(declaration.getStartLineNumber()), message: `set \`runtime: "nodejs"\` in the middleware's config` })
    return
  }
  const runtime = config.getProperty("runtime")
  if (!runtime) {
    config.insertPropertyAssignment(0, { name: "runtime", initializer: `"nodejs"` })
    report.findings.push({ kind: "changed", ...at(declaration.getStartLineNumber()), message: `middleware config: added runtime: "nodejs"` })
    return
  }
  const value = runtime.isKind(SyntaxKind.PropertyAssignment) ? runtime.getInitializer() : undefined
  if (value?.isKind(SyntaxKind.StringLiteral) && value.getLiteralValue() === "nodejs") return
  if (value?.isKind(SyntaxKind.StringLiteral)) {
    const line = runtime.getStartLineNumber()
    value.setLiteralValue("nodejs")
    report.findings.push({ kind: "changed", ...at(line), message: `middleware config: runtime "edge" → "nodejs"` })
    return
  }
  report.findings.push({ kind: "manual", ...at(runtime.getStartLineNumber()), message: `the middleware's runtime must be "nodejs"` })
}

/**
 * The middleware takes part in auth: it imports or re-exports `auth`, or uses NextAuth itself.
 * next-auth/middleware (v4's) is reported by the import rewrite and left alone here.
 */
function usesAuth(file: SourceFile): boolean {
  const fromAuthModule = (specifier: string | undefined) => specifier === "next-auth" || specifier === "@/lib/auth/next" || specifier === "@/lib/auth"
  return (
    file.getImportDeclarations().some((d) => fromAuthModule(d.getModuleSpecifierValue()) || d.getNamedImports().some((n) => n.getName() === "auth")) ||
    file.getExportDeclarations().some((d) => fromAuthModule(d.getModuleSpecifierValue()) || d.getNamedExports().some((n) => n.getName() === "auth"))
  )
}
