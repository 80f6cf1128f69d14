/**
 * Check: the object given to NextAuth(). The configuration itself carries
 * over as it is (same option names); what the starter does not accept, or
 * does differently, is reported at its line. Spreads of a named config
 * (`...authConfig` from auth.config.ts) and lazy configs (`NextAuth((req) =>
 * ({...}))`) are followed.
 */
import { type Node, type ObjectLiteralExpression, type SourceFile, SyntaxKind } from "ts-morph"
import type { AppProject } from "./app-project"
import type { LibrarySurface } from "./library-exports"
import type { Finding, Report } from "./report"

const NEXT_AUTH_MODULES = new Set(["next-auth", "@/lib/auth/next"])
const DECISIONS = "docs/decisions/library-vs-authjs.md"

export function checkConfigOptions(app: AppProject, surface: LibrarySurface, report: Report): void {
  for (const file of app.files) {
    const factory = nextAuthFactoryName(file)
    if (!factory) continue
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getExpression().getText() !== factory) continue
      const [argument] = call.getArguments()
      const config = argument ? configObject(argument, new Set()) : undefined
      if (!config) {
        report.findings.push(finding(app, call, "manual", `${factory}(…): the configuration is not an object literal the codemod can read; check its options by hand`))
        continue
      }
      checkObject(app, config, surface, report, new Set())
    }
  }
}

export function nextAuthFactoryName(file: SourceFile): string | undefined {
  for (const declaration of file.getImportDeclarations()) {
    if (!NEXT_AUTH_MODULES.has(declaration.getModuleSpecifierValue())) continue
    const name = declaration.getDefaultImport()?.getText()
    if (name) return name
  }
  return undefined
}

/** The object literal an expression stands for: itself, a lazy config's result, or a variable's initializer. */
export function configObject(node: Node, seen: Set<Node>): ObjectLiteralExpression | undefined {
  if (seen.has(node)) return undefined
  seen.add(node)
  if (node.isKind(SyntaxKind.ObjectLiteralExpression)) return node
  if (node.isKind(SyntaxKind.ParenthesizedExpression) || node.isKind(SyntaxKind.SatisfiesExpression) || node.isKind(SyntaxKind.AsExpression)) {
    return configObject(node.getExpression(), seen)
  }
  if (node.isKind(SyntaxKind.ArrowFunction) || node.isKind(SyntaxKind.FunctionExpression)) {
    const body = node.getBody()
    if (!body.isKind(SyntaxKind.Block)) return configObject(body, seen)
    const returned = body.getDescendantsOfKind(SyntaxKind.ReturnStatement).at(-1)?.getExpression()
    return returned ? configObject(returned, seen) : undefined
  }
  if (node.isKind(SyntaxKind.Identifier)) {
    // Through an import to the declaration it names (getDefinitionNodes() misses `export default {…}`).
    const symbol = node.getSymbol()
    const declarations = symbol ? ((symbol.isAlias() ? symbol.getAliasedSymbol() : symbol) ?? symbol).getDeclarations() : []
    for (const definition of declarations) {
      const initializer = definition.isKind(SyntaxKind.VariableDeclaration)
        ? definition.getInitializer()
        : definition.isKind(SyntaxKind.ExportAssignment)
          ? definition.getExpression()
          : undefined
      const found = initializer ? configObject(initializer, seen) : undefined
      if (found) return found
    }
  }
  return undefined
}

/** The objects a spread may bring in: `...(cond ? { a } : {})` and `...(cond && { a })` included. */
export function spreadObjects(node: Node): ObjectLiteralExpression[] {
  const inner = node.isKind(SyntaxKind.ParenthesizedExpression) ? node.getExpression() : node
  if (inner.isKind(SyntaxKind.ConditionalExpression)) return [...spreadObjects(inner.getWhenTrue()), ...spreadObjects(inner.getWhenFalse())]
  if (inner.isKind(SyntaxKind.BinaryExpression) && inner.getOperatorToken().getKind() === SyntaxKind.AmpersandAmpersandToken) {
    return spreadObjects(inner.getRight())
  }
  const found = configObject(inner, new Set())
  return found ? [found] : []
}

