/**
 * The colour tokens meet WCAG AA in both themes (what axe's color-contrast
 * rule checks, here for every pair the kit uses, not just the pages a test
 * visits), and the library's built-in pages use the same palette as the app.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { PALETTE } from "@/lib/auth/pages/styles"

const css = readFileSync(new URL("../../../app/globals.css", import.meta.url), "utf8")

/** The `--ds-*` values of the first block that follows `marker`. */
function tokens(marker: string): Record<string, string> {
  const start = css.indexOf(marker)
  if (start < 0) throw new Error(`no block ${marker}`)
  const block = css.slice(start, css.indexOf("}", start))
  return Object.fromEntries([...block.matchAll(/--ds-([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2].toLowerCase()]))
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

// [foreground, background, minimum ratio]
const PAIRS: [string, string, number][] = [
  ["text", "canvas", 4.5],
  ["text", "surface", 4.5],
  ["text", "surface-muted", 4.5],
  ["muted", "canvas", 4.5],
  ["muted", "surface", 4.5],
  ["muted", "surface-muted", 4.5],
  ["accent-fg", "accent", 4.5],
  ["accent-text", "surface", 4.5],
  ["accent-text", "canvas", 4.5],
  ["danger-fg", "danger", 4.5],
  ["danger-text", "surface", 4.5],
  ["danger-soft-text", "danger-soft", 4.5],
  ["success-text", "surface", 4.5],
  ["success-soft-text", "success-soft", 4.5],
  ["warning-text", "surface", 4.5],
  ["warning-soft-text", "warning-soft", 4.5],
  ["info-soft-text", "info-soft", 4.5],
  ["accent-text", "info-soft", 4.5],
  ["border-strong", "surface", 3],
  ["focus", "surface", 3],
  ["focus", "canvas", 3],
]

const themes = {
  light: tokens(":root {"),
  dark: tokens(':root[data-theme="dark"]'),
}

describe.each(Object.entries(themes))("the %s theme", (_name, palette) => {
  it.each(PAIRS)("%s on %s reaches %d:1", (fg, bg, minimum) => {
    expect(palette[fg], fg).toBeDefined()
    expect(palette[bg], bg).toBeDefined()
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(minimum)
  })
})

it("the dark palette is the same for the OS preference and the data-theme override", () => {
  expect(tokens(':root:not([data-theme="light"])')).toEqual(themes.dark)
})

it.each(["light", "dark"] as const)("the library's built-in pages use the app's %s palette", (name) => {
  for (const [token, value] of Object.entries(PALETTE[name])) {
    expect(themes[name][token], token).toBe(value.toLowerCase())
  }
})
