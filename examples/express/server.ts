/**
 * The Express example: ExpressAuth serves the auth routes under /auth; a
 * session guard protects a page (signed out: to the sign-in page, with the
 * way back in callbackUrl) and a JSON route (signed out: 401); a database
 * outage answers 503 with Retry-After instead of reading as "signed out".
 */
import express, { type Request, type RequestHandler, type Response } from "express"
import { ExpressAuth, getSession } from "../../lib/auth/express"
import { AUTH_BASE_PATH, authConfig } from "./auth"
import { trustProxyFromEnv } from "./trust-proxy"

if (!process.env.AUTH_SECRET) {
  console.error(
    'AUTH_SECRET is not set. Generate one and start again:\n  export AUTH_SECRET="$(node -e "console.log(require(\'node:crypto\').randomBytes(32).toString(\'base64url\'))")"\n  npm start',
  )
  process.exit(1)
}

const app = express()
app.disable("x-powered-by")
// Off unless TRUST_PROXY says otherwise (README: "Behind a proxy").
app.set("trust proxy", trustProxyFromEnv(process.env.TRUST_PROXY))
app.use(AUTH_BASE_PATH, ExpressAuth(authConfig))

/** The database is unreachable (DatabaseUnavailable in lib/auth/errors.ts), told by its stable code. */
function isDatabaseUnavailable(error: unknown): error is { code: string; retryAfterSeconds?: number } {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "database_unavailable"
}

/** Puts the session (or null) on res.locals. An outage answers 503 here: it is not "signed out". */
const readSession: RequestHandler = async (req, res, next) => {
  try {
    res.locals.session = await getSession(req, authConfig)
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    res.set("Retry-After", String(error.retryAfterSeconds ?? 5))
    res.status(503).type("text/plain").send("The database cannot be reached right now. Try again in a moment.")
    return
  }
  next()
}

/** Lets a signed-in request through; any other gets `signedOut`. Runs after readSession. */
const signedInOr =
  (signedOut: (req: Request, res: Response) => void): RequestHandler =>
  (req, res, next) =>
    res.locals.session?.user ? next() : signedOut(req, res)

/** To the built-in sign-in page, which sends the user back here afterwards. */
const toSignIn = (req: Request, res: Response) =>
  res.redirect(`${AUTH_BASE_PATH}/signin?${new URLSearchParams({ callbackUrl: req.originalUrl })}`)
const unauthorized = (_req: Request, res: Response) => res.status(401).json({ error: "Unauthorized" })

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`

app.get("/", readSession, (_req, res) => {
  const user = res.locals.session?.user
  res.send(
    page(
      "Express example",
      user
        ? `<p data-testid="status">Signed in as ${escapeHtml(user.email ?? "")}</p><p><a href="/dashboard">Dashboard</a> · <a href="${AUTH_BASE_PATH}/signout">Sign out</a></p>`
        : `<p data-testid="status">Not signed in</p><p><a href="/dashboard">Dashboard</a> (asks you to sign in) · <a href="${AUTH_BASE_PATH}/signin">Sign in</a></p>`,
    ),
  )
})

app.get("/dashboard", readSession, signedInOr(toSignIn), (_req, res) => {
  const user = res.locals.session!.user!
  res.send(page("Dashboard", `<p data-testid="protected">Only for ${escapeHtml(user.email ?? "")}</p><p><a href="/">Home</a></p>`))
})

app.get("/api/me", readSession, signedInOr(unauthorized), (_req, res) => {
  res.json(res.locals.session)
})

// Anything else that fails: logged here, a plain 500 for the client (no stack trace).
app.use(((error, _req, res, _next) => {
  console.error(error)
  if (!res.headersSent) res.status(500).type("text/plain").send("Something went wrong.")
}) satisfies express.ErrorRequestHandler)

const port = Number(process.env.PORT) || 3000
app.listen(port, (error) => {
  if (error) throw error
  console.log(`Express example listening on http://localhost:${port} (sessions: ${authConfig.session?.strategy})`)
})
