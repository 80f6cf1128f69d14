import path from "node:path"
import { fileURLToPath } from "node:url"
import type { NextConfig } from "next"

// next, react and better-sqlite3 come from the starter's node_modules two folders up (see
// package.json), so Turbopack's root is the starter's folder.
const starterRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

const nextConfig: NextConfig = {
  poweredByHeader: false,
  turbopack: { root: starterRoot },
  outputFileTracingRoot: starterRoot,
  serverExternalPackages: ["better-sqlite3"],
  typescript: { ignoreBuildErrors: true },
}

export default nextConfig
