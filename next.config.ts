import type { NextConfig } from "next"
import { resolveBasePath } from "./lib/auth/next/instrumentation"
import { securityHeaders } from "./server/security-headers"

const benchBuild = process.env.NEXT_BENCH_BUILD === "1"

// Telemetry is switched off through NEXT_TELEMETRY_DISABLED=1, which the dev,
// test and CI scripts set; Next reads it from the environment, not from here.

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The starter is served by `next start` behind whatever the deployer picks;
  // advertising the framework in every response helps nobody.
  poweredByHeader: false,
  // bench:http builds into a folder of its own (NEXT_BENCH_BUILD=1), so that a benchmark and the
  // e2e build (.next) never replace each other's files under a running server. That build skips
  // the type check (npm run typecheck and CI run it), so work in progress elsewhere can be measured.
  distDir: benchBuild ? ".next-bench" : ".next",
  typescript: { ignoreBuildErrors: benchBuild },
  // CSP, framing, MIME sniffing, HSTS for the app's pages (server/security-headers.ts).
  async headers() {
    // The auth routes' base path as auth.ts resolves it (its config sets no basePath, so AUTH_URL's
    // path or /api/auth); a basePath given in auth.ts belongs here too.
    return securityHeaders(process.env.NODE_ENV !== "production", resolveBasePath({}, process.env))
  },
}

export default nextConfig
