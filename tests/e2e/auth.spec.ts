/**
 * The starter's auth flows in a real browser, against `next start`. Runs once
 * per session strategy (projects "database" and "jwt"). Every test creates
 * its own user, so the tests do not depend on each other or on their order.
 */
import { CREDENTIALS_ERROR, DEMO, expect, newUser, openAccountMenu, passwordForm, screenshotPath, sessionRowCount, signOutFromMenu, signUp, submitSignInForm, test } from "./fixtures"

const SESSION_COOKIE = "authjs.session-token"

test("sign up, sign out, sign in on the built-in page: the dashboard shows the user", async ({ page, context, strategy }) => {
  const user = await signUp(page)
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(user.name)
  await expect(page.getByTestId("dashboard-strategy")).toHaveText(strategy)

  await signOutFromMenu(page)
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/signin(\?|$)/)
  await submitSignInForm(page, user.email, user.password)
  // Without a callbackUrl the user comes back to the site's root, signed in.
  await expect(page.getByTestId("session-state")).toHaveText(`Signed in as ${user.email}`)

  await page.goto("/dashboard")
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(user.name)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  await expect(page.getByTestId("dashboard-strategy")).toHaveText(strategy)
  await expect(page.getByTestId("header-user-name")).toHaveText(user.name)

  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)
  expect(cookie, "session cookie").toBeDefined()
  expect(cookie!.httpOnly).toBe(true)
  expect(cookie!.sameSite).toBe("Lax")
  expect(cookie!.path).toBe("/")
  // Plain http: no Secure flag and no __Secure- prefix (see secure-cookies.spec.ts for https).
  expect(cookie!.secure).toBe(false)
  expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000)
  // The client cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE)
})

test("a wrong password and an unknown email get the same error on the sign-in page", async ({ page, context }) => {
  const user = await signUp(page)
  await context.clearCookies()

  await page.goto("/api/auth/signin")
  await submitSignInForm(page, user.email, `${user.password}-wrong`)
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin")
  const alert = page.getByRole("alert")
  await expect(alert).toHaveText(CREDENTIALS_ERROR)
  const wrongPasswordMessage = await alert.innerText()
  // The form is there again for another try, with the email as typed (not in the URL).
  await expect(page.getByLabel("Password")).toBeVisible()
  await expect(page.getByLabel("Password")).toHaveValue("")
  await expect(passwordForm(page).getByLabel("Email")).toHaveValue(user.email)
  expect(page.url()).not.toContain(encodeURIComponent(user.email))
  expect(page.url()).not.toContain(user.email)

  await page.goto("/api/auth/signin")
  await expect(page.getByRole("alert")).toHaveCount(0)
  await submitSignInForm(page, newUser("nobody").email, user.password)
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(new URL(page.url()).searchParams.get("error")).toBe("CredentialsSignin")
  const unknownEmailMessage = await page.getByRole("alert").innerText()

  expect(unknownEmailMessage).toBe(wrongPasswordMessage)
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
  const session = await page.request.get("/api/auth/session")
  expect(await session.json()).toBeNull()
})

for (const path of ["/dashboard", "/settings"]) {
  test(`signed out, ${path} goes to sign-in with a callbackUrl and back after signing in`, async ({ page, context, baseURL }) => {
    const user = await signUp(page)
    await context.clearCookies()

    await page.goto(path)
    await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
    const callbackUrl = new URL(page.url()).searchParams.get("callbackUrl")
    expect(callbackUrl).not.toBeNull()
    const target = new URL(callbackUrl!, baseURL)
    expect(target.origin).toBe(new URL(baseURL!).origin)
    expect(target.pathname).toBe(path)

    await submitSignInForm(page, user.email, user.password)
    await expect(page).toHaveURL(`${baseURL}${path}`)
    await expect(page.getByTestId("header-user-name")).toHaveText(user.name)
  })
}

