/**
 * Check: would the library start with this configuration? The parts the
 * source states (providers and their kinds, the adapter's package, the
 * session strategy, experimental.enableWebAuthn) are put together as a
 * configuration and given to the library's own start-up check
 * (lib/auth/config/assert.ts). What it refuses is manual work: the moved app
 * would answer every auth route with a configuration error. What the source
 * leaves to run time (environment variables, computed values) is given the
 * benefit of the doubt, so the check only reports what is certain.
 */
import path from "node:path"
import { pathToFileURL } from "node:url"
import { type Expression, type Node, type ObjectLiteralExpression, type SourceFile, type Symbol as TsMorphSymbol, SyntaxKind } from "ts-morph"
import type { Adapter, AuthConfig, ProviderConfig } from "@/lib/auth"
// The library's own start-up check rather than a copy of its rules: not public API, but the
// codemod is copied and run together with the library it checks against.
// eslint-disable-next-line no-restricted-imports
import { assertConfig } from "@/lib/auth/config/assert"
// eslint-disable-next-line no-restricted-imports
import { providerProblem } from "@/lib/auth/config/provider-problems"
import { adapterFacts, AUTH_JS_METHODS, AUTH_JS_PASSKEY_METHODS, isAuthJsAdapterModule } from "./adapter-catalogue"
import type { AppProject } from "./app-project"
import { configObject, nextAuthFactoryName, propertyName, spreadObjects } from "./config-options"
import { guideSection } from "./guide"
import { STARTER_ROOT } from "./library-exports"
import type { Report } from "./report"

const PROVIDER_MODULE = "@/lib/auth/providers/"
// Stand-ins for values the environment gives at run time (AUTH_<ID>_ID, AUTH_<ID>_ISSUER).
const FROM_ENVIRONMENT = "from-the-environment"
const ISSUER_FROM_ENVIRONMENT = "https://issuer.from-the-environment.invalid"

type AdapterMethod = keyof Adapter

export async function checkConfigSoundness(app: AppProject, report: Report): Promise<void> {
  for (const file of app.files) {
    const factory = nextAuthFactoryName(file)
    if (!factory) continue
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getExpression().getText() !== factory) continue
      const [argument] = call.getArguments()
      const config = argument ? configObject(argument, new Set()) : undefined
      if (!config) continue // reported by the configuration check
      const problem = await startUpProblem(flatten(config))
      if (problem) {
        report.findings.push({
          kind: "manual",
          file: app.relative(file),
          line: call.getStartLineNumber(),
          message: `the library refuses this configuration at start-up (${problem.code}): ${problem.message} (${guideSection("authts")})`,
        })
      }
    }
  }
}

/** The configuration's properties by name, spreads followed, later ones winning as at run time. */
function flatten(config: ObjectLiteralExpression, into = new Map<string, Node>(), seen = new Set<Node>()): Map<string, Node> {
  if (seen.has(config)) return into
  seen.add(config)
  for (const property of config.getProperties()) {
    if (property.isKind(SyntaxKind.SpreadAssignment)) {
      for (const spread of spreadObjects(property.getExpression())) flatten(spread, into, seen)
      continue
    }
    const name = propertyName(property)
    if (name !== undefined) into.set(name, property)
  }
  return into
}

/** The value a property gives: its initializer, or the variable a shorthand names. */
function valueOf(property: Node | undefined): Expression | undefined {
  if (!property) return undefined
  if (property.isKind(SyntaxKind.PropertyAssignment)) return property.getInitializer()
  if (property.isKind(SyntaxKind.ShorthandPropertyAssignment)) return initializerOf(property.getValueSymbol()) ?? property.getNameNode()
  return undefined
}

/** A variable's initializer in place of its name, when the source says it. */
function resolveIdentifier(node: Node): Expression | undefined {
  if (!node.isKind(SyntaxKind.Identifier)) return node as Expression
  return initializerOf(node.getSymbol())
}

/** The initializer of the variable a symbol names, through imports. */
function initializerOf(symbol: TsMorphSymbol | undefined): Expression | undefined {
  const target = symbol?.isAlias() ? (symbol.getAliasedSymbol() ?? symbol) : symbol
  const declaration = target?.getDeclarations().find((d) => d.isKind(SyntaxKind.VariableDeclaration))
  return declaration?.isKind(SyntaxKind.VariableDeclaration) ? declaration.getInitializer() : undefined
}

/** A literal's value; undefined for anything computed. */
function literal(node: Node | undefined): string | boolean | undefined {
  if (!node) return undefined
  if (node.isKind(SyntaxKind.StringLiteral) || node.isKind(SyntaxKind.NoSubstitutionTemplateLiteral)) return node.getLiteralValue()
  if (node.isKind(SyntaxKind.TrueKeyword)) return true
  if (node.isKind(SyntaxKind.FalseKeyword)) return false
  return undefined
}

