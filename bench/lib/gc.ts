import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

/**
 * V8's `gc()`: the global one under `tsx --expose-gc` or
 * NODE_OPTIONS=--expose-gc, otherwise obtained by setting the flag at run time
 * (contexts created afterwards carry `gc`), so a plain `npm run bench` gets it
 * too. Returns undefined if the runtime refuses; callers then skip collection.
 */
export function loadGc(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc
  if (typeof existing === "function") return existing
  try {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as unknown
    return typeof gc === "function" ? (gc as () => void) : undefined
  } catch {
    return undefined
  }
}
