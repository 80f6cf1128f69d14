/**
 * A real Express 5 server on loopback for the Express variant's tests, and
 * transports that reach it the way a browser would: directly, or through a
 * proxy that adds X-Forwarded-Proto/-Host for a public https origin.
 */
import type { AddressInfo } from "node:net"
import express, { type Express } from "express"
import type { Transport } from "../support"

export interface RunningServer {
  origin: string
  close(): Promise<void>
}

export async function listen(app: Express): Promise<RunningServer> {
  const server = app.listen(0, "127.0.0.1")
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve)
    server.once("error", reject)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Sends the Request to the server as is; redirects are returned, not followed. */
export function direct(): Transport {
  return (request) => fetch(request, { redirect: "manual" })
}

/**
 * A reverse proxy in front of the server: the browser talks to `publicOrigin`,
 * the proxy forwards to `serverOrigin` and says where the request came in.
 */
export function viaProxy(serverOrigin: string, publicOrigin: string, clientAddress = "203.0.113.9"): Transport {
  const outside = new URL(publicOrigin)
  return async (request) => {
    const url = new URL(request.url)
    const headers = new Headers(request.headers)
    headers.set("x-forwarded-proto", outside.protocol.replace(":", ""))
    headers.set("x-forwarded-host", outside.host)
    headers.set("x-forwarded-for", clientAddress)
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer()
    return fetch(`${serverOrigin}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: "manual" })
  }
}

export { express }
