import type { NextConfig } from "next"

// Telemetry is switched off through NEXT_TELEMETRY_DISABLED=1, which the dev,
// test and CI scripts set; Next reads it from the environment, not from here.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The starter is served by `next start` behind whatever the deployer picks;
  // advertising the framework in every response helps nobody.
  poweredByHeader: false,
}

export default nextConfig
