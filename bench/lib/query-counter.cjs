/**
 * bench:http's database query counter, preloaded into `next start` with
 * NODE_OPTIONS=--require (only when BENCH_QUERY_COUNTER_PORT is set). It
 * counts every SQL statement better-sqlite3 runs in the process (Prisma's
 * SQLite adapter and the next-auth app's adapter both run on it) and answers
 * the running total on GET http://127.0.0.1:$BENCH_QUERY_COUNTER_PORT/.
 * The benchmark reads it before and after a number of requests.
 */
"use strict"
// A --require preload runs before any ESM loader: CommonJS it has to be.
/* eslint-disable @typescript-eslint/no-require-imports */
const http = require("node:http")

const port = Number(process.env.BENCH_QUERY_COUNTER_PORT)
if (Number.isInteger(port) && port > 0) {
  const Database = require("better-sqlite3")
  const probe = new Database(":memory:")
  const statement = Object.getPrototypeOf(probe.prepare("SELECT 1"))
  probe.close()
  let count = 0
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = statement[method]
    statement[method] = function counted(...args) {
      count += 1
      return original.apply(this, args)
    }
  }
  const exec = Database.prototype.exec
  Database.prototype.exec = function counted(...args) {
    count += 1
    return exec.apply(this, args)
  }
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" })
    response.end(String(count))
  })
  server.listen(port, "127.0.0.1")
  server.unref()
}
