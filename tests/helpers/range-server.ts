/**
 * A local k-anonymity range API (the Pwned Passwords shape) on 127.0.0.1, so
 * the breached-password check is tested against a real HTTP server and never
 * an outside service. It knows the passwords it is given, answers each prefix
 * with their suffixes plus padding lines (count 0), and records every request
 * as the service would see it.
 */
import { createHash } from "node:crypto"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export interface RangeRequest {
  path: string
  headers: IncomingHttpHeaders
}

export type RangeBehaviour =
  | { kind: "answer" }
  | { kind: "status"; status: number }
  | { kind: "delay"; ms: number }
  | { kind: "body"; body: string }

export interface RangeServer {
  /** The endpoint to put in AUTH_BREACHED_PASSWORDS_URL (no trailing prefix). */
  url: string
  requests: RangeRequest[]
  /** What the next requests get; "answer" (the real range answer) by default. */
  behave(behaviour: RangeBehaviour): void
  /** A suffix that only appears as a padding line (count 0) under this password's prefix. */
  padWith(password: string): void
  close(): Promise<void>
}

export const sha1Upper = (text: string) => createHash("sha1").update(text, "utf8").digest("hex").toUpperCase()

/** A fake suffix that is not `suffix`, for padding lines. */
function padding(seed: number): string {
  return createHash("sha1").update(`padding-${seed}`).digest("hex").toUpperCase().slice(5)
}

export async function startRangeServer(breached: Record<string, number>): Promise<RangeServer> {
  const requests: RangeRequest[] = []
  const known = new Map<string, Map<string, number>>()
  const add = (password: string, count: number) => {
    const hash = sha1Upper(password)
    const bucket = known.get(hash.slice(0, 5)) ?? new Map<string, number>()
    bucket.set(hash.slice(5), count)
    known.set(hash.slice(0, 5), bucket)
  }
  for (const [password, count] of Object.entries(breached)) add(password, count)
  let behaviour: RangeBehaviour = { kind: "answer" }

  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? "", headers: request.headers })
    const current = behaviour
    if (current.kind === "status") {
      response.writeHead(current.status).end("unavailable")
      return
    }
    if (current.kind === "body") {
      response.writeHead(200, { "content-type": "text/plain" }).end(current.body)
      return
    }
    const answer = () => {
      const prefix = (request.url ?? "").split("/").pop()?.toUpperCase() ?? ""
      const lines = [...(known.get(prefix) ?? new Map<string, number>())].map(([suffix, count]) => `${suffix}:${count}`)
      // Padding as the real service sends it when asked: extra suffixes with the count 0.
      if (request.headers["add-padding"] === "true") for (let i = 0; i < 5; i++) lines.push(`${padding(i)}:0`)
      response.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"))
    }
    if (current.kind === "delay") setTimeout(answer, current.ms)
    else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/range`,
    requests,
    behave: (next) => {
      behaviour = next
    },
    padWith: (password) => add(password, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
