/**
 * The reference app bench:http measures: bench/next-auth-app with the files of
 * bench/next-auth-mirror laid over it, assembled into bench/next-auth-mirror-app
 * (not committed). The overlay renders the starter's signed-in pages as they
 * are now (the dashboard's cards read from the app's own database, the header's
 * organization switcher), so both apps render the same markup.
 *
 * Why two folders and not one: bench/next-auth-app is also the plain next-auth
 * app the move test starts from (tests/e2e/next-auth-move), and a next-auth app
 * someone moves has no organization tables; the mirrored dashboard reads them.
 *
 * The assembly keeps every file's modification time, so a build of the
 * assembled app stays current until one of its sources changes. Dependencies
 * are bench/next-auth-app's own, linked, not installed twice.
 */
import { cpSync, lstatSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const BENCH = fileURLToPath(new URL("../", import.meta.url))
export const NEXT_AUTH_APP = path.join(BENCH, "next-auth-app")
export const MIRROR_OVERLAY = path.join(BENCH, "next-auth-mirror")
/** Two folders below the starter, as bench/next-auth-app is: its imports of the starter's components count on it. */
export const MIRROR_APP = path.join(BENCH, "next-auth-mirror-app")
/** The reference app's pages on an auth "library" that costs nothing: bench:http's bound (see its auth.ts). */
export const FREE_AUTH_OVERLAY = path.join(BENCH, "free-auth-overlay")
export const FREE_AUTH_APP = path.join(BENCH, "free-auth-app")

/**
 * Dependencies (linked, never copied) and the build: never copied from the plain app, and kept in
 * the assembled one across assemblies.
 */
const NOT_ASSEMBLED = new Set(["node_modules", ".next"])

/**
 * Assembles the reference app from the plain app and the overlay into `into` (bench/next-auth-mirror-app
 * unless told otherwise); answers its folder. Its dependencies are reached through a link to the plain
 * app's node_modules, which bench:http installs.
 */
export function assembleMirrorApp(into: string = MIRROR_APP, overlays: readonly string[] = [MIRROR_OVERLAY]): string {
  mkdirSync(into, { recursive: true })
  for (const entry of readdirSync(into)) {
    if (!NOT_ASSEMBLED.has(entry)) rmSync(path.join(into, entry), { recursive: true, force: true })
  }
  const copy = (from: string) =>
    cpSync(from, into, {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) => !NOT_ASSEMBLED.has(path.basename(source)),
    })
  copy(NEXT_AUTH_APP)
  for (const overlay of overlays) copy(overlay)
  const modules = path.join(into, "node_modules")
  if (!isLink(modules)) {
    rmSync(modules, { recursive: true, force: true })
    symlinkSync(path.relative(into, path.join(NEXT_AUTH_APP, "node_modules")), modules, "dir")
  }
  return into
}

function isLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink()
  } catch {
    return false
  }
}

/** The same pages on the free "library": the plain app, the mirror's overlay, then the free one's files over next-auth's. */
export function assembleFreeAuthApp(into: string = FREE_AUTH_APP): string {
  return assembleMirrorApp(into, [MIRROR_OVERLAY, FREE_AUTH_OVERLAY])
}
