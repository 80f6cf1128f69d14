/**
 * What a browser sees of the defence in depth: the app's auth pages run only
 * scripts carrying the request's CSP nonce (and still work), send no referrer
 * and are not cached; a sign-in form posted from another site's page is
 * refused with the "Request refused" page even when it carries a valid CSRF
 * token, and the user stays signed out.
 */
import { expect, newUser, signUp, submitSignInForm, test } from "./fixtures"

test("the app's auth pages send a nonce CSP that Next.js's scripts carry, no referrer, no caching, and still work", async ({ page, baseURL }) => {
  const violations: string[] = []
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  for (const path of ["/signup", "/forgot-password", "/reset-password?token=abc", "/set-password?token=abc", "/verify-email?token=abc"]) {
    const response = await page.goto(`${baseURL}${path}`)
    const headers = response!.headers()
    const policy = headers["content-security-policy"] ?? ""
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce, path).toBeTruthy()
    expect(policy).toContain("'strict-dynamic'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain("unsafe-inline")
    expect(headers["referrer-policy"], path).toBe("no-referrer")
    expect(headers["cache-control"], path).toContain("no-store")
    // Every script Next.js put in the page carries this response's nonce (the attribute is hidden from the DOM, the property is not).
    const nonces = await page.locator("script").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce))
    expect(nonces.length, path).toBeGreaterThan(0)
    expect(new Set(nonces), path).toEqual(new Set([nonce]))
  }
  // A fresh nonce per request.
  const again = await page.goto(`${baseURL}/signup`)
  const first = /'nonce-([^']+)'/.exec((await page.request.get(`${baseURL}/signup`)).headers()["content-security-policy"] ?? "")?.[1]
  expect(/'nonce-([^']+)'/.exec(again!.headers()["content-security-policy"] ?? "")?.[1]).not.toBe(first)

  // The page hydrated under the policy: sign-up works end to end.
  await signUp(page, newUser("csp"))
  await expect(page).toHaveURL(/\/dashboard$/)
  expect(violations).toEqual([])
})

test("a sign-in form posted from another site is refused with 403, even with a valid CSRF token", async ({ page, context, baseURL }) => {
  const user = await signUp(page, newUser("cross-site"))
  await context.clearCookies()
  // The attacker knows a valid token (e.g. planted the cookie from a sibling subdomain).
  const { csrfToken } = (await (await page.request.get(`${baseURL}/api/auth/csrf`)).json()) as { csrfToken: string }
  await page.route("http://attacker.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${baseURL}/api/auth/callback/credentials">
        <input name="csrfToken" value="${csrfToken}"><input name="email" value="${user.email}">
        <input name="password" value="${user.password}"><button>go</button></form>`,
    }),
  )
  await page.goto("http://attacker.test/")
  const [response] = await Promise.all([page.waitForResponse(`${baseURL}/api/auth/callback/credentials`), page.getByRole("button", { name: "go" }).click()])
  expect(response.status()).toBe(403)
  await expect(page.getByRole("heading", { name: "Request refused" })).toBeVisible()
  const session = await page.request.get(`${baseURL}/api/auth/session`)
  expect(await session.json()).toBeNull()

  // The same user signing in on the site itself is not affected.
  await page.goto(`${baseURL}/api/auth/signin`)
  await submitSignInForm(page, user.email, user.password)
  await expect(page).not.toHaveURL(/error=/)
  expect(((await (await page.request.get(`${baseURL}/api/auth/session`)).json()) as { user?: { email?: string } }).user?.email).toBe(user.email)
})
