/**
 * The app's own start-up checks, run by instrumentation.ts through the auth
 * library's mechanism (lib/auth/next/startup.ts): the form of DATABASE_URL and
 * EMAIL_SERVER, each reported by name with a correct example before the
 * server takes a request, and AUTH_URL when production sends mail. And the one line that says which mail features are
 * off when production runs without EMAIL_SERVER.
 */
import { type EnvironmentCheck, InvalidEnvironmentVariable, mailOriginProblem, urlVariableProblem } from "@/lib/auth"
import { DatabaseConfigError, parseDatabaseUrl } from "@/lib/db/url"
import { passwordHashCostProblem } from "@/server/accounts/password-cost"
import { mailMode } from "@/server/mail/deliver"
import { MAIL_SERVICE_KEYS, mailServicesWithKey } from "@/server/mail/mail-service"

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

/**
 * Mail over an HTTP API: at most one AUTH_<SERVICE>_KEY, since
 * every mail of the app goes one way and choosing for the operator would
 * hide a mistake; Mailgun also needs its sending domain. With EMAIL_SERVER
 * set, SMTP is used and the keys are not read.
 */
export const mailServiceCheck: EnvironmentCheck = (env) => {
  if (env.EMAIL_SERVER?.trim()) return []
  const services = mailServicesWithKey(env)
  if (services.length > 1) {
    const names = services.map((service) => MAIL_SERVICE_KEYS[service])
    return [
      new InvalidEnvironmentVariable(
        names[0]!,
        `${names.slice(0, -1).join(", ")} and ${names.at(-1)} are set, but the site sends its mail through one service only. ` +
          "Keep exactly one of them (or set EMAIL_SERVER to send through SMTP instead).",
      ),
    ]
  }
  if (services[0] === "mailgun" && !env.AUTH_MAILGUN_DOMAIN?.trim()) {
    return [
      new InvalidEnvironmentVariable(
        "AUTH_MAILGUN_DOMAIN",
        "AUTH_MAILGUN_KEY is set but AUTH_MAILGUN_DOMAIN is not: Mailgun sends from a verified domain named in the API's path. " +
          "Set it, e.g. AUTH_MAILGUN_DOMAIN=mg.example.com (and AUTH_MAILGUN_REGION=EU for an EU account).",
      ),
    ]
  }
  return []
}

/**
 * AUTH_ADAPTER: unset for the starter's Prisma adapter, or "drizzle" for
 * @auth/drizzle-adapter over the same SQLite file (server/drizzle/adapter.ts). Drizzle on
 * PostgreSQL is the example's job (examples/drizzle), not the starter's: refused by name
 * rather than silently served by Prisma.
 */
export const authAdapterCheck: EnvironmentCheck = (env) => {
  const value = env.AUTH_ADAPTER?.trim()
  if (!value) return []
  if (value !== "drizzle") {
    return [new InvalidEnvironmentVariable("AUTH_ADAPTER", `"${value}" is not an adapter this starter knows. Leave it unset (Prisma) or set AUTH_ADAPTER=drizzle.`)]
  }
  try {
    if (parseDatabaseUrl(env.DATABASE_URL).provider === "sqlite") return []
  } catch {
    return [] // databaseUrlCheck names a malformed DATABASE_URL
  }
  return [new InvalidEnvironmentVariable("AUTH_ADAPTER", "AUTH_ADAPTER=drizzle runs the starter on SQLite only: DATABASE_URL must be a file: URL.")]
}

/** PASSWORD_HASH_COST, the test suites' cheaper password hash: never on a server other people reach (server/accounts/password-cost.ts). */
export const passwordHashCostCheck: EnvironmentCheck = (env) => {
  const problem = passwordHashCostProblem(env)
  return problem ? [new InvalidEnvironmentVariable(problem.variable, problem.message)] : []
}

export const appEnvironmentChecks: readonly EnvironmentCheck[] = [
  databaseUrlCheck,
  emailServerCheck,
  mailServiceCheck,
  mailOriginCheck,
  authAdapterCheck,
  passwordHashCostCheck,
]

/**
 * The line to log once at start-up when the site sends no mail (production
 * without EMAIL_SERVER), naming the features that are off; undefined otherwise.
 */
export function mailFeaturesNotice(env: Env = process.env): string | undefined {
  if (mailMode(env as NodeJS.ProcessEnv) !== "off") return undefined
  return (
    "[mail] EMAIL_SERVER is not set, so this site sends no mail. Off: sign-in with an email link, " +
    "password reset (\"Forgot password?\"), email address verification and setting a password by email. " +
    `To turn them on, set EMAIL_SERVER=${EMAIL_SERVER_EXAMPLE} (or one of AUTH_RESEND_KEY, AUTH_POSTMARK_KEY, AUTH_SENDGRID_KEY, AUTH_MAILGUN_KEY) and EMAIL_FROM.`
  )
}
