/**
 * Attacks replayed over HTTP against a running `next start` (its
 * own server: AUTH_TRUST_HOST=true, jwt sessions; AUTH_URL set, since production that sends mail
 * refuses to start without it). Requests come
 * from distinct loopback addresses (127.0.0.0/8 all reach the server), so the
 * per-client limits see distinct clients exactly as they would on a network.
 */
import { randomUUID } from "node:crypto"
import { csrf, send, signInPost } from "../helpers/loopback-http"
import { DEMO, expect, newUser, signUp, submitSignInForm, test } from "./fixtures"

test.describe.configure({ mode: "serial" })

/** Addresses that have an account, collected as the tests below make them (the sign-up limits test at the end signs up to them again). */
const taken: string[] = []

test("of 100 parallel guesses for one email only 5 are checked; the rest get 429 with Retry-After", async ({ page, baseURL }) => {
  const user = await signUp(page, newUser("burst"))
  taken.push(user.email)
  const token = await csrf(baseURL!, "127.0.9.1")
  const guesses = Array.from({ length: 100 }, (_, i) => (i === 60 ? user.password : `guess-${i}`))
  const answers = await Promise.all(
    guesses.map((password, i) => signInPost(baseURL!, token, { email: user.email, password }, `127.0.10.${i + 1}`)),
  )
  const checked = answers.filter((a) => a.status !== 429)
  expect(checked).toHaveLength(5)
  const refused = answers.filter((a) => a.status === 429)
  expect(refused.every((a) => Number(a.headers["retry-after"]) > 0)).toBe(true)
  expect(JSON.parse(refused[0].body)).toMatchObject({ url: expect.stringContaining("code=rate_limited") })
})

test("X-Forwarded-For and a forged socket-address header do not pick the client's key", async ({ baseURL }) => {
  const from = "127.0.11.1"
  const token = await csrf(baseURL!, from)
  const statuses: number[] = []
  for (let i = 0; i < 55; i++) {
    const answer = await signInPost(baseURL!, token, { email: `nobody-${i}-${randomUUID()}@e2e.example.com`, password: "x" }, from, {
      "x-forwarded-for": `203.0.113.${i}`,
      "x-auth-socket-address": `198.51.100.${i}`,
    })
    statuses.push(answer.status)
  }
  // 50 failures per client address in 15 minutes: the 51st attempt is refused, whatever the headers say.
  expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true)
  expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429])
  // Another client is unaffected.
  const other = await csrf(baseURL!, "127.0.11.2")
  expect((await signInPost(baseURL!, other, { email: "x@e2e.example.com", password: "x" }, "127.0.11.2")).status).toBe(200)
})

test("a lock made through the route handler also stops the sign-up action's own sign-in", async ({ page, baseURL }) => {
  const user = newUser("locked")
  taken.push(user.email)
  const from = "127.0.12.1"
  const token = await csrf(baseURL!, from)
  for (let i = 0; i < 5; i++) await signInPost(baseURL!, token, { email: user.email, password: `guess-${i}` }, `127.0.12.${i + 2}`)
  // The browser (its own context, another address than the guesses) signs up with that email.
  const context = await page.context().browser()!.newContext({ baseURL })
  const fresh = await context.newPage()
  await fresh.goto("/signup")
  await fresh.getByLabel("Email").fill(user.email)
  await fresh.getByLabel("Display name").fill(user.name)
  await fresh.getByLabel("Password").fill(user.password)
  await fresh.getByRole("button", { name: "Create account" }).click()
  await expect(fresh.getByText("Too many sign-in attempts")).toBeVisible()
  await expect(fresh).not.toHaveURL(/\/dashboard/)
  await context.close()
})

test("strangers' guesses do not lock the owner out of a browser that signed in before", async ({ page }) => {
  const user = await signUp(page, newUser("owner"))
  taken.push(user.email)
  // Sign out and guess from many addresses until the stranger budget is spent.
  await page.context().clearCookies({ name: /session-token|csrf-token|callback-url/ })
  const token = await csrf(new URL(page.url()).origin, "127.0.13.1")
  for (let i = 0; i < 8; i++) {
    await signInPost(new URL(page.url()).origin, token, { email: user.email, password: `guess-${i}` }, `127.0.13.${i + 2}`)
  }
  await page.goto("/api/auth/signin")
  await submitSignInForm(page, user.email, user.password)
  // Refused, it would come back to the sign-in page with ?error=.
  await expect(page).not.toHaveURL(/\/api\/auth\/signin/)
  await page.goto("/dashboard")
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
})