function checkObject(app: AppProject, config: ObjectLiteralExpression, surface: LibrarySurface, report: Report, seen: Set<Node>): void {
  if (seen.has(config)) return
  seen.add(config)
  for (const property of config.getProperties()) {
    if (property.isKind(SyntaxKind.SpreadAssignment)) {
      const spreads = spreadObjects(property.getExpression())
      for (const spread of spreads) checkObject(app, spread, surface, report, seen)
      if (spreads.length === 0) report.findings.push(finding(app, property, "manual", `a spread the codemod cannot follow (${property.getExpression().getText()}): check its options by hand`))
      continue
    }
    const name = propertyName(property)
    if (name === undefined) continue
    if (!surface.configOptions.has(name)) {
      report.findings.push(finding(app, property, "manual", `option \`${name}\` is not one the starter's NextAuth() accepts`))
      continue
    }
    if (name === "callbacks" || name === "events") checkGroup(app, property, name, name === "callbacks" ? surface.callbacks : surface.events, report)
    if (name === "session") noteSessionStrategy(app, property, report)
  }
}

function checkGroup(app: AppProject, property: Node, group: string, known: ReadonlySet<string>, report: Report): void {
  const value = property.isKind(SyntaxKind.PropertyAssignment) ? configObject(property.getInitializerOrThrow(), new Set()) : undefined
  if (!value) return
  for (const member of value.getProperties()) {
    const name = propertyName(member)
    if (name === undefined) continue
    if (!known.has(name)) {
      report.findings.push(finding(app, member, "manual", `${group}.${name} is not one the starter runs`))
      continue
    }
    const difference = DIFFERENCES[`${group}.${name}`]
    if (difference) report.findings.push(finding(app, member, "note", `${group}.${name}: ${difference}`))
  }
}

/** Callbacks and events that run with the same name but a different contract (docs/decisions/library-vs-authjs.md). */
const DIFFERENCES: Readonly<Record<string, string>> = {
  "callbacks.session": `server-side auth() returns what this callback returns, as the client sees it (next-auth returned the raw database session, sessionToken included) — ${DECISIONS}, "Library behaviour where we differ"`,
  "callbacks.authorized": `a falsy result stops a wrapped handler too (next-auth ran it anyway); the auth routes and pages are never guarded — ${DECISIONS}, "Middleware guard"`,
  "events.linkAccount": `also receives \`isNewUser\` (true when the link is the user's sign-up)`,
}

function noteSessionStrategy(app: AppProject, property: Node, report: Report): void {
  const value = property.isKind(SyntaxKind.PropertyAssignment) ? configObject(property.getInitializerOrThrow(), new Set()) : undefined
  const strategy = value?.getProperty("strategy")
  if (!strategy?.isKind(SyntaxKind.PropertyAssignment)) return
  const text = strategy.getInitializerOrThrow().getText()
  if (text.includes("database")) {
    report.findings.push(finding(app, strategy, "note", `database sessions: signing in again replaces the browser's old session row, and Credentials sign-ins get real session rows (next-auth refuses them) — ${DECISIONS}, "Library behaviour where we differ"`))
  }
}

export function propertyName(property: Node): string | undefined {
  if (property.isKind(SyntaxKind.PropertyAssignment) || property.isKind(SyntaxKind.MethodDeclaration) || property.isKind(SyntaxKind.ShorthandPropertyAssignment)) {
    const nameNode = property.getNameNode()
    return nameNode.isKind(SyntaxKind.StringLiteral) ? nameNode.getLiteralValue() : nameNode.getText()
  }
  return undefined
}

function finding(app: AppProject, node: Node, kind: Finding["kind"], message: string): Finding {
  return { kind, file: app.relative(node.getSourceFile()), line: node.getStartLineNumber(), message }
}