async function startUpProblem(properties: Map<string, Node>): Promise<{ code: string; message: string } | undefined> {
  const providers = await providersOf(valueOf(properties.get("providers")))
  const adapterProperty = properties.get("adapter")
  const adapter = adapterProperty ? adapterOf(valueOf(adapterProperty)) : undefined
  const experimental = valueOf(properties.get("experimental"))
  const experimentalObject = experimental ? configObject(experimental, new Set()) : undefined
  // Only a literal false or a missing flag is certain; anything computed may be true at run time.
  const flag = experimentalObject ? valueOf(flatten(experimentalObject).get("enableWebAuthn")) : undefined
  const enableWebAuthn = experimental === undefined || (experimentalObject !== undefined && (flag === undefined || literal(flag) === false)) ? false : true
  const session = valueOf(properties.get("session"))
  const sessionObject = session ? configObject(session, new Set()) : undefined
  const strategyNode = sessionObject ? flatten(sessionObject).get("strategy") : undefined
  const stated = literal(valueOf(strategyNode))
  const strategies: unknown[] =
    session !== undefined && (sessionObject === undefined || (strategyNode !== undefined && stated === undefined))
      ? ["jwt", "database"] // computed: either may be chosen at run time
      : [stated ?? (adapter ? "database" : "jwt")]
  const config: AuthConfig = {
    providers,
    secret: FROM_ENVIRONMENT,
    trustHost: true,
    ...(adapter ? { adapter } : {}),
    experimental: { enableWebAuthn },
  }
  for (const strategy of strategies) {
    const error = assertConfig({ config, providers, strategy, production: false })
    if (error) return { code: error.type, message: error.message }
  }
  // A provider the library leaves off (its routes answer ProviderUnavailable, a production start
  // refuses) for a mistake in the source; missing credentials are the environment's, not reported.
  for (const provider of providers) {
    const problem = providerProblem(provider)
    if (problem?.code === "provider_misconfigured") return { code: problem.code, message: problem.message }
  }
  return undefined
}

/** The providers the source states; ones it computes are left out (nothing certain about them). */
async function providersOf(value: Expression | undefined): Promise<ProviderConfig[]> {
  const list = value ? resolveIdentifier(value) : undefined
  if (!list?.isKind(SyntaxKind.ArrayLiteralExpression)) return []
  const providers: ProviderConfig[] = []
  for (const element of list.getElements()) {
    const provider = await providerOf(element)
    if (provider) providers.push(provider)
  }
  return providers
}

async function providerOf(element: Node, seen = new Set<Node>()): Promise<ProviderConfig | undefined> {
  if (seen.has(element)) return undefined
  seen.add(element)
  // A provider kept in a variable (`const corp: OIDCConfig<…> = {…}`): its initializer.
  const initializer = element.isKind(SyntaxKind.Identifier) ? resolveIdentifier(element) : undefined
  if (initializer) return providerOf(initializer, seen)
  if (element.isKind(SyntaxKind.SatisfiesExpression) || element.isKind(SyntaxKind.AsExpression) || element.isKind(SyntaxKind.ParenthesizedExpression)) {
    return providerOf(element.getExpression(), seen)
  }
  if (element.isKind(SyntaxKind.ObjectLiteralExpression)) {
    const properties = flatten(element)
    const id = literal(valueOf(properties.get("id")))
    const type = literal(valueOf(properties.get("type")))
    if (typeof id !== "string" || typeof type !== "string") return undefined
    return standIn({ id, type, name: id, ...(properties.has("authorize") ? { authorize: () => null } : {}) } as ProviderConfig)
  }
  const call = element.isKind(SyntaxKind.CallExpression) ? element : undefined
  const callee = call ? call.getExpression() : element
  if (!callee.isKind(SyntaxKind.Identifier)) return undefined
  const id = providerModuleId(callee.getSourceFile(), callee.getText())
  if (!id) return undefined
  const [options] = call?.getArguments() ?? []
  const stated = options ? configObject(options, new Set()) : undefined
  if (options && !stated) return undefined
  try {
    const loaded = (await import(pathToFileURL(path.join(STARTER_ROOT, "lib/auth/providers", `${id}.ts`)).href)) as { default?: unknown }
    if (typeof loaded.default !== "function") return undefined
    const made = (loaded.default as (options: Record<string, unknown>) => ProviderConfig)(stated ? optionsOf(stated) : {})
    return standIn(made)
  } catch {
    return undefined // a factory that needs what only run time gives: nothing certain
  }
}

