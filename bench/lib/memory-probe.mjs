// Preloaded into the benchmarked server (NODE_OPTIONS=--import) by bench/load.ts:
// writes this process's memory to LOAD_PROBE_DIR every half second, so the bench
// can read the server's RSS and heap without an endpoint in the app.
import fs from "node:fs"
import path from "node:path"

const dir = process.env.LOAD_PROBE_DIR
if (dir) {
  const file = path.join(dir, `${process.pid}.json`)
  const write = () => {
    const { rss, heapUsed, heapTotal } = process.memoryUsage()
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ rss, heapUsed, heapTotal }))
      fs.renameSync(`${file}.tmp`, file)
    } catch {
      // the bench has gone; nothing to report to
    }
  }
  setInterval(write, 500).unref()
  write()
}
