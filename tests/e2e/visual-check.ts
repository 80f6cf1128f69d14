/**
 * One page state, checked the way tests/e2e/visual.spec.ts checks every page:
 * at 1280×800 and 390×844, in light and dark, axe-core (WCAG 2.2 A and AA
 * rules) must find nothing, and the full page must match its baseline with
 * whatever changes per run masked.
 */
import AxeBuilder from "@axe-core/playwright"
import type { Locator, Page } from "@playwright/test"
import { expect } from "./fixtures"

export const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const

export const COLOR_SCHEMES = ["light", "dark"] as const

/** The axe rule sets the suite enforces: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

export interface PageState {
  /** The baseline's file name stem, e.g. "sign-in". */
  name: string
  /** Opened first; without it the page is checked as it is. */
  path?: string
  /** The HTTP status the page must answer with (default: anything below 500). */
  status?: number
  /** What changes per run on this page, beyond the masks every page gets. */
  masks?: (page: Page) => Locator[]
}

/** Times and one-time values every page may show: never the same twice. */
function commonMasks(page: Page): Locator[] {
  return [
    page.locator("time"),
    // Absolute times ("2026-11-28 04:29 UTC", "28 Nov 2026, 04:29") and relative ones ("2 minutes ago").
    page.getByText(/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b|\bago\b/),
    page.getByTestId("two-factor-secret"),
    page.getByTestId("two-factor-uri"),
    page.getByRole("img", { name: /QR code/i }),
  ]
}

/**
 * Nothing moves and nothing points: the same pixels on every run. Not
 * "networkidle": a Next <Link> to the auth routes starts a prefetch that never
 * settles (the forgot-password page's "Back to sign in" does), and the page is
 * complete long before.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load", { timeout: 30_000 })
  await page.evaluate(async () => {
    ;(document.activeElement as HTMLElement | null)?.blur?.()
    await document.fonts.ready
    // A colour scheme just switched starts the pages' colour transitions: axe would measure the
    // contrast of a colour halfway between the two schemes.
    // Transitions only (an endless animation would never finish), and for at most a second: a
    // transition the browser does not tick (no frame is drawn while nothing changes) would wait forever.
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition)
    const finished = Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)))
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1_000))])
  })
  await page.mouse.move(0, 0)
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): string[] {
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(" ")} — ${v.help}`))
}

export async function checkPage(page: Page, state: PageState): Promise<void> {
  if (state.path !== undefined) {
    const response = await page.goto(state.path)
    const status = response?.status() ?? 0
    // Bad links may answer 4xx with their page; never a 500.
    if (state.status === undefined) expect(status, `${state.path} answers`).toBeLessThan(500)
    else expect(status, `${state.path} answers`).toBe(state.status)
  }
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    for (const colorScheme of COLOR_SCHEMES) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" })
      await settle(page)
      const label = `${state.name} at ${viewport.name} width, ${colorScheme}`
      const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
      // Soft: one run lists every violation of every page, and the screenshots are still taken.
      expect.soft(describeViolations(violations), `axe on ${label}`).toEqual([])
      await expect.soft(page, label).toHaveScreenshot(`${state.name}-${viewport.name}-${colorScheme}.png`, {
        fullPage: true,
        mask: [...commonMasks(page), ...(state.masks?.(page) ?? [])],
      })
    }
  }
}
