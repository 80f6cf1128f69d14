import type { NextConfig } from "next"
import { resolveBasePath } from "./lib/auth/next/instrumentation"
import { securityHeaders } from "./server/security-headers"

// Telemetry is switched off through NEXT_TELEMETRY_DISABLED=1, which the dev,
// test and CI scripts set; Next reads it from the environment, not from here.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The starter is served by `next start` behind whatever the deployer picks;
  // advertising the framework in every response helps nobody.
  poweredByHeader: false,
  // CSP, framing, MIME sniffing, HSTS for the app's pages (server/security-headers.ts).
  async headers() {
    // The auth routes' base path as auth.ts resolves it (its config sets no basePath, so AUTH_URL's
    // path or /api/auth); a basePath given in auth.ts belongs here too.
    return securityHeaders(process.env.NODE_ENV !== "production", resolveBasePath({}, process.env))
  },
}

export default nextConfig
