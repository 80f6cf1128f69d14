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
import { IndentationText, Project, QuoteKind, SyntaxKind } from "ts-morph"

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

  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  })
  const source = project.createSourceFile(`/app/${existing}`, text)
  const register = source.getFunction("register")
  const manual = (why: string): StartupHookOutcome => ({
    kind: "manual",
    file: existing,
    message: `${why}: add \`import { registerAuthStartup } from "${specifier}"\` and make \`${CALL}\` the first line of register()`,
  })
  if (!register) {
    if (source.getVariableDeclaration("register") || source.getExportedDeclarations().has("register")) return manual("register is not a function declaration")
    source.addImportDeclaration({ moduleSpecifier: specifier, namedImports: ["registerAuthStartup"] })
    source.addFunction({ isExported: true, isAsync: true, name: "register", returnType: "Promise<void>", statements: [CALL] })
    return { kind: "merged", file: existing, text: source.getFullText() }
  }
  if (!register.isExported() || !register.getBody()) return manual("register() is not an exported function with a body")
  source.insertImportDeclaration(source.getImportDeclarations().length, { moduleSpecifier: specifier, namedImports: ["registerAuthStartup"] })
  if (!register.isAsync()) {
    register.setIsAsync(true)
    const returnType = register.getReturnTypeNode()
    if (returnType?.getKind() === SyntaxKind.VoidKeyword) register.setReturnType("Promise<void>")
  }
  register.insertStatements(0, CALL)
  return { kind: "merged", file: existing, text: source.getFullText() }
}

