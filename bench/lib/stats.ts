/** Summary of per-operation durations, all in microseconds. */
export interface TimingSummary {
  ops: number
  meanUs: number
  p50Us: number
  p99Us: number
  minUs: number
  opsPerSec: number
}

/** Nearest-rank percentile of an ascending array. */
function percentile(sorted: Float64Array, p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN
}

/** `samplesNs` holds one duration per operation, in nanoseconds. */
export function summarize(samplesNs: Float64Array): TimingSummary {
  const sorted = Float64Array.from(samplesNs).sort()
  let total = 0
  for (const sample of sorted) total += sample
  const meanNs = total / sorted.length
  return {
    ops: sorted.length,
    meanUs: meanNs / 1000,
    p50Us: percentile(sorted, 50) / 1000,
    p99Us: percentile(sorted, 99) / 1000,
    minUs: (sorted[0] ?? Number.NaN) / 1000,
    // One request at a time, so throughput is the inverse of the mean.
    opsPerSec: 1e9 / meanNs,
  }
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
