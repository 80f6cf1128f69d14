/**
 * `npm test` runs the browser suite as two Playwright runs and reports them as one: a failure or
 * a flaky test in either phase must reach the summary line and the table of times.
 */
import { describe, expect, it } from "vitest"
// @ts-expect-error -- a plain .mjs script module without type declarations
import { flakyTitles, mergeReports, playwrightCounts } from "@/scripts/lib/playwright-report.mjs"
// @ts-expect-error -- a plain .mjs script module without type declarations
import { timingTable } from "@/scripts/lib/timings.mjs"

interface Report {
  suites?: unknown[]
  errors?: unknown[]
  stats?: Record<string, number>
}
const merge = mergeReports as (reports: Report[]) => Required<Report>
const counts = playwrightCounts as (report: Report | null) => { passed: number; failed: number }
const flaky = flakyTitles as (report: Report) => string[]
const table = timingTable as (input: { stages: Record<string, number>; vitestReport: null; playwrightReport: Report; root: string }) => string

function suite(file: string, project: string, tests: { title: string; status: string; ms: number }[]) {
  return {
    title: file,
    file,
    specs: tests.map(({ title, status, ms }) => ({ title, file, tests: [{ projectName: project, status, results: [{ duration: ms }] }] })),
  }
}

const alone: Report = {
  suites: [suite("attack.spec.ts", "attack", [{ title: "a burst is refused", status: "expected", ms: 30_000 }])],
  errors: [],
  stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0, duration: 60_000 },
}
const shared: Report = {
  suites: [
    suite("auth.spec.ts", "database", [
      { title: "sign up", status: "expected", ms: 200_000 },
      { title: "sign out", status: "flaky", ms: 100_000 },
    ]),
    suite("auth.spec.ts", "jwt", [{ title: "sign up", status: "unexpected", ms: 150_000 }]),
  ],
  errors: [],
  stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0, duration: 300_000 },
}

describe("the browser suite's two phases as one report", () => {
  it("keeps every phase's tests and sums their counts, so a failure in either fails the run", () => {
    const merged = merge([alone, shared])
    expect(merged.suites).toHaveLength(3)
    expect(counts(merged)).toEqual({ passed: 3, failed: 1 })
  })

  it("counts a global error of one phase (its servers never came up) as a failure", () => {
    const broken: Report = { suites: [], errors: [{ message: "webServer timed out" }], stats: { expected: 0, unexpected: 0, flaky: 0, duration: 600_000 } }
    expect(counts(merge([alone, broken]))).toEqual({ passed: 1, failed: 1 })
    expect(counts(null)).toEqual({ passed: 0, failed: 0 })
  })

  it("names the test that passed only on its retry, with its project", () => {
    expect(flaky(merge([alone, shared]))).toEqual(["[database] auth.spec.ts › sign out"])
  })

  it("lists each project's time, and says so when two workers' tests add up past the wall time", () => {
    const text = table({ stages: { playwright: 400_000 }, vitestReport: null, playwrightReport: merge([alone, shared]), root: "/" })
    expect(text).toMatch(/project database \(sum of its tests\)\s+5:00/)
    expect(text).toMatch(/project jwt \(sum of its tests\)\s+2:30/)
    expect(text).toContain("tests ran side by side in two workers")
    expect(text).not.toContain("wall minus tests")
  })

  it("shows the build and set-up time when the tests took less than the wall time", () => {
    const text = table({ stages: { playwright: 100_000 }, vitestReport: null, playwrightReport: alone, root: "/" })
    expect(text).toMatch(/build, servers, set-up \(wall minus tests\)\s+1:10/)
  })
})
