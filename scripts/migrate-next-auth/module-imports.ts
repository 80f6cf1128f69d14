/**
 * The module specifiers a source file imports: static, type-only, dynamic and
 * re-exports alike, since each must resolve for the moved app to compile.
 */
import { ts } from "ts-morph"

// The copy reads each library file's imports twice (completeness, then packages): parse once.
const parsed = new Map<string, readonly string[]>()

export function importedModules(text: string): readonly string[] {
  let modules = parsed.get(text)
  if (!modules) {
    modules = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)
    parsed.set(text, modules)
  }
  return modules
}

/** "@scope/name/sub" → "@scope/name", "name/sub" → "name"; undefined for relative, alias and node: imports. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("@/") || specifier.startsWith("node:")) return undefined
  const parts = specifier.split("/")
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]
}
