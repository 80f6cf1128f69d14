/**
 * The app's server actions, called the way an attacker would call them: raw
 * POSTs to a `next start` of its own with the action ids of this build (read
 * from its server-reference manifest), wrong argument types, unknown or
 * garbled Next-Action ids and a broken multipart body. Where our code runs,
 * the answer is the action's own form error, never a 500; where Next decodes
 * the request before our code runs, its answer is recorded in
 * docs/decisions/runtime-and-startup.md ("Malformed server-action payloads"). No response body
 * shows a stack trace in any case.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { freePort, ROOT, SEED, seededDatabase, startNextServer, type StartedServer } from "../helpers/next-start"

interface ManifestEntry {
  workers: Record<string, unknown>
  filename?: string
  exportedName?: string
}

/** The app's own actions that take (previous state, form), by the page that posts them. */
const FORM_ACTIONS = [
  { page: "/signup", file: "app/signup/actions.ts", name: "signUpAction" },
  { page: "/forgot-password", file: "app/forgot-password/actions.ts", name: "forgotPasswordAction" },
  { page: "/reset-password", file: "app/reset-password/actions.ts", name: "resetPasswordAction" },
  { page: "/set-password", file: "app/set-password/actions.ts", name: "setPasswordAction" },
  { page: "/settings", file: "app/(protected)/settings/actions.ts", name: "updateNameAction" },
  { page: "/settings", file: "app/(protected)/settings/password-actions.ts", name: "changePasswordAction" },
  { page: "/settings", file: "app/(protected)/settings/passkey-actions.ts", name: "renamePasskeyAction" },
  { page: "/settings", file: "app/(protected)/settings/passkey-actions.ts", name: "deletePasskeyAction" },
  { page: "/settings", file: "app/(protected)/settings/session-actions.ts", name: "revokeSessionAction" },
  { page: "/settings", file: "app/(protected)/settings/linked-account-actions.ts", name: "unlinkAccountAction" },
  { page: "/settings", file: "app/(protected)/settings/two-factor-actions.ts", name: "confirmTwoFactorSetupAction" },
]

function actionIds(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, ManifestEntry>
  }
  const ids = new Map<string, string>()
  for (const [id, entry] of Object.entries(manifest.node)) ids.set(`${entry.filename}#${entry.exportedName}`, id)
  return ids
}

function expectNoStack(body: string): void {
  expect(body).not.toMatch(/\n\s+at\s/)
  expect(body).not.toMatch(/\/work\/|node_modules|\.ts:\d+|\.js:\d+|file:\/\//)
  expect(body).not.toMatch(/\b(TypeError|ReferenceError|SyntaxError)\b/)
}

let server: StartedServer
let cleanup: () => void
let sessionCookie = ""

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const db = await seededDatabase()
  cleanup = db.cleanup
  const port = await freePort()
  server = await startNextServer(
    {
      DATABASE_URL: db.url,
      AUTH_SECRET: "server-actions-spec-secret-not-for-production-0123",
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_SESSION_STRATEGY: "database",
      EMAIL_SERVER: "",
    },
    port,
  )
})

test.afterAll(async () => {
  await server?.stop()
  cleanup?.()
})

/** Signs the seed account in over HTTP and keeps its cookies for the settings actions. */
async function signIn(): Promise<string> {
  if (sessionCookie) return sessionCookie
  const csrf = await fetch(`${server.origin}/api/auth/csrf`)
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await fetch(`${server.origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, email: SEED.email, password: SEED.password }),
  })
  sessionCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session-token"))
    .join("; ")
  expect(sessionCookie).not.toBe("")
  return sessionCookie
}

async function post(page: string, headers: Record<string, string>, body: BodyInit): Promise<{ status: number; body: string }> {
  const res = await fetch(`${server.origin}${page}`, {
    method: "POST",
    redirect: "manual",
    headers: { accept: "text/x-component", origin: server.origin, ...headers },
    body,
  })
  return { status: res.status, body: await res.text() }
}

test("wrong argument types to each form action: its own form error (200), never a 500 or a stack", async () => {
  const ids = actionIds()
  const cookie = await signIn()
  // What React's encodeReply would never send for a form: a string, a number, an object, nothing.
  const payloads = [[{}, "not a form"], [null, 42], ["$undefined", { email: "x@example.com", password: 1 }], []]
  for (const action of FORM_ACTIONS) {
    const id = ids.get(`${action.file}#${action.name}`)
    expect(id, `${action.name} in this build's manifest`).toBeDefined()
    for (const args of payloads) {
      const answer = await post(action.page, { "next-action": id!, "content-type": "text/plain;charset=UTF-8", cookie }, JSON.stringify(args))
      expect(answer.status, `${action.name} ${JSON.stringify(args)}: ${answer.body.slice(0, 300)}`).toBe(200)
      expectNoStack(answer.body)
    }
  }
})

test("a file where a text field belongs (multipart, as a form would send it): a form error, not a 500", async () => {
  const id = actionIds().get("app/signup/actions.ts#signUpAction")!
  const form = new FormData()
  form.append("1_$ACTION_ID", "")
  form.append("1_email", new Blob(["victim@example.com"]), "email.txt")
  form.append("1_name", new Blob(["x"]), "name.txt")
  form.append("1_password", new Blob(["long-enough-password"]), "password.txt")
  form.append("0", JSON.stringify(["$K1"]))
  const answer = await post("/signup", { "next-action": id }, form)
  expect(answer.status).toBe(200)
  expectNoStack(answer.body)
})

test("unknown and garbled Next-Action ids: Next answers 409 or 400 with a plain sentence", async () => {
  const unknown = await post("/signup", { "next-action": "7f".padEnd(42, "0"), "content-type": "text/plain;charset=UTF-8" }, "[]")
  expect(unknown.status).toBe(409)
  expect(unknown.body).toBe("Server Action unavailable.")
  const garbled = await post("/signup", { "next-action": "../../etc/passwd", "content-type": "text/plain;charset=UTF-8" }, "[]")
  expect(garbled.status).toBe(400)
  expect(garbled.body).toBe("Invalid Server Action request.")
})

test("a broken multipart body: 400 from the guard, before Next would parse it", async () => {
  const id = actionIds().get("app/signup/actions.ts#signUpAction")!
  const answer = await post(
    "/signup",
    { "next-action": id, "content-type": "multipart/form-data; boundary=----broken" },
    '------broken\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"\r\n--',
  )
  expect(answer.status).toBe(400)
  expect(answer.body).toBe("Malformed form body.")
})

test("an action body Next cannot decode (not JSON, a bad reference): no stack trace in the answer", async () => {
  const id = actionIds().get("app/signup/actions.ts#signUpAction")!
  for (const body of ["not json", '["$Q99"]', '["$@ff", {"$$typeof": 1}]']) {
    const answer = await post("/signup", { "next-action": id, "content-type": "text/plain;charset=UTF-8" }, body)
    // Recorded in docs/decisions/runtime-and-startup.md: Next decodes the payload before any of our code runs.
    // Seen with Next 16.4: "not json" and "$Q99" answer 500 with an error digest only; the last one reaches the action (200).
    test.info().annotations.push({ type: "next-answer", description: `${JSON.stringify(body)} -> ${answer.status}` })
    expectNoStack(answer.body)
  }
})
