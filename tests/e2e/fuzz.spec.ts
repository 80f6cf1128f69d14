/**
 * scripts/fuzz.ts against a `next start` of its own (database strategy, fresh
 * SQLite): seeded malformed requests to every auth endpoint and the guarded
 * and auth pages. No 5xx, no stack trace or internal path in any body, no
 * request left hanging, and the seed account still signs in afterwards.
 * A fixed seed and a small count here; any seed and count by hand:
 *   npm run fuzz -- --url http://127.0.0.1:PORT --seed N --count N
 */
import { expect, test } from "@playwright/test"
import { runFuzz } from "../../scripts/fuzz"
import { freePort, ROOT, SEED, seededDatabase, startNextServer } from "../helpers/next-start"

const SEED_NUMBER = 20261124
const COUNT = Number(process.env.FUZZ_COUNT ?? 400)

test("seeded malformed requests get no 5xx, show no internals, never hang, and sign-in still works", async () => {
  test.setTimeout(240_000)
  const db = await seededDatabase()
  const port = await freePort()
  const server = await startNextServer(
    {
      DATABASE_URL: db.url,
      AUTH_SECRET: "fuzz-spec-secret-not-for-production-0123456789",
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_SESSION_STRATEGY: "database",
    },
    port,
  )
  try {
    const report = await runFuzz({ url: server.origin, seed: SEED_NUMBER, count: COUNT, account: SEED, internalPaths: [ROOT], timeoutMs: 20_000 })
    expect(report.findings, `replay with: npm run fuzz -- --url ... --seed ${SEED_NUMBER} --only N`).toEqual([])
    expect(report.sent).toBeGreaterThan(COUNT * 0.9)
    expect(report.signInAfter).toBe("ok")
  } finally {
    await server.stop()
    db.cleanup()
  }
})
