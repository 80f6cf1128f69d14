#!/usr/bin/env node
// `npm test`: unit + integration tests (vitest), then browser tests
// (Playwright), then one aggregate line `N passed, N failed`.
//
//   npm test                      both runners
//   npm test -- --unit-only [...] vitest only; extra arguments go to vitest
//   npm test -- --e2e-only [...]  Playwright only; extra arguments go to Playwright
//
// Counts come from the JSON files the runners write next to their normal
// console output. A runner that crashes, or that exits non-zero without
// reporting a failed test, adds one failure: it never reads as "0 failed".
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { binPath } from "./lib/bin.mjs"
import { run } from "./lib/spawn.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const resultsDir = path.join(root, "test-results")
const VITEST_JSON = path.join(resultsDir, "vitest.json")
// playwright.config.ts writes its JSON report to the same place.
const PLAYWRIGHT_JSON = path.join(resultsDir, "playwright.json")

const args = process.argv.slice(2)
const unitOnly = args.includes("--unit-only")
const e2eOnly = args.includes("--e2e-only")
const rest = args.filter((arg) => arg !== "--unit-only" && arg !== "--e2e-only")
if (unitOnly && e2eOnly) usage("--unit-only and --e2e-only exclude each other")
if (rest.length > 0 && !unitOnly && !e2eOnly) usage(`extra arguments need --unit-only or --e2e-only: ${rest.join(" ")}`)

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
mkdirSync(resultsDir, { recursive: true })

const totals = { passed: 0, failed: 0 }
const add = ({ passed, failed }) => {
  totals.passed += passed
  totals.failed += failed
}

if (!e2eOnly) add(await runVitest(rest))
if (!unitOnly) add(await runPlaywright(rest))

console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed > 0 ? 1 : 0)

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

async function runPlaywright(extra) {
  rmSync(PLAYWRIGHT_JSON, { force: true })
  const outcome = await run(process.execPath, [binPath("@playwright/test", "playwright"), "test", ...extra], {
    cwd: root,
    env,
  })
  const report = readJson(PLAYWRIGHT_JSON)
  let counts = { passed: 0, failed: 0 }
  if (report) {
    const stats = report.stats ?? {}
    // Flaky tests passed on a retry; global errors (web server, config) fail the run.
    counts = {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    }
    for (const title of flakyTitles(report)) console.warn(`[test] flaky (failed, then passed on its retry): ${title}`)
  }
  return settle("playwright", outcome, counts, report !== null)
}

/** Titles of the tests Playwright reports as flaky, with their project: a retry must never pass unnoticed. */
function flakyTitles(report) {
  const titles = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") titles.push(`[${test.projectName}] ${[...path, spec.title].join(" › ")}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
  return titles
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
  console.error("usage: npm test [-- --unit-only|--e2e-only [runner arguments...]]")
  console.log("0 passed, 1 failed")
  process.exit(2)
}
