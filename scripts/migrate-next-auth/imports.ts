/**
 * Rewrite: next-auth's (and Auth.js's) module specifiers to the starter's
 * entry points, in import and export declarations and dynamic imports. A named
 * import the starter exports from another entry point (next-auth's `Session`
 * type is in `@/lib/auth`) moves to an import of that entry point.
 */
import { type ImportDeclaration, type ImportSpecifier, type SourceFile, SyntaxKind } from "ts-morph"
import type { AppProject } from "./app-project"
import type { EntryPoint, LibrarySurface } from "./library-exports"
import { moduleTarget } from "./module-map"
import type { Report } from "./report"

export function rewriteImports(app: AppProject, surface: LibrarySurface, report: Report): void {
  for (const file of app.files) {
    const at = (line: number) => ({ file: app.relative(file), line })
    for (const declaration of file.getImportDeclarations()) rewriteImport(file, declaration, surface, report, at)
    for (const declaration of file.getExportDeclarations()) {
      const specifier = declaration.getModuleSpecifierValue()
      if (specifier === undefined) continue
      const line = declaration.getStartLineNumber()
      const target = moduleTarget(specifier)
      if (!target) continue
      if (target.kind !== "move") {
        report.findings.push({ kind: target.kind === "keep" ? "note" : "manual", ...at(line), message: target.kind === "keep" ? target.note : target.reason })
        continue
      }
      const entries = new Set<string>()
      for (const named of declaration.getNamedExports()) {
        const name = named.getName()
        if (target.lookIn.length === 0) continue
        const entry = target.lookIn.find((candidate) => surface.exports(candidate).has(name))
        if (entry) entries.add(entry)
        else report.findings.push({ kind: "manual", ...at(line), message: `\`${name}\` (re-exported from "${specifier}") is not exported by the starter's library` })
      }
      // Names that all live in one other entry point (next-auth's `Session` type) re-export from there.
      const to = entries.size === 1 ? [...entries][0]! : target.to
      declaration.setModuleSpecifier(to)
      report.findings.push({ kind: "changed", ...at(line), message: `export … from "${specifier}" → "${to}"` })
    }
    rewriteDynamicImports(file, report, at)
  }
}

function rewriteImport(
  file: SourceFile,
  declaration: ImportDeclaration,
  surface: LibrarySurface,
  report: Report,
  at: (line: number) => { file: string; line: number },
): void {
  const specifier = declaration.getModuleSpecifierValue()
  const target = moduleTarget(specifier)
  if (!target) return
  const line = declaration.getStartLineNumber()
  if (target.kind === "keep") {
    report.findings.push({ kind: "note", ...at(line), message: target.note })
    return
  }
  if (target.kind === "unsupported") {
    report.findings.push({ kind: "manual", ...at(line), message: target.reason })
    return
  }
  if (target.note) report.findings.push({ kind: "note", ...at(line), message: target.note })
  // Where each named import lives in the starter; decided before anything is changed.
  const entryOf = new Map<string, EntryPoint>()
  for (const named of declaration.getNamedImports()) {
    if (target.lookIn.length === 0) continue
    renameImport(named, target.renames, target.lookIn, surface, specifier, report, at(line))
    const name = named.getName()
    const entry = target.lookIn.find((candidate) => surface.exports(candidate).has(name))
    if (entry) entryOf.set(name, entry)
    else report.findings.push({ kind: "manual", ...at(line), message: `\`${name}\` from "${specifier}" is not exported by the starter's library (see the guide for its counterpart)` })
  }
  const entries = new Set(entryOf.values())
  const onlyNamed = declaration.getDefaultImport() === undefined && declaration.getNamespaceImport() === undefined
  const [single] = entries
  // Every name lives in one other entry point (`import type { Session } from "next-auth"`): the
  // declaration moves there as it is.
  const to = onlyNamed && entries.size === 1 && entryOf.size === declaration.getNamedImports().length && single ? single : target.to
  const elsewhere = new Map<EntryPoint, { name: string; alias?: string; isTypeOnly: boolean }[]>()
  for (const named of declaration.getNamedImports()) {
    const entry = entryOf.get(named.getName())
    if (!entry || entry === to) continue
    const alias = named.getAliasNode()?.getText()
    elsewhere.set(entry, [...(elsewhere.get(entry) ?? []), { name: named.getName(), ...(alias ? { alias } : {}), isTypeOnly: named.isTypeOnly() }])
    named.remove()
  }
  const index = declaration.getChildIndex()
  // A split-off import is written in the file's own style: `import type` when the original was, and
  // no semicolon when the original had none.
  const typeOnly = declaration.isTypeOnly()
  const semicolon = declaration.getText().trimEnd().endsWith(";")
  for (const [entry, namedImports] of elsewhere) {
    const inserted = file.insertImportDeclaration(index + 1, {
      moduleSpecifier: entry,
      isTypeOnly: typeOnly,
      namedImports: namedImports.map((named) => ({ ...named, isTypeOnly: !typeOnly && named.isTypeOnly })),
    })
    if (!semicolon && inserted.getText().endsWith(";")) inserted.replaceWithText(inserted.getText().slice(0, -1))
    report.findings.push({ kind: "changed", ...at(line), message: `${namedImports.map((n) => n.name).join(", ")} from "${specifier}" → "${entry}"` })
  }
  declaration.setModuleSpecifier(to)
  report.findings.push({ kind: "changed", ...at(line), message: `import from "${specifier}" → "${to}"` })
}

/** `import("next-auth/react")` and `require("next-auth")`: the specifier moves, names are not checked. */
function rewriteDynamicImports(file: SourceFile, report: Report, at: (line: number) => { file: string; line: number }): void {
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression()
    const isDynamic = callee.getKind() === SyntaxKind.ImportKeyword || (callee.getKind() === SyntaxKind.Identifier && callee.getText() === "require")
    const [argument] = call.getArguments()
    if (!isDynamic || !argument?.isKind(SyntaxKind.StringLiteral)) continue
    const specifier = argument.getLiteralValue()
    const target = moduleTarget(specifier)
    if (!target) continue
    const line = call.getStartLineNumber()
    if (target.kind !== "move") {
      report.findings.push({ kind: target.kind === "keep" ? "note" : "manual", ...at(line), message: target.kind === "keep" ? target.note : target.reason })
      continue
    }
    argument.setLiteralValue(target.to)
    report.findings.push({ kind: "changed", ...at(line), message: `${callee.getText()}("${specifier}") → "${target.to}"` })
  }
}

/**
 * A name the starter exports under another name (`OIDCConfig` is our `OAuthConfig`): imported as
 * `OAuthConfig as OIDCConfig`, so the file's own uses stay as they are.
 */
function renameImport(
  named: ImportSpecifier,
  renames: Readonly<Record<string, string>> | undefined,
  lookIn: readonly EntryPoint[],
  surface: LibrarySurface,
  specifier: string,
  report: Report,
  where: { file: string; line: number },
): void {
  const theirs = named.getName()
  const ours = renames?.[theirs]
  if (!ours || lookIn.some((entry) => surface.exports(entry).has(theirs))) return
  if (!lookIn.some((entry) => surface.exports(entry).has(ours))) return
  if (!named.getAliasNode()) named.setAlias(theirs)
  named.setName(ours)
  report.findings.push({ kind: "changed", ...where, message: `${theirs} from "${specifier}" → ${ours}` })
}
