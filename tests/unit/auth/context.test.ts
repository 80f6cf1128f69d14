/**
 * The form cookies of a page a script fetched. Next's router, on a page whose
 * session has just ended, prefetches a guarded link, is redirected to sign-in
 * and follows the redirect in the background; the person opens sign-in at the
 * same moment. Both requests carry no CSRF cookie, so each answer issued one,
 * and the browser keeps whichever arrived last: when that was the background
 * one, the shown form's token no longer matched and sign-in was refused
 * (MissingCSRF). A browser test caught it. A script's answer now sets no form
 * cookie; /csrf, which scripts ask on purpose, still does.
 */
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"

const ORIGIN = "http://localhost:3000"
const config: AuthConfig = {
  secret: "script-fetch-form-cookies-0123456789abcdef",
  trustHost: true,
  basePath: "/auth",
  session: { strategy: "jwt" },
  providers: [Credentials({ credentials: { email: {} }, authorize: (c) => ({ id: "u1", email: String(c.email) }) })],
}

const PAGE = { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", "sec-fetch-site": "same-origin" }
/** The router following a redirect in the background (RSC fetch). */
const SCRIPT = { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin", rsc: "1" }

/** A browser's cookie jar: answers applied in the order they arrive, a later one replacing an earlier one. */
class Jar {
  private readonly cookies = new Map<string, string>()
  apply(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const at = pair!.indexOf("=")
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
  }
  names(): string[] {
    return [...this.cookies.keys()]
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }
}

const get = (path: string, headers: Record<string, string>) => Auth(new Request(`${ORIGIN}${path}`, { headers }), config)

function formToken(html: string): string {
  const token = /name="csrfToken" value="([0-9a-f]{64})"/.exec(html)?.[1]
  if (!token) throw new Error("the page has no CSRF token")
  return token
}

function signIn(jar: Jar, csrfToken: string): Promise<Response> {
  return Auth(
    new Request(`${ORIGIN}/auth/callback/credentials`, {
      method: "POST",
      headers: { ...PAGE, cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: "jane@example.com", callbackUrl: `${ORIGIN}/dashboard` }),
    }),
    config,
  )
}

describe("the form cookies of a page a script fetched", () => {
  it("sign-in still works when the router fetched the sign-in page in the background and its answer arrived last", async () => {
    const shown = await get("/auth/signin?callbackUrl=%2Fdashboard", PAGE)
    const background = await get(`/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/settings`)}`, SCRIPT)
    expect(background.status).toBe(200)
    const jar = new Jar()
    jar.apply(shown)
    jar.apply(background)
    const answer = await signIn(jar, formToken(await shown.text()))
    expect(answer.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(answer.status).toBe(302)
    expect(answer.headers.getSetCookie().some((line) => line.startsWith("authjs.session-token="))).toBe(true)
    expect(background.headers.getSetCookie()).toEqual([])
  })

  it("the page the browser loads still sets its CSRF and callback cookies, and /csrf answers a script with its cookie", async () => {
    const jar = new Jar()
    jar.apply(await get("/auth/signin?callbackUrl=%2Fdashboard", PAGE))
    expect(jar.names()).toEqual(expect.arrayContaining(["authjs.csrf-token", "authjs.callback-url"]))
    const forScript = await get("/auth/csrf", SCRIPT)
    expect(forScript.headers.getSetCookie().some((line) => line.startsWith("authjs.csrf-token="))).toBe(true)
    const { csrfToken } = (await forScript.json()) as { csrfToken: string }
    const scriptJar = new Jar()
    scriptJar.apply(forScript)
    expect((await signIn(scriptJar, csrfToken)).status).toBe(302)
  })

  it("no other page a script fetches sets a form cookie: sign-out, verify-request", async () => {
    for (const path of ["/auth/signout", "/auth/verify-request", "/auth/signin?callbackUrl=%2Fsettings"]) {
      const answer = await get(path, SCRIPT)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.getSetCookie(), path).toEqual([])
    }
  })
})