/** The provider module a default import names: `Google` from "@/lib/auth/providers/google". */
function providerModuleId(file: SourceFile, name: string): string | undefined {
  for (const declaration of file.getImportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue()
    if (!specifier.startsWith(PROVIDER_MODULE) || declaration.getDefaultImport()?.getText() !== name) continue
    return specifier.slice(PROVIDER_MODULE.length)
  }
  return undefined
}

/**
 * The options a provider call states that the start-up check looks at: its id, an authorize
 * function, conditional UI and the autocomplete of its form fields. Computed values are left out
 * (the factory's defaults stand in).
 */
function optionsOf(options: ObjectLiteralExpression): Record<string, unknown> {
  const properties = flatten(options)
  const stated: Record<string, unknown> = {}
  const id = literal(valueOf(properties.get("id")))
  if (typeof id === "string") stated.id = id
  if (properties.has("authorize")) stated.authorize = () => null
  const conditional = literal(valueOf(properties.get("enableConditionalUI")))
  if (conditional !== undefined) stated.enableConditionalUI = conditional
  const formFields = valueOf(properties.get("formFields"))
  const fieldsObject = formFields ? configObject(formFields, new Set()) : undefined
  if (fieldsObject) {
    const fields: Record<string, { autocomplete?: string }> = {}
    for (const [name, field] of flatten(fieldsObject)) {
      const fieldObject = valueOf(field)
      const fieldProperties = fieldObject ? configObject(fieldObject, new Set()) : undefined
      const autocompleteNode = fieldProperties ? flatten(fieldProperties).get("autocomplete") : undefined
      const autocomplete = literal(valueOf(autocompleteNode))
      // A computed autocomplete may name webauthn: the benefit of the doubt.
      fields[name] = typeof autocomplete === "string" ? { autocomplete } : autocompleteNode ? { autocomplete: "webauthn" } : {}
    }
    stated.formFields = fields
  }
  return stated
}

/** An OAuth/OIDC provider with what the environment supplies at run time filled in. */
function standIn(provider: ProviderConfig): ProviderConfig {
  if (provider.type !== "oauth" && provider.type !== "oidc") return provider
  return {
    ...provider,
    clientId: provider.clientId || FROM_ENVIRONMENT,
    // The endpoints come from the issuer, its discovery document or the provider's defaults;
    // the issuer of a provider that needs one is an AUTH_<ID>_ISSUER variable.
    issuer: provider.issuer ?? ISSUER_FROM_ENVIRONMENT,
  }
}

/**
 * The adapter's methods as far as the source tells: an @auth/*-adapter package has the Auth.js
 * contract (and the passkey methods where it implements them); any other adapter is taken as
 * complete. useWebAuthnChallenge is always there: the library keeps passkey challenges itself
 * for an adapter without a challenge store.
 */
function adapterOf(value: Expression | undefined): Adapter {
  const specifier = value ? foreignAdapterModule(value) : undefined
  const complete = (methods: readonly string[]) => Object.fromEntries(methods.map((m) => [m, () => undefined])) as Adapter
  if (!specifier) return new Proxy({}, { get: () => () => undefined }) as Adapter
  const facts = adapterFacts(specifier)
  const methods: string[] = [...AUTH_JS_METHODS, "useWebAuthnChallenge" satisfies AdapterMethod]
  if (facts?.passkeys ?? true) methods.push(...AUTH_JS_PASSKEY_METHODS)
  return complete(methods)
}

/** The @auth/*-adapter package whose factory the expression calls (through authJsAdapter() and variables). */
function foreignAdapterModule(value: Node, seen = new Set<Node>()): string | undefined {
  if (seen.has(value)) return undefined
  seen.add(value)
  if (value.isKind(SyntaxKind.Identifier)) {
    const initializer = resolveIdentifier(value)
    return initializer && initializer !== value ? foreignAdapterModule(initializer, seen) : undefined
  }
  if (value.isKind(SyntaxKind.ParenthesizedExpression) || value.isKind(SyntaxKind.AsExpression) || value.isKind(SyntaxKind.SatisfiesExpression)) {
    return foreignAdapterModule(value.getExpression(), seen)
  }
  if (!value.isKind(SyntaxKind.CallExpression)) return undefined
  const callee = value.getExpression().getText()
  for (const declaration of value.getSourceFile().getImportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue()
    if (!isAuthJsAdapterModule(specifier)) continue
    const names = [declaration.getDefaultImport()?.getText(), ...declaration.getNamedImports().map((n) => n.getAliasNode()?.getText() ?? n.getName())]
    if (names.includes(callee)) return specifier
  }
  const [inner] = value.getArguments()
  return inner ? foreignAdapterModule(inner, seen) : undefined
}
