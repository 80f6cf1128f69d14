import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, describe, expect, it } from "vitest"
import { installSocketAddressHook } from "@/lib/auth/next/socket-address-hook"
import { SOCKET_ADDRESS_HEADER, socketAddressFromHeaders } from "@/lib/auth/next/socket-address"
import { HANDOVER_HEADER, stampedHandoverId } from "@/lib/auth/next/session-handover"

describe("the socket-address hook on Node's HTTP server", () => {
  installSocketAddressHook()
  const server = http.createServer((req, res) => {
    const headers = new Headers(req.headers as Record<string, string>)
    res.end(JSON.stringify({ seen: socketAddressFromHeaders(headers), handover: stampedHandoverId(headers) }))
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  function get(from: string, headers: Record<string, string>) {
    return seenBy(from, headers).then(({ seen }) => seen)
  }

  function seenBy(from: string, headers: Record<string, string>) {
    const { port } = server.address() as AddressInfo
    return new Promise<{ seen: string; handover: string | null }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, localAddress: from, headers, agent: false }, (res) => {
          let body = ""
          res.on("data", (c) => (body += c))
          res.on("end", () => resolve(JSON.parse(body) as { seen: string; handover: string | null }))
        })
        .on("error", reject)
    })
  }

  it("records the TCP peer, overwriting a forged header and ignoring X-Forwarded-For", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const seen = await get("127.0.0.77", { [SOCKET_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "198.51.100.1" })
    expect(seen).toBe("127.0.0.77")
  })

  it("stamps every request with a fresh session-handover id of its own, replacing one the client sent", async () => {
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const forged = "00000000-0000-4000-8000-000000000000"
    const first = await seenBy("127.0.0.1", { [HANDOVER_HEADER]: forged })
    const second = await seenBy("127.0.0.1", { [HANDOVER_HEADER]: forged })
    expect(first.handover).toMatch(/^[0-9a-f-]{36}$/)
    expect(first.handover).not.toBe(forged)
    expect(second.handover).not.toBe(first.handover)
  })
})
