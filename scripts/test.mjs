#!/usr/bin/env node
// `npm test`: unit + integration tests (vitest), then browser tests
// (Playwright), then one aggregate line `N passed, N failed`.
//
//   npm test                      both runners
//   npm test -- --unit-only [...] vitest only; extra arguments go to vitest
//   npm test -- --e2e-only [...]  Playwright only; extra arguments go to Playwright
//   npm test -- --changed[=REF]   only the tests of what changed against REF (default: the
//                                 branch main when there is one, else HEAD), uncommitted
//                                 changes included: vitest --changed REF (the test files that
//                                 import a changed file, however indirectly) and Playwright
//                                 --only-changed=REF (the spec files that import one). A change
//                                 Playwright cannot follow (a page, a server action: the specs
//                                 reach them over HTTP) selects no spec: run the specs of the
//                                 feature by name, or the whole suite, before merging.
//                                 Combines with --unit-only / --e2e-only.
//
// Counts come from the JSON files the runners write next to their normal
// console output. A runner that crashes, or that exits non-zero without
// reporting a failed test, adds one failure: it never reads as "0 failed".
// Before the summary it prints how long each runner (and each Playwright
// project) took and the ten slowest test files (scripts/lib/timings.mjs);
// .ci/run sets TEST_TIMINGS=off and prints that table itself, with its own stages.
import { execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { binPath } from "./lib/bin.mjs"
import { run } from "./lib/spawn.mjs"
import { flakyTitles, mergeReports, playwrightCounts } from "./lib/playwright-report.mjs"
import { recordStage, timingTable } from "./lib/timings.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const resultsDir = path.join(root, "test-results")
const VITEST_JSON = path.join(resultsDir, "vitest.json")
// playwright.config.ts writes its JSON report there (one per phase, merged into this file).
const PLAYWRIGHT_JSON = path.join(resultsDir, "playwright.json")
// Wall time per stage; .ci/run adds its own (install, fresh clone) to the same file.
const STAGE_TIMES = path.join(resultsDir, "stage-times.json")

const args = process.argv.slice(2)
const unitOnly = args.includes("--unit-only")
const e2eOnly = args.includes("--e2e-only")
const changedArg = args.find((arg) => arg === "--changed" || arg.startsWith("--changed="))
const rest = args.filter((arg) => arg !== "--unit-only" && arg !== "--e2e-only" && arg !== changedArg)
if (unitOnly && e2eOnly) usage("--unit-only and --e2e-only exclude each other")
if (rest.length > 0 && !unitOnly && !e2eOnly) usage(`extra arguments need --unit-only or --e2e-only: ${rest.join(" ")}`)
const changedSince = changedArg === undefined ? undefined : changedArg.includes("=") ? changedArg.slice("--changed=".length) : defaultBase()
if (changedSince === "") usage("--changed= needs a git ref, e.g. --changed=main")

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
mkdirSync(resultsDir, { recursive: true })
rmSync(STAGE_TIMES, { force: true })
if (changedSince !== undefined) console.log(`[test] only the tests of what changed against ${changedSince} (uncommitted changes included)`)

const totals = { passed: 0, failed: 0 }
const add = ({ passed, failed }) => {
  totals.passed += passed
  totals.failed += failed
}

if (!e2eOnly) add(await timed("vitest", () => runVitest([...changedVitestArgs(), ...rest])))
if (!unitOnly) add(await timed("playwright", () => runPlaywright([...changedPlaywrightArgs(), ...rest])))

if (process.env.TEST_TIMINGS !== "off") {
  console.log(
    timingTable({
      stages: readJson(STAGE_TIMES) ?? {},
      // A runner left out of this run: its report on disk is an earlier run's.
      vitestReport: e2eOnly ? null : readJson(VITEST_JSON),
      playwrightReport: unitOnly ? null : readJson(PLAYWRIGHT_JSON),
      root,
    }),
  )
}
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed > 0 ? 1 : 0)

async function timed(stage, task) {
  const started = Date.now()
  try {
    return await task()
  } finally {
    recordStage(STAGE_TIMES, stage, Date.now() - started)
  }
}

/** main when the repository has that branch (a clone of the project does), else HEAD (uncommitted changes only). */
function defaultBase() {
  try {
    execFileSync("git", ["rev-parse", "--verify", "--quiet", "main^{commit}"], { cwd: root, stdio: "ignore" })
    return "main"
  } catch {
    return "HEAD"
  }
}

