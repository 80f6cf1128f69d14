/**
 * The app's source files as one ts-morph project: every TypeScript and
 * JavaScript module outside node_modules and build output. Nothing is type
 * checked against the app's dependencies (next-auth may already be gone).
 */
import path from "node:path"
import { IndentationText, Project, QuoteKind, type SourceFile, ts } from "ts-morph"

const SOURCE_GLOBS = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"]
// The starter's library, once copied in, is not the app's code to rewrite.
const IGNORED = ["node_modules", ".next", "dist", "build", "out", ".git", "lib/auth", "lib/db", "lib/generated"]

export interface AppProject {
  readonly project: Project
  readonly appDir: string
  readonly files: SourceFile[]
  relative(file: SourceFile): string
}

export function loadAppProject(appDir: string): AppProject {
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true, jsx: ts.JsxEmit.ReactJSX },
    // Next.js's own templates: two spaces, double quotes.
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  })
  const globs = [...SOURCE_GLOBS.map((glob) => path.join(appDir, glob)), ...IGNORED.map((dir) => `!${path.join(appDir, dir)}/**`)]
  const files = project.addSourceFilesAtPaths(globs).filter((file) => !file.getFilePath().endsWith(".d.ts") || file.getText().includes("declare module"))
  return { project, appDir, files, relative: (file) => path.relative(appDir, file.getFilePath()) }
}
