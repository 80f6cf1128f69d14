/**
 * A real DNS server (dns2, UDP) on 127.0.0.1 answering TXT questions from a
 * table the test fills in, for domain verification. Other names get
 * NXDOMAIN, as an unpublished record would.
 */
import type { AddressInfo } from "node:net"
import dns2 from "dns2"

export interface TestDnsServer {
  /** "127.0.0.1:<port>", as AUTH_DNS_SERVERS takes it. */
  readonly address: string
  /** TXT records by name (lower-case); each record one string. */
  readonly txt: Map<string, string[]>
  close(): Promise<void>
}

/** `port`: a fixed one when the server under test was started knowing it (the browser suite); else any free one. */
export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>()
  const { Packet } = dns2
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      const records = question ? txt.get(question.name.toLowerCase()) : undefined
      if (!question || !records) {
        // NXDOMAIN (3): dns2's typings leave out its RCODE table.
        response.header.rcode = 3
      } else {
        for (const data of records) {
          // dns2 encodes plain records; its typings ask for a class instance.
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data } as unknown as (typeof response.answers)[number])
        }
      }
      send(response)
    },
  })
  await server.listen({ udp: { port, address: "127.0.0.1" } })
  const bound = (server.addresses() as { udp: AddressInfo }).udp.port
  return { address: `127.0.0.1:${bound}`, txt, close: () => Promise.resolve(server.close()).then(() => undefined) }
}
