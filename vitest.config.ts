import { defineConfig } from "vitest/config"
import { fileURLToPath } from "node:url"

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Both cores (vitest's default leaves one idle on a two-core machine): every file makes its own
    // databases and servers on free ports, and much of its time waits on them rather than a core.
    maxWorkers: 2,
    // The cheaper scrypt of the test suites (server/accounts/password-cost.ts, docs/decisions/test-speed.md):
    // hundreds of sign-ups at the production cost were minutes of CI. tests/unit/server/accounts/password.test.ts
    // still proves the production parameters.
    env: { PASSWORD_HASH_COST: "test" },
  },
})
