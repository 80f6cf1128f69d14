/**
 * Entry point for what runs once as a Next.js server starts: the app's
 * instrumentation.ts (the configuration checks and the socket-address hook) and
 * next.config.ts (the auth routes' base path for its headers). Kept apart from
 * lib/auth/next so that neither file loads next/headers or the route handlers.
 */
export { checkAuthConfigAtStartup, checkEnvironmentAtStartup, type StartupCheckOptions } from "./startup"
export { installSocketAddressHook } from "./socket-address-hook"
export { resolveBasePath } from "./config"
