/**
 * What `next start` prints while it serves: the WebAuthn "experimental"
 * warning once per process however many bundles load the library, and
 * nothing when clients go away in the middle of a request (a closed tab, a
 * cancelled upload, a dropped connection), which Next.js would otherwise log
 * as `Error: aborted` / ECONNRESET. The server keeps answering afterwards.
 */
import net from "node:net"
import { expect, test } from "@playwright/test"
import { freePort, SEED, seededDatabase, startNextServer, type StartedServer } from "../helpers/next-start"

const SECRET = "server-logs-spec-secret-not-for-production-0123"

/** Sends the head of a POST that announces more body than it sends, then resets the connection. */
function abortedPost(port: number, path: string, extraHeaders: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: 100000\r\n${extraHeaders}\r\ncsrfToken=abc&email=someone%40example.com&password=`,
      )
      setTimeout(() => {
        socket.resetAndDestroy()
        resolve()
      }, afterMs)
    })
    socket.on("error", () => resolve())
  })
}

/** A fetch whose streamed body never ends, cancelled by the client. */
async function cancelledUpload(origin: string, path: string, afterMs: number): Promise<void> {
  const controller = new AbortController()
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("csrfToken=abc&email="))
    },
  })
  const sent = fetch(`${origin}${path}`, {
    method: "POST",
    body,
    duplex: "half",
    signal: controller.signal,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  } as RequestInit).catch(() => undefined)
  await new Promise((resolve) => setTimeout(resolve, afterMs))
  controller.abort()
  await sent
}

test("next start: one experimental-WebAuthn warning, and client aborts are not logged as errors", async ({ browser }) => {
  test.setTimeout(180_000)
  const db = await seededDatabase()
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  let server: StartedServer | undefined
  try {
    server = await startNextServer({ DATABASE_URL: db.url, AUTH_URL: origin, AUTH_SECRET: SECRET, AUTH_SESSION_STRATEGY: "database" }, port)

    // Load every kind of bundle that includes the library: middleware, route handlers and
    // server components (the built-in and the app's sign-in pages, then protected pages).
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/`)
    await page.goto(`${origin}/api/auth/signin`)
    await page.goto(`${origin}/signin`)
    const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as { csrfToken: string }
    const signIn = await page.request.post(`${origin}/api/auth/callback/credentials`, {
      form: { csrfToken, email: SEED.email, password: SEED.password, callbackUrl: `${origin}/dashboard` },
    })
    expect(signIn.url()).toBe(`${origin}/dashboard`)
    await page.goto(`${origin}/dashboard`)
    await expect(page).toHaveURL(`${origin}/dashboard`)
    await page.goto(`${origin}/settings`)
    expect((await page.request.get(`${origin}/api/me`)).status()).toBe(200)
    await context.close()

    const quietBefore = server.output().length
    // Clients that go away mid-request: to an auth route, a page with a server action, an API route.
    for (const afterMs of [0, 20, 200]) {
      await abortedPost(port, "/api/auth/callback/credentials", "", afterMs)
      await abortedPost(port, "/signin", "Next-Action: 0000000000000000000000000000000000000000\r\n", afterMs)
      await abortedPost(port, "/api/me", "", afterMs)
      await cancelledUpload(origin, "/api/auth/callback/credentials", afterMs)
      await cancelledUpload(origin, "/", afterMs)
    }

    // Still serving, and a full request after the aborts works.
    const providers = await fetch(`${origin}/api/auth/providers`)
    expect(providers.status).toBe(200)
    await providers.text()
    await new Promise((resolve) => setTimeout(resolve, 1_000))

    const output = server.output()
    const afterAborts = output.slice(quietBefore)
    expect(afterAborts, afterAborts).not.toMatch(/uncaughtException|ECONNRESET|Error: aborted/)
    const warnings = output.split("\n").filter((line) => line.includes("[auth][warn][experimental-webauthn]"))
    expect(warnings, output).toHaveLength(1)
  } finally {
    await server?.stop()
    db.cleanup()
  }
})
