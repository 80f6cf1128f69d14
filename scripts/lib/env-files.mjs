import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { parseEnv } from "node:util"

/** The files `next dev` reads, highest precedence first. */
export const DEV_ENV_FILES = [".env.development.local", ".env.local", ".env.development", ".env"]

/**
 * Variables defined in the given dotenv files, merged so that a file earlier
 * in the list wins, as Next.js does. The real environment is not included:
 * callers decide how it ranks (for Next.js it always wins).
 */
export function readEnvFiles(dir, files) {
  const merged = {}
  for (const file of [...files].reverse()) {
    const full = path.join(dir, file)
    if (!existsSync(full)) continue
    Object.assign(merged, parseEnv(readFileSync(full, "utf8")))
  }
  return merged
}
