/**
 * The app's start-up checks (server/startup-checks.ts): DATABASE_URL and
 * EMAIL_SERVER, one message each naming the variable with a correct example,
 * and the one line that says which mail features are off in production
 * without EMAIL_SERVER.
 */
import { describe, expect, it } from "vitest"
import { checkEnvironmentAtStartup } from "@/lib/auth/next/startup"
import { appEnvironmentChecks, authAdapterCheck, databaseUrlCheck, emailServerCheck, mailFeaturesNotice, mailOriginCheck } from "@/server/startup-checks"

describe("DATABASE_URL", () => {
  it("an unsupported scheme: names it and shows both kinds of URL", () => {
    const [problem] = databaseUrlCheck({ DATABASE_URL: "mysql://root@localhost/app" })
    expect(problem?.variable).toBe("DATABASE_URL")
    expect(problem?.message).toBe(
      'DATABASE_URL: unsupported URL scheme "mysql:" (expected postgresql://, postgres:// or file:). It must be, e.g., DATABASE_URL=file:./prisma/dev.db (SQLite) or DATABASE_URL=postgresql://user:password@localhost:5432/starter',
    )
  })

  it("a PostgreSQL URL without a database, and one with a password: the password is not shown", () => {
    const [problem] = databaseUrlCheck({ DATABASE_URL: "postgresql://alice:hunter2@db.example.com:5432/" })
    expect(problem?.message).toMatch(/^DATABASE_URL: PostgreSQL URL "postgresql:\/\/alice:\*\*\*@db\.example\.com:5432\/" must name one database/)
    expect(problem?.message).not.toContain("hunter2")
  })

  it("accepts the SQLite default, a file URL and a PostgreSQL URL", () => {
    for (const DATABASE_URL of [undefined, "", "file:./prisma/dev.db", "postgresql://postgres@127.0.0.1:5432/starter"]) {
      expect(databaseUrlCheck({ DATABASE_URL })).toEqual([])
    }
  })
})

describe("EMAIL_SERVER", () => {
  it("a host and port without a scheme: names it with an SMTP URL example", () => {
    const [problem] = emailServerCheck({ EMAIL_SERVER: "smtp.example.com:587" })
    expect(problem?.variable).toBe("EMAIL_SERVER")
    expect(problem?.message).toBe(
      `EMAIL_SERVER is set to "smtp.example.com:587", which has no scheme. It must be the SMTP server's URL, starting with smtp:// or smtps://, e.g. EMAIL_SERVER=smtp://user:password@smtp.example.com:587`,
    )
  })

  it("another scheme, and never the password", () => {
    const [problem] = emailServerCheck({ EMAIL_SERVER: "https://mailer:s3cret@smtp.example.com" })
    expect(problem?.message).toContain('which has the scheme "https://"')
    expect(problem?.message).not.toContain("s3cret")
  })

  it("accepts smtp:// and smtps:// URLs (options in the query too), and an unset value", () => {
    for (const EMAIL_SERVER of [undefined, "", "smtp://127.0.0.1:2525", "smtps://u:p@smtp.example.com:465?pool=true"]) {
      expect(emailServerCheck({ EMAIL_SERVER })).toEqual([])
    }
  })
})

describe("AUTH_URL when production sends mail", () => {
  it("EMAIL_SERVER without AUTH_URL in production: names AUTH_URL (links in mail never follow the request's host)", () => {
    const [problem] = mailOriginCheck({ NODE_ENV: "production", AUTH_TRUST_HOST: "true", EMAIL_SERVER: "smtp://127.0.0.1:2525" })
    expect(problem?.variable).toBe("AUTH_URL")
    expect(problem?.message).toMatch(/^AUTH_URL is not set, and this site sends mail/)
  })

  it("nothing to say with AUTH_URL, without mail, or in development (the dev mailbox links to localhost)", () => {
    expect(mailOriginCheck({ NODE_ENV: "production", EMAIL_SERVER: "smtp://127.0.0.1:2525", AUTH_URL: "https://app.example.com" })).toEqual([])
    expect(mailOriginCheck({ NODE_ENV: "production", AUTH_TRUST_HOST: "true" })).toEqual([])
    expect(mailOriginCheck({ NODE_ENV: "development" })).toEqual([])
  })
})

describe("all of them at start-up", () => {
  it("one line per malformed variable, and the server stops", () => {
    const lines: string[] = []
    const exits: number[] = []
    checkEnvironmentAtStartup({
      env: { AUTH_URL: "localhost:4102", DATABASE_URL: "mysql://x/y", EMAIL_SERVER: "mail:25" },
      checks: appEnvironmentChecks,
      print: (l) => lines.push(l),
      exit: (c) => exits.push(c),
    })
    expect(lines.map((l) => /^\[auth\] Refusing to start: (\w+)/.exec(l)?.[1])).toEqual(["AUTH_URL", "DATABASE_URL", "EMAIL_SERVER"])
    expect(exits).toEqual([1])
  })
})

describe("the mail notice", () => {
  it("production without EMAIL_SERVER: names every mail feature that is off and how to turn them on", () => {
    const notice = mailFeaturesNotice({ NODE_ENV: "production" })
    expect(notice).toMatch(/^\[mail\] EMAIL_SERVER is not set, so this site sends no mail\./)
    for (const feature of ["sign-in with an email link", "password reset", "email address verification"]) expect(notice).toContain(feature)
    expect(notice).toContain("EMAIL_SERVER=smtp://")
  })

  it("says nothing when mail works: an SMTP server, or the dev mailbox in development", () => {
    expect(mailFeaturesNotice({ NODE_ENV: "production", EMAIL_SERVER: "smtp://127.0.0.1:2525" })).toBeUndefined()
    expect(mailFeaturesNotice({ NODE_ENV: "development" })).toBeUndefined()
  })
})

describe("AUTH_ADAPTER, the switch to a foreign Auth.js adapter", () => {
  it("AUTH_ADAPTER accepts only drizzle, and only on SQLite", () => {
    expect(authAdapterCheck({ AUTH_ADAPTER: "drizzle", DATABASE_URL: "file:./x.db" })).toEqual([])
    expect(authAdapterCheck({})).toEqual([])
    expect(authAdapterCheck({ AUTH_ADAPTER: "kysely" })[0]?.message).toMatch(/AUTH_ADAPTER/)
    expect(authAdapterCheck({ AUTH_ADAPTER: "drizzle", DATABASE_URL: "postgresql://u@localhost:5432/db" })[0]?.message).toMatch(/SQLite only/)
  })
})
