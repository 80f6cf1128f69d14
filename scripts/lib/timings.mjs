// Where a test run's time went, from what the runners already write: the vitest
// and Playwright JSON reports (per-file and per-test durations) and the wall
// time of each stage, which scripts/test.mjs and .ci/run record in
// test-results/stage-times.json. Read by both to print one table at the end.
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"

/** Adds `{ [stage]: milliseconds }` to the stage-times file, keeping what earlier stages wrote. */
export function recordStage(file, stage, milliseconds) {
  const times = readJson(file) ?? {}
  times[stage] = Math.round(milliseconds)
  writeFileSync(file, `${JSON.stringify(times, null, 2)}\n`)
}

/** Per test file: how long vitest spent on it (its own clock, so files of parallel workers overlap). */
export function vitestFileTimes(report, root) {
  return (report?.testResults ?? [])
    .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
    .map((file) => ({ runner: "vitest", file: path.relative(root, file.name), ms: file.endTime - file.startTime }))
}

/**
 * Per project and per spec file: the sum of every attempt's duration (retries
 * included, since CI waits for them too). The build and server start-up come
 * before the first test and are in no test's duration.
 */
export function playwrightTimes(report) {
  const projects = new Map()
  const files = new Map()
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0)
        projects.set(test.projectName, (projects.get(test.projectName) ?? 0) + ms)
        const key = `${spec.file ?? file} [${test.projectName}]`
        files.set(key, (files.get(key) ?? 0) + ms)
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file)
  }
  for (const suite of report?.suites ?? []) walk(suite, suite.file)
  return {
    projects: [...projects].map(([name, ms]) => ({ name, ms })),
    files: [...files].map(([file, ms]) => ({ runner: "playwright", file: path.join("tests/e2e", file), ms })),
    wallMs: report?.stats?.duration,
  }
}

/** The table printed at the end of a run: each stage, each Playwright project, the ten slowest files. */
export function timingTable({ stages, vitestReport, playwrightReport, root }) {
  const lines = ["", "Time per stage:"]
  const row = (label, ms) => lines.push(`  ${label.padEnd(44)} ${minutes(ms)}`)
  const pw = playwrightTimes(playwrightReport)
  for (const [stage, ms] of Object.entries(stages)) {
    row(stage, ms)
    if (stage === "playwright" && playwrightReport) {
      const tests = pw.projects.reduce((sum, project) => sum + project.ms, 0)
      for (const project of pw.projects.sort((a, b) => b.ms - a.ms)) row(`  project ${project.name} (sum of its tests)`, project.ms)
      // With two workers the tests' durations overlap, and their sum can pass the wall time.
      if (tests <= ms) row("  build, servers, set-up (wall minus tests)", ms - tests)
      else lines.push("    (tests ran side by side in two workers: their sum exceeds the wall time)")
    }
  }
  // Files that only listed or skipped tests took no time worth naming.
  const slowest = [...vitestFileTimes(vitestReport, root), ...pw.files]
    .filter((entry) => entry.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
  if (slowest.length > 0) {
    lines.push("Ten slowest test files:")
    for (const { runner, file, ms } of slowest) lines.push(`  ${minutes(ms)}  ${runner.padEnd(10)} ${file}`)
  }
  return lines.join("\n")
}

export function readJson(file) {
  if (!existsSync(file)) return null
  try {
    return JSON.parse(readFileSync(file, "utf8"))
  } catch {
    return null
  }
}

function minutes(ms) {
  if (!Number.isFinite(ms)) return "     ?"
  const seconds = Math.round(ms / 1000)
  return `${String(Math.floor(seconds / 60)).padStart(3)}:${String(seconds % 60).padStart(2, "0")}`
}
