/**
 * The one SMTP server of a Playwright run, as a process of its own (a webServer of
 * playwright.config.ts): every app server sends its mail here, and the workers read
 * it over HTTP. One capture for the whole run is what lets two workers run side by
 * side; a worker-owned SMTP server bound the same port and forced a single worker.
 *
 *   GET /mails?to=ADDRESS&after=ID   the mails with ADDRESS among the envelope
 *                                    recipients and an id above ID, oldest first
 *   GET /last                        the id of the latest mail (0 before any)
 */
import { createServer } from "node:http"
import { startSmtpServer } from "../helpers/smtp"
import { stopWithRun } from "./stop-with-run"

const smtpPort = Number(process.env.E2E_SMTP_PORT)
const httpPort = Number(process.env.E2E_MAIL_PORT)
if (!smtpPort || !httpPort) throw new Error("E2E_SMTP_PORT and E2E_MAIL_PORT are required")

const smtp = await startSmtpServer(smtpPort)
// Ids follow arrival: a worker remembers the last one it had seen when it started.
const ids = new WeakMap<object, number>()
let nextId = 1
const idOf = (mail: object) => {
  let id = ids.get(mail)
  if (id === undefined) ids.set(mail, (id = nextId++))
  return id
}

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1")
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" })
    response.end(JSON.stringify(body))
  }
  const numbered = smtp.mails.map((mail) => ({ id: idOf(mail), mail }))
  if (url.pathname === "/last") return send(200, { id: numbered.at(-1)?.id ?? 0 })
  if (url.pathname !== "/mails") return send(404, { error: "not_found" })
  const to = url.searchParams.get("to")
  if (!to) return send(400, { error: "to_required" })
  const after = Number(url.searchParams.get("after") ?? 0)
  send(
    200,
    numbered
      .filter(({ id, mail }) => id > after && mail.envelopeTo.includes(to))
      .map(({ id, mail }) => ({
        id,
        envelopeTo: mail.envelopeTo,
        envelopeFrom: mail.envelopeFrom,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        raw: mail.raw,
      })),
  )
})
await new Promise<void>((resolve, reject) => {
  http.once("error", reject)
  http.listen(httpPort, "127.0.0.1", () => resolve())
})
console.log(`[e2e-mail] ready: SMTP on ${smtpPort}, mails over HTTP on ${httpPort}`)

const stop = () => void Promise.all([smtp.close(), new Promise((resolve) => http.close(resolve))]).then(() => process.exit(0))
stopWithRun(stop)
