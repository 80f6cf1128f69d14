/**
 * Which way the app's mail leaves (server/mail/mail-service.ts, mailMode) and
 * the start-up check of the HTTP mail services' variables: EMAIL_SERVER
 * wins, one AUTH_<SERVICE>_KEY selects that service, two keys stop the
 * server with both named, Mailgun needs its domain.
 */
import { describe, expect, it } from "vitest"
import { checkEnvironmentAtStartup } from "@/lib/auth/next/startup"
import { mailMode } from "@/server/mail/deliver"
import { selectedMailService } from "@/server/mail/mail-service"
import { appEnvironmentChecks, mailFeaturesNotice, mailOriginCheck, mailServiceCheck } from "@/server/startup-checks"

describe("selecting the mail service", () => {
  it.each([
    ["AUTH_RESEND_KEY", "resend"],
    ["AUTH_POSTMARK_KEY", "postmark"],
    ["AUTH_SENDGRID_KEY", "sendgrid"],
    ["AUTH_MAILGUN_KEY", "mailgun"],
  ] as const)("%s alone: every mail goes through %s, in production too", (variable, service) => {
    const env: Record<string, string> = { NODE_ENV: "production", [variable]: " key-1 ", AUTH_MAILGUN_DOMAIN: "mg.example.com" }
    expect(mailMode(env)).toBe("api")
    expect(selectedMailService(env)).toMatchObject({ service, settings: { apiKey: "key-1" } })
    expect(mailServiceCheck(env)).toEqual([])
    expect(mailFeaturesNotice(env)).toBeUndefined()
    // Production mail needs AUTH_URL whichever way it leaves.
    expect(mailOriginCheck({ ...env, AUTH_TRUST_HOST: "true" })[0]?.variable).toBe("AUTH_URL")
  })

  it("EMAIL_SERVER wins over a key: SMTP, as before", () => {
    const env = { EMAIL_SERVER: "smtp://127.0.0.1:2525", AUTH_RESEND_KEY: "k", AUTH_POSTMARK_KEY: "k" }
    expect(mailMode(env)).toBe("smtp")
    expect(selectedMailService(env)).toBeUndefined()
    expect(mailServiceCheck(env)).toEqual([])
  })

  it("the API URL from AUTH_<ID>_API_URL; Mailgun's EU host from AUTH_MAILGUN_REGION=EU, unless an API URL is given", () => {
    expect(selectedMailService({ AUTH_SENDGRID_KEY: "k", AUTH_SENDGRID_API_URL: "http://127.0.0.1:9" })?.settings.apiUrl).toBe("http://127.0.0.1:9")
    const mailgun = { AUTH_MAILGUN_KEY: "k", AUTH_MAILGUN_DOMAIN: "mg.example.eu" }
    expect(selectedMailService(mailgun)?.settings).toMatchObject({ apiUrl: undefined, domain: "mg.example.eu" })
    expect(selectedMailService({ ...mailgun, AUTH_MAILGUN_REGION: "eu" })?.settings.apiUrl).toBe("https://api.eu.mailgun.net")
    expect(selectedMailService({ ...mailgun, AUTH_MAILGUN_REGION: "EU", AUTH_MAILGUN_API_URL: "http://proxy.test" })?.settings.apiUrl).toBe("http://proxy.test")
  })
})

describe("the start-up check", () => {
  it("two keys: refused, naming both, and mail is not sent through either", () => {
    const env = { AUTH_RESEND_KEY: "a", AUTH_SENDGRID_KEY: "b" }
    const [problem] = mailServiceCheck(env)
    expect(problem?.variable).toBe("AUTH_RESEND_KEY")
    expect(problem?.message).toBe(
      "AUTH_RESEND_KEY and AUTH_SENDGRID_KEY are set, but the site sends its mail through one service only. Keep exactly one of them (or set EMAIL_SERVER to send through SMTP instead).",
    )
    expect(problem?.message).not.toMatch(/\ba\b.*\bb\b/)
    expect(selectedMailService(env)).toBeUndefined()
  })

  it("Mailgun without its domain: names AUTH_MAILGUN_DOMAIN with an example", () => {
    const [problem] = mailServiceCheck({ AUTH_MAILGUN_KEY: "k" })
    expect(problem?.variable).toBe("AUTH_MAILGUN_DOMAIN")
    expect(problem?.message).toContain("AUTH_MAILGUN_DOMAIN=mg.example.com")
  })

  it("runs with the app's checks: the server stops with one line naming the keys", () => {
    const lines: string[] = []
    const exits: number[] = []
    checkEnvironmentAtStartup({
      env: { AUTH_POSTMARK_KEY: "a", AUTH_MAILGUN_KEY: "b", AUTH_RESEND_KEY: "c" },
      checks: appEnvironmentChecks,
      print: (l) => lines.push(l),
      exit: (c) => exits.push(c),
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("AUTH_RESEND_KEY, AUTH_POSTMARK_KEY and AUTH_MAILGUN_KEY are set")
    expect(exits).toEqual([1])
  })
})
