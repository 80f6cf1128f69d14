/**
 * What a codemod run did and could not do, one line per place in the app, so
 * that the person moving the app knows exactly what is left by hand.
 */
export type FindingKind = "changed" | "manual" | "note"

export interface Finding {
  readonly kind: FindingKind
  /** Path relative to the app's folder. */
  readonly file: string
  /** 1-based; 0 when the finding is about a whole file or folder. */
  readonly line: number
  readonly message: string
}

export interface Report {
  readonly appDir: string
  readonly dryRun: boolean
  readonly findings: Finding[]
  /** Files whose text the run changed (or would change, with --dry-run). */
  readonly changedFiles: string[]
}

export function newReport(appDir: string, dryRun: boolean): Report {
  return { appDir, dryRun, findings: [], changedFiles: [] }
}

const HEADINGS: Record<FindingKind, string> = {
  changed: "Changed",
  manual: "Not changed, to do by hand (see docs/migrating-from-next-auth.md)",
  note: "Notes (works, but behaves differently or needs a look)",
}

export function formatReport(report: Report): string {
  const lines = [`next-auth → starter: ${report.appDir}${report.dryRun ? " (dry run: nothing written)" : ""}`]
  for (const kind of ["changed", "manual", "note"] as const) {
    const findings = report.findings.filter((finding) => finding.kind === kind)
    if (findings.length === 0) continue
    lines.push("", `${HEADINGS[kind]} (${findings.length}):`)
    for (const finding of findings) lines.push(`  ${finding.line > 0 ? `${finding.file}:${finding.line}` : finding.file}  ${finding.message}`)
  }
  if (!report.findings.some((finding) => finding.kind === "changed")) lines.push("", "Nothing to change: the app's imports and configuration are already the starter's.")
  return lines.join("\n")
}

/** 2 when something is left by hand, 0 otherwise: the exit code main.ts ends with. */
export function exitCode(report: Report): 0 | 2 {
  return report.findings.some((finding) => finding.kind === "manual") ? 2 : 0
}
