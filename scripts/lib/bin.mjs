import { createRequire } from "node:module"
import path from "node:path"

const require = createRequire(import.meta.url)

/**
 * Absolute path of a dependency's CLI entry (the file its package.json `bin`
 * names). Running it with `process.execPath` avoids npx (slow, and noisy about
 * the machine's npm config) and the `.cmd` shims of node_modules/.bin on Windows.
 */
export function binPath(pkg, name = pkg.split("/").pop()) {
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const { bin } = require(manifestPath)
  const relative = typeof bin === "string" ? bin : bin?.[name]
  if (!relative) throw new Error(`${pkg} has no "${name}" executable`)
  return path.join(path.dirname(manifestPath), relative)
}
