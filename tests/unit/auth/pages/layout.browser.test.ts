/**
 * The rendered pages in a real browser (Chromium, when installed): what they
 * load, focus order, labels and contrast.
 */
import { existsSync } from "node:fs"

import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Browser, Page } from "@playwright/test"

import { renderErrorPage, renderSignInPage, renderSignOutPage } from "@/lib/auth/pages"
import { BASE, light, github, google, allProviders } from "./fixtures"
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from "@/tests/helpers/chromium"

describe.skipIf(!existsSync(CHROMIUM))("in Chromium", () => {
  let browser: Browser
  const PAGE_URL = "http://127.0.0.1:9/api/auth/signin"

  beforeAll(async () => {
    const { chromium } = await import("@playwright/test")
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** Opens `html` as if served from PAGE_URL; every other request is recorded and refused. */
  async function open(html: string, colorScheme: "light" | "dark" = "light"): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage({ colorScheme })
    const requests: string[] = []
    await page.route("**/*", async (route) => {
      const url = route.request().url()
      if (url === PAGE_URL) return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html })
      requests.push(url)
      return route.abort()
    })
    await page.goto(PAGE_URL)
    return { page, requests }
  }

  function luminance(rgb: string): number {
    const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
    return (hi + 0.05) / (lo + 0.05)
  }

  it("requests nothing beyond the page and its own auth routes, runs only its own script, labels inputs and focuses the first one", async () => {
    const X = `"><script>window.__xss=1</script><img src=x onerror="window.__xss=2">`
    const html = renderSignInPage({
      providers: allProviders,
      csrfToken: X,
      callbackUrl: X,
      email: X,
      error: X,
      theme: { colorScheme: "auto", brandColor: X, logo: X },
    }).html
    const { page, requests } = await open(html)
    const facts = await page.evaluate(() => {
      const inputs = [...document.querySelectorAll<HTMLInputElement>("input:not([type=hidden])")]
      return {
        xss: (window as unknown as { __xss?: number }).__xss,
        scripts: document.scripts.length,
        unlabelled: inputs.filter((i) => (i.labels?.length ?? 0) === 0).map((i) => i.name),
        focused: document.activeElement === inputs[0],
        emailValue: document.querySelector<HTMLInputElement>("input[type=email]")?.value,
        nonSubmitButtons: [...document.querySelectorAll("button")].filter((b) => b.type !== "submit").length,
      }
    })
    // Its own two scripts (passkeys; show password), and one button that is not a submit: Show password.
    expect(facts).toEqual({ xss: undefined, scripts: 2, unlabelled: [], focused: true, emailValue: X, nonSubmitButtons: 1 })
    // The passkey script may ask for autofill options; nothing else is fetched.
    expect(requests.filter((url) => !url.startsWith(`${BASE}/webauthn-options/`))).toEqual([])
    await page.close()
  })

  it("shows a visible focus ring when tabbing", async () => {
    const { page } = await open(renderSignInPage({ providers: [github, google], csrfToken: "t", callbackUrl: "/", theme: light }).html)
    // The first stop is the skip link, then the page itself.
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content")
    await page.keyboard.press("Tab")
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement
      const s = getComputedStyle(el)
      return { text: el.querySelector("span")?.textContent, outlineStyle: s.outlineStyle, outlineWidth: s.outlineWidth }
    })
    expect(focused).toEqual({ text: "Sign in with GitHub", outlineStyle: "solid", outlineWidth: "3px" })
    await page.close()
  })

  it.each([
    // The app's palette (app/globals.css): zinc 900 on white, zinc 100 on zinc 900.
    ["light", "light", "rgb(24, 24, 27)", "rgb(255, 255, 255)"],
    ["dark", "light", "rgb(244, 244, 245)", "rgb(24, 24, 27)"],
    ["auto", "light", "rgb(24, 24, 27)", "rgb(255, 255, 255)"],
    ["auto", "dark", "rgb(244, 244, 245)", "rgb(24, 24, 27)"],
  ] as const)("colorScheme %s with a %s system preference has readable text", async (scheme, preference, text, card) => {
    const html = renderErrorPage({ error: "Verification", signinUrl: "/signin", homeUrl: "/", theme: { colorScheme: scheme } }).html
    const { page } = await open(html, preference)
    const colours = await page.evaluate(() => {
      const styleOf = (sel: string) => getComputedStyle(document.querySelector(sel) as Element)
      return {
        text: styleOf("h1").color,
        card: styleOf(".card").backgroundColor,
        muted: styleOf("p:not(.lead)").color,
        button: styleOf(".button-primary").color,
        buttonBg: styleOf(".button-primary").backgroundColor,
      }
    })
    expect(colours.text).toBe(text)
    expect(colours.card).toBe(card)
    expect(contrast(colours.text, colours.card)).toBeGreaterThanOrEqual(7)
    expect(contrast(colours.muted, colours.card)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colours.button, colours.buttonBg)).toBeGreaterThanOrEqual(4.5)
    await page.close()
  })

  it("applies brandColor and buttonText to primary buttons", async () => {
    const html = renderSignOutPage({ csrfToken: "t", action: "/signout", theme: { colorScheme: "light", brandColor: "#e11d48", buttonText: "black" } }).html
    const { page } = await open(html)
    const button = await page.evaluate(() => {
      const s = getComputedStyle(document.querySelector("button") as Element)
      return [s.backgroundColor, s.color]
    })
    expect(button).toEqual(["rgb(225, 29, 72)", "rgb(0, 0, 0)"])
    await page.close()
  })
})
