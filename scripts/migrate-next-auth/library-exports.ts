/**
 * What the starter's library offers, read from its own source with ts-morph:
 * the names each entry point exports, and the options, callbacks and events
 * NextAuth() accepts. Read rather than listed, so the codemod follows the
 * library as it changes.
 */
import path from "node:path"
import { fileURLToPath } from "node:url"
import { Project } from "ts-morph"

export const STARTER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

/** The app-side module specifiers of the library's entry points and where each one's source is. */
export const ENTRY_POINTS = {
  "@/lib/auth/next": "lib/auth/next/index.ts",
  "@/lib/auth/react": "lib/auth/react/index.ts",
  "@/lib/auth": "lib/auth/index.ts",
  "@/lib/auth/adapters/prisma": "lib/auth/adapters/prisma/index.ts",
} as const

export type EntryPoint = keyof typeof ENTRY_POINTS

export interface LibrarySurface {
  exports(entry: EntryPoint): ReadonlySet<string>
  readonly configOptions: ReadonlySet<string>
  readonly callbacks: ReadonlySet<string>
  readonly events: ReadonlySet<string>
}

let cached: LibrarySurface | undefined

export function librarySurface(): LibrarySurface {
  cached ??= readSurface()
  return cached
}

function readSurface(): LibrarySurface {
  const project = new Project({ tsConfigFilePath: path.join(STARTER_ROOT, "tsconfig.json"), skipAddingFilesFromTsConfig: true })
  const exportsByEntry = new Map<EntryPoint, ReadonlySet<string>>()
  for (const [entry, file] of Object.entries(ENTRY_POINTS) as [EntryPoint, string][]) {
    const source = project.addSourceFileAtPath(path.join(STARTER_ROOT, file))
    exportsByEntry.set(entry, new Set(source.getExportSymbols().map((symbol) => symbol.getName())))
  }
  const config = project.addSourceFileAtPath(path.join(STARTER_ROOT, "lib/auth/next/config.ts")).getInterfaceOrThrow("NextAuthConfig")
  const configType = config.getType()
  const propertiesOf = (name: string) => {
    const property = configType.getPropertyOrThrow(name)
    return new Set(property.getTypeAtLocation(config).getNonNullableType().getProperties().map((symbol) => symbol.getName()))
  }
  return {
    exports: (entry) => exportsByEntry.get(entry) ?? new Set(),
    configOptions: new Set(configType.getProperties().map((symbol) => symbol.getName())),
    callbacks: propertiesOf("callbacks"),
    events: propertiesOf("events"),
  }
}
