// What scripts/test.mjs reads from Playwright's JSON reports: the counts of a run, the tests that
// passed only on their retry, and one report made of the phases' reports (playwright.config.ts,
// PHASES), in the shape scripts/lib/timings.mjs reads.

/**
 * Passed and failed tests of one report. A flaky test passed on its retry; a global error (a web
 * server that never came up, a broken config) is a failure even though no test reports it.
 */
export function playwrightCounts(report) {
  if (!report) return { passed: 0, failed: 0 }
  const stats = report.stats ?? {}
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  }
}

/** Titles of the tests Playwright reports as flaky, with their project: a retry must never pass unnoticed. */
export function flakyTitles(report) {
  const titles = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") titles.push(`[${test.projectName}] ${[...path, spec.title].join(" › ")}`)
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report?.suites ?? []) walk(suite, [suite.title])
  return titles
}

/** The phases' reports as one: every suite and global error, the counts and durations summed. */
export function mergeReports(reports) {
  const sum = (key) => reports.reduce((total, report) => total + (report.stats?.[key] ?? 0), 0)
  return {
    suites: reports.flatMap((report) => report.suites ?? []),
    errors: reports.flatMap((report) => report.errors ?? []),
    stats: { expected: sum("expected"), unexpected: sum("unexpected"), flaky: sum("flaky"), skipped: sum("skipped"), duration: sum("duration") },
  }
}
