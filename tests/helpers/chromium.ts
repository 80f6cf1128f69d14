/**
 * The browser every browser test drives: Debian's `chromium-headless-shell`
 * when installed, else its full `chromium`.
 *
 * The headless shell is the browser Playwright itself ships for headless runs.
 * The full browser's "new" headless mode keeps its whole window machinery (a
 * top-chrome renderer per window, a busier browser process): measured here on
 * the same 23 browser flows, 114 busy core-seconds with the full browser and 75
 * with the shell, on a machine with two cores. The visual baselines are made
 * with the shell; the full browser renders text a few pixels differently.
 */
import { existsSync } from "node:fs"

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
export const FULL_CHROMIUM = "/usr/bin/chromium"

export const CHROMIUM_PATH = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM

/** No sandbox (CI runs as root), no GPU, nothing that phones home or updates itself mid-run. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]
