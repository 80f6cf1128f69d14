/**
 * Rewrite: every call of a kept Auth.js adapter factory (`DrizzleAdapter(db)`,
 * `UnstorageAdapter(storage)`, …) goes through the library's authJsAdapter().
 * The object is the same; the package types it with Auth.js's own user type,
 * which TypeScript cannot relate to ours, so a bare one does not type-check
 * as the configuration's `adapter`.
 */
import { type CallExpression, type SourceFile, SyntaxKind } from "ts-morph"
import { isAuthJsAdapterModule } from "./adapter-catalogue"
import type { AppProject } from "./app-project"
import type { Report } from "./report"

const WRAPPER = "authJsAdapter"
const WRAPPER_MODULE = "@/lib/auth"

export function wrapForeignAdapters(app: AppProject, report: Report): void {
  for (const file of app.files) {
    const factories = foreignAdapterFactories(file)
    if (factories.size === 0) continue
    const calls = file
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .filter((call) => factories.has(call.getExpression().getText()) && !isWrapped(call))
    if (calls.length === 0) continue
    const wrapper = wrapperName(file)
    // Innermost last: replacing a call detaches the nodes inside it.
    for (const call of calls.reverse()) {
      const line = call.getStartLineNumber()
      const text = call.getText()
      call.replaceWithText(`${wrapper}(${text})`)
      report.findings.push({ kind: "changed", file: app.relative(file), line, message: `${text} → ${wrapper}(${text})` })
    }
  }
}

/** The local names of the factories the file imports from @auth/*-adapter packages. */
function foreignAdapterFactories(file: SourceFile): Set<string> {
  const names = new Set<string>()
  for (const declaration of file.getImportDeclarations()) {
    if (!isAuthJsAdapterModule(declaration.getModuleSpecifierValue()) || declaration.isTypeOnly()) continue
    for (const named of declaration.getNamedImports()) if (!named.isTypeOnly()) names.add(named.getAliasNode()?.getText() ?? named.getName())
    const defaultImport = declaration.getDefaultImport()
    if (defaultImport) names.add(defaultImport.getText())
  }
  return names
}

function isWrapped(call: CallExpression): boolean {
  const parent = call.getParentIfKind(SyntaxKind.CallExpression)
  return parent !== undefined && parent.getExpression().getText() === WRAPPER
}

/** The name authJsAdapter has in the file, imported from the library when it is not yet. */
function wrapperName(file: SourceFile): string {
  for (const declaration of file.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== WRAPPER_MODULE) continue
    const named = declaration.getNamedImports().find((n) => n.getName() === WRAPPER && !n.isTypeOnly())
    if (named && !declaration.isTypeOnly()) return named.getAliasNode()?.getText() ?? WRAPPER
  }
  const valueImport = file.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === WRAPPER_MODULE && !d.isTypeOnly() && !d.getNamespaceImport())
  if (valueImport) {
    valueImport.addNamedImport(WRAPPER)
    return WRAPPER
  }
  const adapterImport = file.getImportDeclarations().find((d) => isAuthJsAdapterModule(d.getModuleSpecifierValue()))
  const index = adapterImport ? adapterImport.getChildIndex() + 1 : 0
  const inserted = file.insertImportDeclaration(index, { moduleSpecifier: WRAPPER_MODULE, namedImports: [WRAPPER] })
  // In the file's own style: no semicolon when its imports have none.
  const semicolon = adapterImport?.getText().trimEnd().endsWith(";") ?? true
  if (!semicolon && inserted.getText().endsWith(";")) inserted.replaceWithText(inserted.getText().slice(0, -1))
  return WRAPPER
}