test("the app's pages send CSP (frame-ancestors 'none'), X-Frame-Options, nosniff and HSTS", async ({ baseURL }) => {
  for (const path of ["/", "/signup", "/dashboard", "/settings"]) {
    const answer = await send(baseURL!, path)
    expect(answer.headers["content-security-policy"], path).toContain("frame-ancestors 'none'")
    expect(answer.headers["x-frame-options"], path).toBe("DENY")
    expect(answer.headers["x-content-type-options"], path).toBe("nosniff")
    expect(answer.headers["strict-transport-security"], path).toMatch(/max-age=/)
  }
})

test("500 junk session-cookie chunks are answered with at most 16 deletions", async ({ baseURL }) => {
  const cookie = Array.from({ length: 500 }, (_, i) => `authjs.session-token.${i}=x`).join("; ")
  const answer = await send(baseURL!, "/api/auth/session", { headers: { cookie } })
  expect(answer.status).toBe(200)
  expect(answer.body).toBe("null")
  expect((answer.headers["set-cookie"] ?? []).length).toBeLessThanOrEqual(16)
})

test("/api/auth/providers is never stored by a shared cache, forwarded host or not", async ({ baseURL }) => {
  const answer = await send(baseURL!, "/api/auth/providers", { headers: { "x-forwarded-host": "evil.example" } })
  expect(answer.status).toBe(200)
  expect(answer.headers["cache-control"]).toMatch(/private/)
  expect(answer.headers["cache-control"]).toMatch(/no-store/)
})

test("a saturated password hasher answers 'busy' (429, Retry-After 1), never error=Configuration", async ({ baseURL }) => {
  // The first test signed up through the server action, so the process's hash gate was made by that bundle;
  // these sign-ins are checked by the route handler's bundle, with its own copy of every class.
  const token = await csrf(baseURL!, "127.0.15.1")
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      signInPost(baseURL!, token, { email: `busy-${i}-${randomUUID()}@e2e.example.com`, password: "x" }, `127.0.15.${i + 2}`),
    ),
  )
  expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 429)).toEqual([])
  const busy = answers.filter((a) => a.status === 429)
  expect(busy.length).toBeGreaterThan(0)
  for (const answer of busy) {
    expect(answer.headers["retry-after"]).toBe("1")
    expect(JSON.parse(answer.body)).toMatchObject({ url: expect.stringContaining("code=busy") })
  }
  expect(answers.map((a) => a.body).join("\n")).not.toContain("Configuration")
})

// Last: it spends this client's sign-up budget.
test("sign-ups are checked first, then counted per client and per address; each refusal names its own wait", async ({ page }) => {
  const submit = async (email: string, password: string) => {
    await page.goto("/signup")
    await page.getByLabel("Email").fill(email)
    await page.getByLabel("Display name").fill("Copy")
    await page.getByLabel("Password").fill(password)
    await page.getByRole("button", { name: "Create account" }).click()
    const alert = page.locator("form p[role=alert]")
    await expect(alert).toBeVisible()
    return alert.innerText()
  }
  // Invalid forms cost nothing and are not counted: more of them than the client's whole budget
  // (20 per 15 minutes) still leave it able to sign up, and nobody else's budget is touched.
  for (let i = 0; i < 22; i++) {
    expect(await submit(`nobody-${i}-${randomUUID()}@e2e.example.com`, "aaaaaaaaaaaaaaaa")).toMatch(/too common/)
  }
  // One address: 5 attempts in 15 minutes, and the refusal says 15 minutes.
  for (let i = 0; i < 5; i++) expect(await submit(DEMO.email, `a long passphrase ${i}`)).toMatch(/already exists/)
  expect(await submit(DEMO.email, "a long passphrase 5")).toBe("Too many sign-up attempts for this email address. Try again in 15 minutes.")
  // The client: earlier tests of this file signed up from this address too; its limit bites within 20.
  const answers: string[] = []
  for (let i = 0; i < 20 && !answers.at(-1)?.startsWith("Too many"); i++) {
    answers.push(await submit(taken[i % taken.length]!, `a long passphrase ${i}`))
  }
  expect(answers.slice(0, -1).every((answer) => /already exists/.test(answer))).toBe(true)
  expect(answers.at(-1)).toMatch(/^Too many sign-ups from your network\. Try again in 1[45] minutes\.$/)
})
