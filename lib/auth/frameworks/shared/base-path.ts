/**
 * Where each framework layer serves the auth routes by default, and how an
 * explicit base path and the path of AUTH_URL combine. The defaults are the
 * documented ones: /api/auth under Next.js (the App Router's route folder),
 * /auth under Express and SvelteKit.
 */
import { basePathFromEnv, type Env } from "../../env"
import { BasePathMismatch } from "../../errors"

export const DEFAULT_BASE_PATH = { next: "/api/auth", express: "/auth", sveltekit: "/auth" } as const

/** A base path without trailing slashes; the root stays "/". */
export function trimBasePath(path: string): string {
  return path.replace(/\/+$/, "") || "/"
}

/**
 * The base path the configuration names: the explicit one, else the path of
 * AUTH_URL. Undefined when neither names one; the root names none (the routes
 * cannot live at "/").
 */
export function declaredBasePath(explicit: string | undefined, env: Env): string | undefined {
  const path = explicit ?? basePathFromEnv(env)
  if (path === undefined) return undefined
  const trimmed = trimBasePath(path)
  return trimmed === "/" ? undefined : trimmed
}

/**
 * Refuses an explicit base path (named `name` in the message) that the path
 * of AUTH_URL contradicts: the routes would answer at one and build their
 * links with the other.
 */
export function assertBasePathAgreesWithEnv(explicit: string | undefined, name: string, env: Env): void {
  const fromEnv = basePathFromEnv(env)
  if (explicit === undefined || fromEnv === undefined || trimBasePath(explicit) === trimBasePath(fromEnv)) return
  throw new BasePathMismatch(
    `The path of AUTH_URL (${fromEnv}) differs from ${name} (${trimBasePath(explicit)}). Give them the same path, or leave the path out of AUTH_URL.`,
  )
}
