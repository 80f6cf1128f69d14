// A TCP proxy of the tests' own between the app and a server (PostgreSQL), so a test can cut
// the database away mid-run and bring it back: cut() resets every open connection and refuses
// new ones; restore() accepts again. Listens on an OS-chosen loopback port.
import net from "node:net"

export interface TcpProxy {
  readonly port: number
  /** Resets every connection through the proxy and refuses new ones until restore(). */
  cut(): void
  restore(): void
  /** Connections currently open through the proxy. */
  readonly openConnections: number
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>()
  let isCut = false

  const server = net.createServer((client) => {
    if (isCut) {
      client.resetAndDestroy()
      return
    }
    const upstream = net.connect(target.port, target.host)
    const pair = { client, upstream }
    pairs.add(pair)
    const drop = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on("error", drop)
    upstream.on("error", drop)
    client.on("close", drop)
    upstream.on("close", drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const { port } = server.address() as net.AddressInfo

  const cut = () => {
    isCut = true
    for (const { client, upstream } of pairs) {
      // A reset, as when a database host or a network path dies, not a polite close.
      client.resetAndDestroy()
      upstream.destroy()
    }
    pairs.clear()
  }

  return {
    port,
    cut,
    restore() {
      isCut = false
    },
    get openConnections() {
      return pairs.size
    },
    async close() {
      cut()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
