/**
 * Memory per library, measured the same way for each: every case runs alone
 * in a fresh child process that imports only its own library, so RSS and heap
 * figures belong to that library and not to whatever else the parent loaded.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

export interface MemoryResult {
  /** Heap in use after the run (after a full GC) minus before the library was imported. */
  heapRetainedBytes: number
  /** Heap growth across the measured ops alone (after a full GC on both ends). */
  heapGrowthBytes: number
  /** Bytes allocated per GET /session (freed or not), from V8's GC statistics. */
  allocatedBytesPerOp: number
  rssAfterBytes: number
  /** RSS after the run minus RSS at child start (before the library was imported). */
  rssDeltaBytes: number
  maxRssBytes: number
  ops: number
  gcAvailable: boolean
}

export interface MemoryChildInput {
  caseId: string
  ops: number
  warmup: number
  databaseUrl?: string
  sessionToken?: string
}

const CHILD = fileURLToPath(new URL("./memory-child.ts", import.meta.url))

/** Runs one case in a child process (same Node, same tsx loader) and returns its report. */
export function measureMemory(input: MemoryChildInput): Promise<MemoryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, "--expose-gc", CHILD], {
      env: { ...process.env, BENCH_CHILD_INPUT: JSON.stringify(input) },
      stdio: ["ignore", "pipe", "inherit"],
    })
    let stdout = ""
    child.stdout.setEncoding("utf8")
    child.stdout.on("data", (chunk: string) => (stdout += chunk))
    child.on("error", reject)
    child.on("close", (code) => {
      const line = stdout.trim().split("\n").at(-1) ?? ""
      if (code !== 0) return reject(new Error(`memory child for ${input.caseId} exited with ${code}: ${stdout.trim()}`))
      try {
        resolve(JSON.parse(line) as MemoryResult)
      } catch {
        reject(new Error(`memory child for ${input.caseId} printed no result: ${stdout.trim()}`))
      }
    })
  })
}
