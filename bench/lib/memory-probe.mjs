// Preloaded into the benchmarked server (NODE_OPTIONS=--import) by bench/load.ts:
// writes this process's memory to LOAD_PROBE_DIR every half second, so the bench
// can read the server's RSS and heap without an endpoint in the app. When the
// bench drops a file named "gc" there, the probe first collects garbage: RSS
// swings by ~100 MB with the heap's GC cycle, so two readings taken at random
// points of that cycle measure the cycle, not growth.
import fs from "node:fs"
import path from "node:path"
import v8 from "node:v8"
import vm from "node:vm"

const dir = process.env.LOAD_PROBE_DIR
if (dir) {
  v8.setFlagsFromString("--expose-gc")
  const gc = vm.runInNewContext("gc")
  const file = path.join(dir, `${process.pid}.json`)
  const request = path.join(dir, "gc")
  let collected = 0
  const write = () => {
    if (fs.existsSync(request)) {
      gc()
      gc()
      collected = Date.now()
    }
    const { rss, heapUsed, heapTotal } = process.memoryUsage()
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ rss, heapUsed, heapTotal, collected }))
      fs.renameSync(`${file}.tmp`, file)
    } catch {
      // the bench has gone; nothing to report to
    }
  }
  setInterval(write, 500).unref()
  write()
}
