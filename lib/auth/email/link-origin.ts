/**
 * The origin every link in a mail is built from: the configured public URL
 * (AUTH_URL), never a request header. A mail is read later, somewhere else,
 * by someone other than the client that asked for it; a Host or
 * X-Forwarded-Host the asker chose would send the victim's sign-in, reset or
 * verification link to the asker's domain. So the request's origin, trusted
 * or not, never reaches a mail. Without AUTH_URL, development uses the local
 * server (http://localhost:$PORT); production refuses to send mail at all
 * (mailOriginProblem, reported at start-up).
 */
import { authUrlFromEnv, type Env } from "../env"
import { InvalidEnvironmentVariable } from "../errors"

/** AUTH_URL's origin when it is a usable http(s) URL; a malformed one is reported by its own check. */
export function configuredOrigin(env: Env): string | undefined {
  const value = authUrlFromEnv(env)
  if (!value) return undefined
  try {
    const url = new URL(value.trim())
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Where links in mail point: AUTH_URL's origin; without it, the local server
 * on PORT (which `next dev`, `next start` and most Node servers set; 3000
 * otherwise). Outside development that fallback is never reached with mail
 * on, because start-up refuses (mailOriginProblem): the worst it can give is
 * a link to localhost, never to a host a client named.
 */
export function mailLinkOrigin(env: Env): string {
  const port = env.PORT?.trim() ?? ""
  return configuredOrigin(env) ?? `http://localhost:${/^\d{1,5}$/.test(port) && Number(port) <= 65535 ? port : "3000"}`
}

/**
 * The reason a production site that sends mail cannot start: no AUTH_URL to
 * build its links from. Undefined in development, when AUTH_URL is usable,
 * or when the site sends no mail.
 */
export function mailOriginProblem(env: Env, sendsMail: boolean): InvalidEnvironmentVariable | undefined {
  if (!sendsMail || env.NODE_ENV !== "production" || configuredOrigin(env) !== undefined) return undefined
  return new InvalidEnvironmentVariable(
    "AUTH_URL",
    "AUTH_URL is not set, and this site sends mail (sign-in links, password resets, address verification). " +
      "Links in mail are built only from AUTH_URL, never from the request's Host or X-Forwarded-Host headers, which any client can choose. " +
      "Set AUTH_URL to the site's public URL, e.g. AUTH_URL=https://app.example.com",
  )
}
