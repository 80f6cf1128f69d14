import { describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import type { AuthConfig } from "@/lib/auth/config/types"

const ORIGIN = "http://localhost:3000"
const COOKIE = "authjs.signin-email"

// A real credentials provider that accepts one password; Auth() runs unchanged.
const config: AuthConfig = {
  secret: "remembered-email-suite-secret-0123456789abcdef",
  trustHost: true,
  basePath: "/api/auth",
  session: { strategy: "jwt" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: (c) => (c.password === "right-password" ? { id: "u1", email: String(c.email) } : null),
    }),
  ],
  logger: { error: () => {} },
}

/** Cookie-keeping client: what a browser sends back after each response. */
class Client {
  jar = new Map<string, string>()
  async send(path: string, form?: Record<string, string>): Promise<Response> {
    const headers = new Headers({ cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ") })
    if (form) headers.set("content-type", "application/x-www-form-urlencoded")
    const res = await Auth(
      new Request(`${ORIGIN}${path}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined }),
      config,
    )
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";")
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]
      if (/max-age=0/i.test(header) || value === "") this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return res
  }
  async signIn(email: string, password: string): Promise<Response> {
    const { csrfToken } = (await (await this.send("/api/auth/csrf")).json()) as { csrfToken: string }
    return this.send("/api/auth/callback/credentials", { csrfToken, email, password, callbackUrl: "/dashboard" })
  }
}

function emailInput(html: string): string {
  return /<input [^>]*name="email"[^>]*>/.exec(html)?.[0] ?? ""
}

describe("the typed email survives a failed sign-in", () => {
  it("is shown again on the sign-in page, and never in the redirect URL", async () => {
    const client = new Client()
    const failed = await client.signIn("ada@example.com", "wrong-password")
    const location = failed.headers.get("location") ?? ""
    expect(location).toContain("error=CredentialsSignin")
    expect(location).not.toContain("ada")

    const cookie = failed.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`)) ?? ""
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Path=\/api\/auth/)
    expect(cookie).toMatch(/Max-Age=300/)
    expect(cookie).not.toContain("wrong-password")

    const page = await (await client.send(new URL(location).pathname + new URL(location).search)).text()
    expect(emailInput(page)).toContain('value="ada@example.com"')
    expect(page).not.toContain("wrong-password")
  })

  it("is used once: a second visit to the page shows an empty field", async () => {
    const client = new Client()
    await client.signIn("ada@example.com", "wrong-password")
    await client.send("/api/auth/signin")
    expect(emailInput(await (await client.send("/api/auth/signin")).text())).not.toContain("value=")
  })

  it("survives the sign-in page a script fetched meanwhile (a prefetch redirected there), and the shown page has it", async () => {
    const client = new Client()
    const failed = await client.signIn("ada@example.com", "wrong-password")
    const background = await Auth(
      new Request(`${ORIGIN}/api/auth/signin?callbackUrl=%2Fsettings`, {
        headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "), "sec-fetch-dest": "empty", rsc: "1" },
      }),
      config,
    )
    expect(background.headers.getSetCookie()).toEqual([])
    expect(emailInput(await background.text())).not.toContain("value=")
    const location = new URL(failed.headers.get("location") ?? "")
    expect(emailInput(await (await client.send(location.pathname + location.search)).text())).toContain('value="ada@example.com"')
  })

  it("is not remembered after a successful sign-in", async () => {
    const client = new Client()
    const ok = await client.signIn("ada@example.com", "right-password")
    expect(ok.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(ok.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=`))).toBe(false)
  })

  it("keeps nothing that is not an email address", async () => {
    const client = new Client()
    const failed = await client.signIn(`"><script>alert(1)</script>`, "wrong-password")
    expect(failed.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=`))).toBe(false)
  })

  it("ignores a forged cookie that is not an email address", async () => {
    const client = new Client()
    client.jar.set(COOKIE, encodeURIComponent(`x" autofocus onfocus="alert(1)`))
    const page = await (await client.send("/api/auth/signin")).text()
    expect(emailInput(page)).not.toContain("value=")
    expect(page).not.toContain("onfocus")
  })
})
