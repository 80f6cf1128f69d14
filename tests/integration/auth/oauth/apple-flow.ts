/**
 * The steps of a Sign in with Apple through Auth() and the stand-in IdP
 * (tests/helpers/apple-idp.ts), each returning what a browser would see:
 * the provider's page POSTs cross-site (no SameSite=Lax cookie goes with
 * it), the app answers with its relay page, and the relay's same-origin POST
 * carries the cookies.
 */
import { expect } from "vitest"
import { BASE, Browser, startSignIn } from "./support"

export interface PostedForm {
  action: string
  fields: Record<string, string>
}

function decodeHtml(value: string): string {
  return value.replace(/&(?:#(\d+)|amp|lt|gt|quot);/g, (entity, code: string | undefined) => {
    if (code) return String.fromCharCode(Number(code))
    return ({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' } as Record<string, string>)[entity] ?? entity
  })
}

/** The auto-submitted form of a page: where it posts and what. */
export function formOf(html: string): PostedForm {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error(`No form in: ${html.slice(0, 300)}`)
  const fields: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[decodeHtml(m[1]!)] = decodeHtml(m[2]!)
  return { action: decodeHtml(action), fields }
}

/** The user signs in at the stand-in: the form its page POSTs to the app. */
export async function authorizeAtApple(authorizationUrl: URL): Promise<PostedForm> {
  const res = await fetch(authorizationUrl)
  const html = await res.text()
  expect(res.status, html).toBe(200)
  return formOf(html)
}

/** The provider's cross-site POST: the browser sends none of the app's Lax cookies. */
export async function postFromApple(browser: Browser, form: PostedForm): Promise<Response> {
  expect(form.action).toBe(`${browser.origin}${BASE}/callback/apple`)
  return browser.send(`${BASE}/callback/apple`, { form: form.fields, cookie: "" })
}

/** The relay page's same-origin POST, with the browser's cookies. */
export async function followRelay(browser: Browser, relayPage: Response): Promise<Response> {
  expect(relayPage.status).toBe(200)
  const form = formOf(await relayPage.text())
  expect(form.action).toBe(`${browser.origin}${BASE}/callback/apple`)
  return browser.send(new URL(form.action).pathname, { form: form.fields })
}

/** A whole sign-in; returns the response to the relayed POST. */
export async function signInWithApple(browser: Browser): Promise<Response> {
  const form = await authorizeAtApple(await startSignIn(browser, "apple"))
  return followRelay(browser, await postFromApple(browser, form))
}
