/**
 * The core of lib/auth imports no web framework: only the framework layers
 * (next/, express/, sveltekit/) and the React client (react/) may. A core
 * module that reached for one would tie every variant to it.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"

const ROOT = path.resolve("lib/auth")
const LAYERS = new Set(["next", "express", "sveltekit", "react"])
const FRAMEWORK = /from\s+["'](?:next(?:\/[^"']*)?|react(?:-dom)?(?:\/[^"']*)?|express|@sveltejs\/[^"']+|svelte(?:\/[^"']*)?)["']|import\(\s*["'](?:next|react|express|@sveltejs|svelte)/

function coreFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return dir === ROOT && LAYERS.has(entry.name) ? [] : coreFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe("the core is framework-free", () => {
  it("no module outside the framework layers imports next, react, express or SvelteKit", () => {
    const files = coreFiles(ROOT)
    expect(files.length).toBeGreaterThan(50)
    const offenders = files.filter((file) => FRAMEWORK.test(readFileSync(file, "utf8"))).map((file) => path.relative(ROOT, file))
    expect(offenders).toEqual([])
  })

  it("the layers do import their framework (the check above would see it)", () => {
    expect(readFileSync(path.join(ROOT, "next/index.ts"), "utf8")).toMatch(FRAMEWORK)
    expect(readFileSync(path.join(ROOT, "express/index.ts"), "utf8")).toMatch(FRAMEWORK)
    expect(readFileSync(path.join(ROOT, "sveltekit/index.ts"), "utf8")).toMatch(FRAMEWORK)
  })
})
