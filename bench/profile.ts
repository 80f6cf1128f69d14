/**
 * A loop of one case's GET /session, to run under a CPU profiler, e.g.
 *   npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.ts database/ours 5000
 *   npx tsx bench/lib/cpuprofile-summary.ts /tmp/prof/<largest file>.cpuprofile
 */
import { CASES, needsSqlite, runOps, setupCase } from "./lib/cases"
import type { DatabaseFixture } from "./lib/database"
import { loadLibrary } from "./lib/libraries"

const [caseId = "jwt/ours-updateAge-0", count = "5000"] = process.argv.slice(2)
const spec = CASES.find((c) => c.id === caseId)
if (!spec) throw new Error(`unknown case ${caseId}; one of ${CASES.map((c) => c.id).join(", ")}`)

let fixture: DatabaseFixture | undefined
if (needsSqlite(spec)) fixture = await (await import("./lib/database")).databaseFixture([spec])
try {
  const benchCase = await setupCase(spec, await loadLibrary(spec.library), needsSqlite(spec) ? fixture?.sessionFor(spec) : undefined, Number(count))
  await runOps(benchCase, Number(count))
  if (benchCase.counters.failures > 0) throw new Error(`failures: ${benchCase.counters.lastFailure}`)
  console.log(`${caseId}: ${benchCase.counters.ops} requests`)
} finally {
  await fixture?.cleanup()
}
