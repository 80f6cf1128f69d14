/**
 * A worker's view of the run's mail capture (mail-capture-server.ts): the mails
 * sent to one address, read over HTTP. Every test mails addresses of its own, so
 * filtering by recipient keeps two workers out of each other's mail.
 */
import type { ReceivedMail } from "../helpers/smtp"

/** A captured mail as the capture serves it (no parsed MIME tree). */
export type CapturedMail = Omit<ReceivedMail, "parsed"> & { id: number }

export interface MailCapture {
  /** Resolves with the next mail sent to `address` since this worker started and not yet taken. */
  waitFor(address: string, timeoutMs?: number): Promise<CapturedMail>
  /** Every mail sent to `address` since this worker started, taken or not, oldest first. */
  mailsTo(address: string): Promise<CapturedMail[]>
}

const POLL_MS = 100

/**
 * Connects to the capture at `baseUrl`. Mails that arrived before are left out: a retry
 * runs in a fresh worker and must not read what a failed attempt was sent, as it could
 * not when each worker had an SMTP server of its own.
 */
export async function connectMailCapture(baseUrl: string): Promise<MailCapture> {
  const get = async <T>(pathAndQuery: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${pathAndQuery}`)
    if (!response.ok) throw new Error(`mail capture answered ${response.status} to ${pathAndQuery}`)
    return (await response.json()) as T
  }
  const { id: seenBefore } = await get<{ id: number }>("/last")
  const taken = new Set<number>()
  const mailsTo = (address: string) => get<CapturedMail[]>(`/mails?to=${encodeURIComponent(address)}&after=${seenBefore}`)

  async function waitFor(address: string, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = (await mailsTo(address)).find((m) => !taken.has(m.id))
      if (mail) {
        taken.add(mail.id)
        return mail
      }
      if (Date.now() >= deadline) throw new Error(`No mail for ${address} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))))
    }
  }

  return { waitFor, mailsTo }
}
