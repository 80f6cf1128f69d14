#!/usr/bin/env node
// Prints where a CI run's time went (.ci/run calls it last, before the summary):
//
//   node scripts/test-timings.mjs install=<ms> @tests fresh-clone=<ms>
//
// Each `stage=<ms>` is a stage .ci/run timed itself; `@tests` stands for the
// stages scripts/test.mjs recorded (vitest, playwright) in
// test-results/stage-times.json. Then each Playwright project's share and the
// ten slowest test files, from the runners' JSON reports. It only reports:
// it never fails the run (a missing report prints what is known).
import path from "node:path"
import { fileURLToPath } from "node:url"
import { readJson, timingTable } from "./lib/timings.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const results = path.join(root, "test-results")
const recorded = readJson(path.join(results, "stage-times.json")) ?? {}

const stages = {}
for (const arg of process.argv.slice(2)) {
  if (arg === "@tests") {
    Object.assign(stages, recorded)
    continue
  }
  const match = /^([\w-]+)=(\d+)$/.exec(arg)
  if (match) stages[match[1]] = Number(match[2])
  else console.warn(`[timings] ignoring ${arg} (expected stage=<milliseconds> or @tests)`)
}

try {
  console.log(
    timingTable({
      stages,
      vitestReport: "vitest" in stages ? readJson(path.join(results, "vitest.json")) : null,
      playwrightReport: "playwright" in stages ? readJson(path.join(results, "playwright.json")) : null,
      root,
    }),
  )
} catch (error) {
  console.warn(`[timings] could not print the timings: ${error instanceof Error ? error.message : String(error)}`)
}
