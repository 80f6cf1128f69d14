/** The printed table and the JSON written to bench/results.json. */
import { cpus, loadavg } from "node:os"

import type { CaseSpec } from "./cases"
import type { MemoryResult } from "./memory"
import { round, type TimingSummary } from "./stats"

export interface CaseResult {
  spec: CaseSpec
  timing: TimingSummary
  setCookiesPerOp: number
  memory?: MemoryResult
}

export interface Ratio {
  name: string
  ours: string
  authCore: string
  /** @auth/core mean time ÷ ours. */
  meanRatio: number
  p50Ratio: number
  /** The target for this pair, if it sets one. */
  target: number | null
  meetsTarget: boolean | null
}

export interface Settings {
  n: number
  rounds: number
  warmup: number
  memoryOps: number | null
  gcBetweenPhases: boolean
}

export function computeRatio(name: string, ours: CaseResult, authCore: CaseResult, target?: number): Ratio {
  const meanRatio = authCore.timing.meanUs / ours.timing.meanUs
  return {
    name,
    ours: ours.spec.id,
    authCore: authCore.spec.id,
    meanRatio,
    p50Ratio: authCore.timing.p50Us / ours.timing.p50Us,
    target: target ?? null,
    meetsTarget: target === undefined ? null : meanRatio >= target,
  }
}

const kb = (bytes: number) => `${round(bytes / 1024, 1)}`
const mb = (bytes: number) => `${round(bytes / (1024 * 1024), 1)}`

export function formatTable(results: readonly CaseResult[], ratios: readonly Ratio[]): string {
  const header = ["case", "mean µs", "p50 µs", "p99 µs", "ops/s", "Set-Cookie/op", "alloc KB/op", "heap Δ MB", "RSS MB"]
  const rows = results.map((r) => [
    r.spec.label,
    round(r.timing.meanUs).toFixed(1),
    round(r.timing.p50Us).toFixed(1),
    round(r.timing.p99Us).toFixed(1),
    Math.round(r.timing.opsPerSec).toString(),
    round(r.setCookiesPerOp, 2).toFixed(2),
    r.memory ? kb(r.memory.allocatedBytesPerOp) : "-",
    r.memory ? mb(r.memory.heapRetainedBytes) : "-",
    r.memory ? mb(r.memory.rssAfterBytes) : "-",
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")
  const out = [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line), ""]
  for (const ratio of ratios) {
    const verdict = ratio.target === null ? "(no target)" : `target ≥ ${ratio.target}×: ${ratio.meetsTarget ? "meets" : "MISSES"}`
    out.push(
      `${ratio.name.padEnd(48)} ${round(ratio.meanRatio, 2).toFixed(2).padStart(6)}× (p50 ${round(ratio.p50Ratio, 2).toFixed(2)}×)  ${verdict}`,
    )
  }
  return out.join("\n")
}

export function environment() {
  const cpuList = cpus()
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: cpuList[0]?.model ?? "unknown",
    cpus: cpuList.length,
    loadavg: loadavg().map((v) => round(v, 2)),
  }
}

export function resultsJson(settings: Settings, results: readonly CaseResult[], ratios: readonly Ratio[]) {
  return {
    generatedAt: new Date().toISOString(),
    environment: environment(),
    settings,
    notes: [
      "Each op is one GET /auth/session handled in-process (standard Request in, Response out); the clock covers the library call and reading the response body.",
      "Clients behave like a browser: Set-Cookie from each response is applied before the next request, so a library that re-issues the session token is sent the new token.",
      "Timing rounds are interleaved across cases after a warm-up, with a full GC before each case's share of a round.",
      "Memory is measured per case in a fresh child process that imports only that library: heap Δ = heap after the run (after GC) minus before importing the library; alloc/op from V8 GC statistics.",
      "Database cases: both libraries get the same PrismaAdapter over one freshly migrated SQLite file; the provider list is credentials + an OAuth stub because Auth.js rejects the database strategy with credentials alone.",
      "In-memory adapter cases: the same database-strategy configuration over an adapter backed by Maps, i.e. each library's own per-request overhead without the storage cost (no target: informational).",
    ],
    cases: results.map((r) => ({
      id: r.spec.id,
      label: r.spec.label,
      library: r.spec.library,
      strategy: r.spec.strategy,
      updateAge: r.spec.updateAge ?? "default (86400)",
      timing: {
        ops: r.timing.ops,
        meanUs: round(r.timing.meanUs, 2),
        p50Us: round(r.timing.p50Us, 2),
        p99Us: round(r.timing.p99Us, 2),
        minUs: round(r.timing.minUs, 2),
        opsPerSec: Math.round(r.timing.opsPerSec),
      },
      setCookiesPerOp: round(r.setCookiesPerOp, 3),
      memory: r.memory
        ? {
            allocatedBytesPerOp: Math.round(r.memory.allocatedBytesPerOp),
            heapRetainedBytes: r.memory.heapRetainedBytes,
            heapGrowthBytes: r.memory.heapGrowthBytes,
            rssAfterBytes: r.memory.rssAfterBytes,
            rssDeltaBytes: r.memory.rssDeltaBytes,
            maxRssBytes: r.memory.maxRssBytes,
            ops: r.memory.ops,
          }
        : null,
    })),
    ratios: ratios.map((r) => ({ ...r, meanRatio: round(r.meanRatio, 2), p50Ratio: round(r.p50Ratio, 2) })),
  }
}
