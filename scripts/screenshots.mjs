#!/usr/bin/env node
// `npm run screenshots`: regenerates the README's pictures of the main pages,
// light and dark, into docs/screenshots/. It runs the Playwright project
// "readme-screenshots" (tests/e2e/readme-screenshots.spec.ts), which builds
// the app and serves it with a fresh, seeded database exactly as the e2e suite
// does, so the pictures show what a new user sees with the demo account.
// Extra arguments go to Playwright (e.g. --headed).
import path from "node:path"
import { fileURLToPath } from "node:url"
import { binPath } from "./lib/bin.mjs"
import { exitLike, run } from "./lib/spawn.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const env = { ...process.env, README_SCREENSHOTS: "1", NEXT_TELEMETRY_DISABLED: "1" }
const args = [binPath("@playwright/test", "playwright"), "test", "--project=readme-screenshots", ...process.argv.slice(2)]
await exitLike(await run(process.execPath, args, { cwd: root, env }))
