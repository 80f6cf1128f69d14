/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, a free or given
 * port) that parses every message it receives with mailparser. Tests read
 * the mails, follow their links, and can make the server refuse.
 */
import type { AddressInfo } from "node:net"
import { type ParsedMail, simpleParser } from "mailparser"
import { SMTPServer } from "smtp-server"

export interface ReceivedMail {
  /** Envelope recipients, as the client sent them in RCPT TO. */
  envelopeTo: string[]
  envelopeFrom: string
  parsed: ParsedMail
  subject: string
  text: string
  html: string
  /** The raw message, headers included. */
  raw: string
}

export interface TestSmtpServer {
  port: number
  url: string
  mails: ReceivedMail[]
  /** Runs before a message is accepted; throwing makes the server answer 5xx. */
  beforeAccept?: (envelopeTo: string[]) => void | Promise<void>
  /** Resolves with the next mail sent to `address` (or already received and not yet taken). */
  waitFor(address: string, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters: (() => void)[] = []
  const state: TestSmtpServer = {
    port: 0,
    url: "",
    mails,
    waitFor,
    close,
  }

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8")
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address)
        try {
          await state.beforeAccept?.(envelopeTo)
        } catch (error) {
          const refusal = Object.assign(new Error((error as Error).message), { responseCode: 554 })
          return callback(refusal)
        }
        const parsed = await simpleParser(raw)
        const from = session.envelope.mailFrom
        mails.push({
          envelopeTo,
          envelopeFrom: from ? from.address : "",
          parsed,
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
          raw,
        })
        waiters.splice(0).forEach((wake) => wake())
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  state.port = (server.server.address() as AddressInfo).port
  state.url = `smtp://127.0.0.1:${state.port}`

  async function waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = mails.find((m) => !taken.has(m) && m.envelopeTo.includes(address))
      if (mail) {
        taken.add(mail)
        return mail
      }
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No mail for ${address} within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  function close(): Promise<void> {
    return new Promise((resolve) => server.close(() => resolve()))
  }

  return state
}

/** The first link in a mail's text part that starts with `prefix`. */
export function linkIn(mail: Pick<ReceivedMail, "text">, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
  if (!match) throw new Error(`No link starting with ${prefix} in: ${mail.text}`)
  return match
}

/** nodemailer options for this server: plain SMTP on loopback. */
export function smtpTransportOptions(port: number) {
  return { host: "127.0.0.1", port, secure: false, ignoreTLS: true }
}
