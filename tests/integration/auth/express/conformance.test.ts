/**
 * The endpoint conformance table through the Express variant: every case is
 * real HTTP to an Express 5 server on loopback with ExpressAuth mounted at
 * /auth.
 */
import type { RequestHandler } from "express"
import { ExpressAuth } from "@/lib/auth/express"
import { runConformance } from "@/tests/helpers/conformance"
import { direct, express, listen } from "./server"

runConformance("Express middleware", async () => {
  const app = express()
  // One server for the whole table; each case swaps in the middleware for its config.
  let current: RequestHandler = (_req, res) => void res.status(503).end()
  app.use("/auth", (req, res, next) => current(req, res, next))
  const server = await listen(app)
  return {
    mount: async (config) => {
      current = ExpressAuth(config)
      return { origin: server.origin, send: direct() }
    },
    stop: () => server.close(),
  }
})
