/**
 * The app's own start-up checks, run by instrumentation.ts through the auth
 * library's mechanism (lib/auth/next/startup.ts): the form of DATABASE_URL and
 * EMAIL_SERVER, each reported by name with a correct example before the
 * server takes a request, and AUTH_URL when production sends mail. And the one line that says which mail features are
 * off when production runs without EMAIL_SERVER.
 */
import { type EnvironmentCheck, InvalidEnvironmentVariable, mailOriginProblem, urlVariableProblem } from "@/lib/auth"
import { DatabaseConfigError, parseDatabaseUrl } from "@/lib/db/url"
import { mailMode } from "@/server/mail/deliver"

type Env = Record<string, string | undefined>

const DATABASE_URL_EXAMPLES = "DATABASE_URL=file:./prisma/dev.db (SQLite) or DATABASE_URL=postgresql://user:password@localhost:5432/starter"
export const EMAIL_SERVER_EXAMPLE = "smtp://user:password@smtp.example.com:587"

/** DATABASE_URL as the Prisma client reads it (lib/db/url.ts): unset means the SQLite default. */
export const databaseUrlCheck: EnvironmentCheck = (env) => {
  try {
    parseDatabaseUrl(env.DATABASE_URL)
    return []
  } catch (error) {
    if (!(error instanceof DatabaseConfigError)) throw error
    return [new InvalidEnvironmentVariable("DATABASE_URL", `${error.message}. It must be, e.g., ${DATABASE_URL_EXAMPLES}`)]
  }
}

/** EMAIL_SERVER, when set: an SMTP URL nodemailer can connect to. */
export const emailServerCheck: EnvironmentCheck = (env) => {
  const problem = urlVariableProblem("EMAIL_SERVER", env.EMAIL_SERVER, {
    protocols: ["smtp", "smtps"],
    example: EMAIL_SERVER_EXAMPLE,
    what: "the SMTP server's URL",
    allowQuery: true,
  })
  return problem ? [problem] : []
}

/**
 * Production with mail on needs AUTH_URL: the links in every mail (sign-in,
 * reset, verification, set a password) are built from it alone, never from
 * the request's host (lib/auth/email/link-origin.ts).
 */
export const mailOriginCheck: EnvironmentCheck = (env) => {
  const problem = mailOriginProblem(env, mailMode(env as NodeJS.ProcessEnv) !== "off")
  return problem ? [problem] : []
}

export const appEnvironmentChecks: readonly EnvironmentCheck[] = [databaseUrlCheck, emailServerCheck, mailOriginCheck]

/**
 * The line to log once at start-up when the site sends no mail (production
 * without EMAIL_SERVER), naming the features that are off; undefined otherwise.
 */
export function mailFeaturesNotice(env: Env = process.env): string | undefined {
  if (mailMode(env as NodeJS.ProcessEnv) !== "off") return undefined
  return (
    "[mail] EMAIL_SERVER is not set, so this site sends no mail. Off: sign-in with an email link, " +
    "password reset (\"Forgot password?\"), email address verification and setting a password by email. " +
    `To turn them on, set EMAIL_SERVER=${EMAIL_SERVER_EXAMPLE} and EMAIL_FROM.`
  )
}