test("a new display name shows at once on the server, in the client and after a reload", async ({ page }) => {
  const user = await signUp(page)
  await page.goto("/settings")
  await expect(page.getByTestId("settings-user-name")).toHaveText(user.name)

  const renamed = `${user.name} renamed`
  // Nothing to save until the name differs from the saved one.
  const save = page.getByRole("button", { name: "Save", exact: true })
  await expect(save).toBeDisabled()
  await page.getByLabel("Display name").fill(renamed)
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByTestId("settings-message")).toHaveText("Display name saved.")
  // And a toast, seen wherever the page is scrolled.
  await expect(page.getByRole("listitem").filter({ hasText: "Settings saved" })).toBeVisible()
  // Same page, no navigation: server components re-rendered and the client session updated.
  await expect(page.getByTestId("settings-user-name")).toHaveText(renamed)
  await expect(page.getByTestId("header-user-name")).toHaveText(renamed)
  await expect(page.locator("button[aria-label^='Account menu for']")).toHaveAttribute("aria-label", `Account menu for ${renamed}`)

  // A client-side navigation keeps the browser's session state: useSession shows the new name.
  await openAccountMenu(page)
  await page.getByRole("menuitem", { name: "Dashboard" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(renamed)
  await expect(page.getByTestId("client-session-name")).toHaveText(renamed)
  await page.reload()
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(renamed)
  await expect(page.getByTestId("header-user-name")).toHaveText(renamed)
  await expect(page.getByTestId("client-session-name")).toHaveText(renamed)

  const session = await (await page.request.get("/api/auth/session")).json()
  expect(session.user).toMatchObject({ email: user.email, name: renamed })
})

test("sign-out ends the session everywhere", async ({ page, context, strategy, databaseFile }) => {
  const user = await signUp(page)
  const before = await page.request.get("/api/me")
  expect(before.status()).toBe(200)
  expect((await before.json()).user).toMatchObject({ email: user.email, name: user.name })
  const token = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)
  expect(token, "session cookie").toBeDefined()
  if (strategy === "database") expect(sessionRowCount(databaseFile, user.email)).toBe(1)

  await page.goto("/")
  await signOutFromMenu(page)
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible()

  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
  const session = await page.request.get("/api/auth/session")
  expect(session.status()).toBe(200)
  expect(await session.text()).toBe("null")
  const me = await page.request.get("/api/me")
  expect(me.status()).toBe(401)
  expect(me.headers()["content-type"]).toContain("application/json")
  expect(await me.json()).toEqual({ error: "Unauthorized" })

  if (strategy === "database") {
    expect(sessionRowCount(databaseFile, user.email)).toBe(0)
    // The row is gone, so the old cookie is worthless even if someone kept a copy.
    await context.addCookies([token!])
    expect(await (await page.request.get("/api/auth/session")).text()).toBe("null")
    expect((await page.request.get("/api/me")).status()).toBe(401)
  }
})

for (const evil of ["https://evil.example/steal", "//evil.example/steal"]) {
  test(`a callbackUrl to another origin (${evil}) ends on the base URL`, async ({ page, context, baseURL }) => {
    const user = await signUp(page)
    await context.clearCookies()
    const offsite: string[] = []
    // Any request to the other host is recorded and refused (matched on the host: our own
    // sign-in URL carries "evil.example" in its query string).
    await context.route((url) => url.hostname === "evil.example", (route) => {
      offsite.push(route.request().url())
      return route.abort()
    })

    await page.goto(`/api/auth/signin?${new URLSearchParams({ callbackUrl: evil })}`)
    // Every form on the page (password, passkey and each OAuth provider) carries the resolved callbackUrl.
    const callbackUrls = page.locator("input[name=callbackUrl]")
    await expect(callbackUrls.first()).toBeAttached()
    expect(await callbackUrls.count()).toBeGreaterThanOrEqual(2)
    for (const input of await callbackUrls.all()) await expect(input).not.toHaveValue(/evil/)
    await submitSignInForm(page, user.email, user.password)
    await expect(page).toHaveURL(`${baseURL}/`)
    await expect(page.getByTestId("session-state")).toHaveText(`Signed in as ${user.email}`)
    expect(offsite).toEqual([])
  })
}

test("the seeded demo account signs in, verified: no false banner, no “Not verified”", async ({ page }) => {
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, DEMO.email, DEMO.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(DEMO.name)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(DEMO.email)
  await expect(page.getByText("We sent a link to confirm your email address")).toHaveCount(0)
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email-state")).toHaveText("Verified")
})

test("the sign-in page links to sign-up and back to the site", async ({ page, baseURL }) => {
  await page.goto("/api/auth/signin")
  const links = page.getByRole("navigation", { name: "More" })
  await links.getByRole("link", { name: "Create an account" }).click()
  await expect(page).toHaveURL(`${baseURL}/signup`)
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible()

  await page.goto("/api/auth/signin")
  await page.getByRole("navigation", { name: "More" }).getByRole("link", { name: "Back to the site" }).click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(page.getByRole("heading", { level: 1, name: "Auth Starter" })).toBeVisible()
})

test("screenshots: sign-in page light and dark, dashboard", async ({ page, strategy }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto("/api/auth/signin?callbackUrl=/dashboard")
    // One form, one Email field: "Sign in" for the password, and each other button names its way in.
    await expect(passwordForm(page).getByLabel("Email")).toBeVisible()
    await expect(passwordForm(page).getByRole("button", { name: "Sign in", exact: true })).toBeVisible()
    await expect(page.getByRole("link", { name: "Create an account" })).toBeVisible()
    await expect(page.getByRole("link", { name: "Back to the site" })).toBeVisible()
    await page.screenshot({ path: screenshotPath(`signin-${colorScheme}`, strategy), fullPage: true })
  }

  await page.emulateMedia({ colorScheme: "light" })
  const user = await signUp(page, { ...newUser("shot"), name: "Ada Lovelace" })
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(user.name)
  await expect(page.getByTestId("client-session-status")).toHaveText("authenticated")
  await page.screenshot({ path: screenshotPath("dashboard", strategy), fullPage: true })
})
