// Every guide section the codemod's messages link to exists: the anchors its source can print,
// checked against the headings of docs/migrating-from-next-auth.md under GitHub's slug rules.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { GUIDE_FILE } from "@/scripts/migrate-next-auth/guide"

const ROOT = path.resolve(import.meta.dirname, "../../../..")
const CODEMOD = path.join(ROOT, "scripts/migrate-next-auth")

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const used = new Map<string, number>()
  let fence: string | undefined
  for (const line of markdown.split("\n")) {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1]
    if (fenceMark) {
      fence = fence === undefined ? fenceMark : fence === fenceMark ? undefined : fence
      continue
    }
    if (fence !== undefined) continue
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "")
    const slug = text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-")
    const count = used.get(slug) ?? 0
    used.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The anchors the codemod's source can print: guideSection("…") calls and written-out links. */
function linkedAnchors(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  for (const name of readdirSync(CODEMOD).filter((file) => file.endsWith(".ts"))) {
    const source = readFileSync(path.join(CODEMOD, name), "utf8")
    const patterns = [/guideSection\(\s*"([^"]+)"\s*\)/g, /migrating-from-next-auth\.md#([\w-]+)/g]
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) found.set(match[1]!, [...(found.get(match[1]!) ?? []), name])
    }
  }
  return found
}

describe("migrate:next-auth guide links", () => {
  it("reads GitHub's anchors: code in headings, punctuation, numbered repeats, fenced blocks skipped", () => {
    const anchors = headingAnchors("# Top\n## 1. Copy the library in\n### `auth.ts`\n```sh\n# not a heading\n```\n## Top\n")
    expect([...anchors]).toEqual(["top", "1-copy-the-library-in", "authts", "top-1"])
  })

  it("links only to sections the guide has", () => {
    const anchors = headingAnchors(readFileSync(path.join(ROOT, GUIDE_FILE), "utf8"))
    const linked = linkedAnchors()
    // The messages do link somewhere: an empty collection would pass for the wrong reason.
    expect(linked.size).toBeGreaterThanOrEqual(4)
    const missing = [...linked].filter(([anchor]) => !anchors.has(anchor)).map(([anchor, files]) => `#${anchor} (${files.join(", ")})`)
    expect(missing).toEqual([])
  })
})