// With nothing related to run, a runner passes instead of calling "no tests" a failure.
function changedVitestArgs() {
  return changedSince === undefined ? [] : ["--changed", changedSince, "--passWithNoTests"]
}

function changedPlaywrightArgs() {
  return changedSince === undefined ? [] : [`--only-changed=${changedSince}`, "--pass-with-no-tests"]
}

async function runVitest(extra) {
  rmSync(VITEST_JSON, { force: true })
  const outcome = await run(
    process.execPath,
    [binPath("vitest"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_JSON}`, ...extra],
    { cwd: root, env },
  )
  const report = readJson(VITEST_JSON)
  let counts = { passed: 0, failed: 0 }
  if (report) {
    // Files that failed to load or whose hooks threw report no failed test
    // of their own; each still counts as one failure.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"),
    ).length
    counts = { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + brokenFiles }
  }
  return settle("vitest", outcome, counts, report !== null)
}

/**
 * The whole browser suite runs in two phases (E2E_PHASE, playwright.config.ts): the projects that
 * must run alone, one worker, then the ones that share the servers, two workers. The second phase
 * reuses the first one's build. A run narrowed by arguments (--changed, a spec, a project) is one
 * plain Playwright run with one worker.
 */
async function runPlaywright(extra) {
  rmSync(PLAYWRIGHT_JSON, { force: true })
  if (extra.length > 0) return playwrightRun(extra, {}, PLAYWRIGHT_JSON)
  const reports = []
  const counts = { passed: 0, failed: 0 }
  // Only the first phase builds; when its run never reached its tests, the second builds again.
  let built = false
  for (const phase of ["alone", "shared"]) {
    const report = path.join(resultsDir, `playwright-${phase}.json`)
    const started = Date.now()
    const result = await playwrightRun([], { E2E_PHASE: phase, ...(built ? { E2E_SKIP_BUILD: "1" } : {}) }, report)
    console.log(`[test] playwright phase ${phase}: ${Math.round((Date.now() - started) / 1000)} s`)
    counts.passed += result.passed
    counts.failed += result.failed
    built = result.reported
    const json = readJson(report)
    if (json) reports.push(json)
  }
  writeFileSync(PLAYWRIGHT_JSON, JSON.stringify(mergeReports(reports)))
  return counts
}

async function playwrightRun(extra, phaseEnv, reportFile) {
  rmSync(reportFile, { force: true })
  const outcome = await run(process.execPath, [binPath("@playwright/test", "playwright"), "test", ...extra], {
    cwd: root,
    env: { ...env, ...phaseEnv },
  })
  const report = readJson(reportFile)
  const counts = playwrightCounts(report)
  for (const title of flakyTitles(report)) console.warn(`[test] flaky (failed, then passed on its retry): ${title}`)
  const name = phaseEnv.E2E_PHASE ? `playwright (${phaseEnv.E2E_PHASE})` : "playwright"
  // `reported`: the run got as far as its tests, so its build is there for the next phase.
  return { ...settle(name, outcome, counts, report !== null), reported: report !== null && (report.errors?.length ?? 0) === 0 }
}

/** Reconciles a runner's exit with its report so a crash is never a pass. */
function settle(name, outcome, counts, hadReport) {
  const exitedCleanly = !outcome.error && !outcome.signal && outcome.code === 0
  if (!hadReport) {
    console.error(`[test] ${name} wrote no JSON report (${describe(outcome)}); counting it as 1 failure.`)
    return { passed: counts.passed, failed: Math.max(counts.failed, 1) }
  }
  if (!exitedCleanly && counts.failed === 0) {
    console.error(`[test] ${name} ${describe(outcome)} without a failed test in its report; counting 1 failure.`)
    return { passed: counts.passed, failed: 1 }
  }
  return counts
}

function describe({ code, signal, error }) {
  if (error) return `could not start: ${error.message}`
  if (signal) return `was killed by ${signal}`
  return `exited with code ${code}`
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"))
  } catch {
    return null
  }
}

function usage(message) {
  console.error(`scripts/test.mjs: ${message}`)
  console.error("usage: npm test [-- [--changed[=REF]] [--unit-only|--e2e-only [runner arguments...]]]")
  console.log("0 passed, 1 failed")
  process.exit(2)
}
