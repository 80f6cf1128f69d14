/**
 * Steps of an OAuth sign-in through Auth() and a real provider: POST
 * /signin/:id, the provider's login, then the callback — each returning what
 * a browser would see, so tests can tamper with any step.
 */
import { expect } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { BASE, Browser } from "@/tests/integration/auth/support"
import { IdpBrowser } from "@/tests/helpers/oidc-provider"

export { BASE, Browser }

/** POST /signin/:id; returns the authorization URL the app redirects to. */
export async function startSignIn(browser: Browser, providerId: string, query = ""): Promise<URL> {
  const csrfToken = await browser.csrfToken()
  const res = await browser.send(`${BASE}/signin/${providerId}${query}`, { form: { csrfToken } })
  expect(res.status, await res.clone().text()).toBe(302)
  return new URL(res.headers.get("location")!)
}

/** The app's callback URL the provider sends the browser to after logging in as `sub`. */
export async function loginAtProvider(authorizationUrl: URL, sub: string, idp = new IdpBrowser()): Promise<URL> {
  return new URL(await idp.authorize(authorizationUrl.href, sub))
}

/** Sends the provider's redirect to the app (path + query only, like a browser on the app's origin). */
export async function deliverCallback(browser: Browser, callback: URL, options: { cookie?: string } = {}): Promise<Response> {
  return browser.send(`${callback.pathname}${callback.search}`, options)
}

/** A whole sign-in; returns the callback response. */
export async function signInWith(browser: Browser, providerId: string, sub: string, idp?: IdpBrowser): Promise<Response> {
  const authorization = await startSignIn(browser, providerId)
  const callback = await loginAtProvider(authorization, sub, idp)
  return deliverCallback(browser, callback)
}

export async function sessionOf(browser: Browser): Promise<{ user?: { id?: string; email?: string | null; name?: string | null } } | null> {
  const res = await browser.send(`${BASE}/session`)
  expect(res.status).toBe(200)
  return (await res.json()) as { user?: { id?: string; email?: string | null } } | null
}

/** The ?error= of a redirect to the sign-in or error page, with which page it is. */
export function errorOf(res: Response): { page: string; error: string | null } {
  expect(res.status).toBe(302)
  const location = new URL(res.headers.get("location")!)
  return { page: location.pathname, error: location.searchParams.get("error") }
}

export function newBrowser(config: AuthConfig): Browser {
  return new Browser(config)
}
