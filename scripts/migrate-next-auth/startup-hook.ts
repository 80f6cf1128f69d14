/**
 * The library's start-up work (the environment check and the socket-address
 * hook, see templates/auth-startup.ts.txt) joined to the app's
 * instrumentation.ts: created when the app has none; when it has one, an
 * import and one call at the top of its register(), nothing else touched.
 * A register() in a shape this cannot edit (an arrow function bound to a
 * const, say) is left as it is and the line to add is printed.
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { Project, SyntaxKind } from "ts-morph"

export const STARTUP_MODULE = "./auth-startup"
const CALL = "await registerAuthStartup()"

export type StartupHookOutcome =
  | { readonly kind: "created"; readonly file: string; readonly text: string }
  | { readonly kind: "merged"; readonly file: string; readonly text: string }
  | { readonly kind: "unchanged"; readonly file: string }
  | { readonly kind: "manual"; readonly file: string; readonly message: string }

const NAMES = ["instrumentation.ts", "instrumentation.js", "src/instrumentation.ts", "src/instrumentation.js"]

export function planStartupHook(appDir: string, template: string): StartupHookOutcome {
  const existing = NAMES.find((name) => existsSync(path.join(appDir, name)))
  if (!existing) return { kind: "created", file: "instrumentation.ts", text: template }
  const text = readFileSync(path.join(appDir, existing), "utf8")
  const startupImport = path.posix.relative(path.posix.dirname(existing), "auth-startup")
  const specifier = startupImport.startsWith(".") ? startupImport : `./${startupImport}`
  if (text.includes(`"${specifier}"`) || text.includes(`'${specifier}'`)) return { kind: "unchanged", file: existing }

  const project = new Project({ useInMemoryFileSystem: true })
  const source = project.createSourceFile(`/app/${existing}`, text)
  const register = source.getFunction("register")
  const manual = (why: string): StartupHookOutcome => ({
    kind: "manual",
    file: existing,
    message: `${why}: add \`import { registerAuthStartup } from "${specifier}"\` and make \`${CALL}\` the first line of register()`,
  })
  // Edits by position, not by ts-morph's printer: the rest of the file keeps its exact text,
  // its semicolon style included.
  const semicolon = source.getImportDeclarations().some((declaration) => declaration.getText().endsWith(";")) ? ";" : ""
  const imports = source.getImportDeclarations()
  const importAt = imports.length > 0 ? imports[imports.length - 1].getEnd() : 0
  const importText = `import { registerAuthStartup } from "${specifier}"${semicolon}`
  const edits: { at: number; remove?: number; text: string }[] = [{ at: importAt, text: imports.length > 0 ? `\n${importText}` : `${importText}\n\n` }]
  if (!register) {
    if (source.getVariableDeclaration("register") || source.getExportedDeclarations().has("register")) return manual("register is not a function declaration")
    edits.push({ at: text.length, text: `${text.endsWith("\n") ? "" : "\n"}\nexport async function register(): Promise<void> {\n  ${CALL}${semicolon}\n}\n` })
  } else {
    const body = register.getBody()
    if (!register.isExported() || !body) return manual("register() is not an exported function with a body")
    const open = body.getStart() + 1
    const empty = register.getStatements().length === 0
    edits.push({ at: open, text: `\n  ${CALL}${semicolon}${empty ? "\n" : ""}` })
    const returnType = register.getReturnTypeNode()
    if (!register.isAsync()) {
      if (returnType?.getKind() === SyntaxKind.VoidKeyword) edits.push({ at: returnType.getStart(), remove: returnType.getWidth(), text: "Promise<void>" })
      const keyword = register.getFirstChildByKindOrThrow(SyntaxKind.FunctionKeyword)
      edits.push({ at: keyword.getStart(), text: "async " })
    }
  }
  let merged = text
  for (const edit of edits.sort((a, b) => b.at - a.at)) merged = merged.slice(0, edit.at) + edit.text + merged.slice(edit.at + (edit.remove ?? 0))
  return { kind: "merged", file: existing, text: merged }
}

