/**
 * Code, comments, messages, tests and documentation never cite an issue number (the word and a
 * number, or "#" and a number): the number means nothing to someone reading later, and the
 * tracker it points into is not part of the project. A comment says why in words; a pointer into
 * docs/decisions/ names the file and the section's topic.
 */
import { existsSync, statSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { filesUnder, read, ROOT } from "./markdown"

const SCANNED_FOLDERS = ["lib", "app", "server", "components", "scripts", "bench", "tests", "examples", ".ci", "docs"]
const SCANNED_FILES = [
  "auth.ts", "middleware.ts", "instrumentation.ts", "next.config.ts", "playwright.config.ts", "vitest.config.ts",
  "eslint.config.mjs", ".dependency-cruiser.cjs", "prisma.config.ts", ".env.example", "README.md",
  // The schemas, not the migrations: an applied migration must stay byte-identical, whatever its comments say.
  "prisma/schema.prisma", "prisma/postgres/schema.prisma",
]

/** Text files only; generated code, installed packages, build output and screenshots are not ours to word. */
const TEXT = /(?:\.(?:ts|tsx|js|mjs|cjs|json|md|svelte|sql|html|css|fixture|sh|txt|yml|yaml)|\/[^./]+)$/
const SKIPPED = /(?:^|\/)(?:node_modules|\.svelte-kit|\.next|build|dist|__screenshots__)\/|^lib\/generated\//

/** The word "issue" or "issues", then a number, with or without "#" before it. */
const ISSUE_WORD = /\bissues?\s*#?\s*\d+/gi
/**
 * "#" and a number standing alone, as an issue reference: after a space, "(" or "[" and not followed by more
 * of a word. Not an HTML entity (&#39;), an anchor (#1-copy-the-library-in), a colour ("#000000",
 * `color: #000`) or PKCS #8.
 */
const HASH_NUMBER = /(?<=^|[\s([,])(?<!PKCS )(?<!:\s?)#\d{1,5}(?![\w-])(?!\s*;)/gm

/** Each citation in `text` as "line: the citation". */
function issueCitations(text: string): string[] {
  const found: string[] = []
  text.split("\n").forEach((line, index) => {
    const worded = [...line.matchAll(ISSUE_WORD)]
    for (const match of worded) found.push(`${index + 1}: ${match[0]}`)
    // The "#" of a worded citation is part of it, not a second one.
    const inWorded = (at: number) => worded.some((match) => at >= match.index && at < match.index + match[0].length)
    for (const match of line.matchAll(HASH_NUMBER)) if (!inWorded(match.index)) found.push(`${index + 1}: ${match[0]}`)
  })
  return found
}

function scannedFiles(): string[] {
  const keep = (file: string) => TEXT.test(file) && !SKIPPED.test(file)
  const folders = SCANNED_FOLDERS.filter((dir) => existsSync(path.join(ROOT, dir)) && statSync(path.join(ROOT, dir)).isDirectory())
  return [...folders.flatMap((dir) => filesUnder(dir, keep)), ...SCANNED_FILES.filter((file) => existsSync(path.join(ROOT, file)))]
}

describe("what counts as citing an issue", () => {
  const n = 35
  it("an issue by its number, in words or with #", () => {
    expect(issueCitations(`// Organizations (issue ${n}): teams`)).toEqual([`1: issue ${n}`])
    expect(issueCitations(`/** see Issue #${n} */`)).toEqual([`1: Issue #${n}`])
    expect(issueCitations(`"fixed in issues ${12} and ${14}"`)).toEqual([`1: issues ${12}`])
    expect(issueCitations(`// the member limit (#${n})`)).toEqual([`1: #${n}`])
    expect(issueCitations(`throw new Error("broken, see #${n}")`)).toEqual([`1: #${n}`])
  })

  it("not colours, HTML entities, anchors, PKCS numbers or a support ticket in test data", () => {
    expect(issueCitations(`bg: "#000000", style: "color: #000;", "&#39;", "guide.md#1-copy-the-library-in"`)).toEqual([])
    expect(issueCitations(`/** PEM (PKCS #8); no PKCS#7 padding */ reason: "support ticket 4411"`)).toEqual([])
  })
})

describe("no issue numbers in code, comments, messages, tests or docs", () => {
  const files = scannedFiles()

  it("scans the code (the file walk itself works)", () => {
    expect(files).toContain("auth.ts")
    expect(files).toContain(".ci/run")
    expect(files).toContain("lib/auth/index.ts")
    expect(files).toContain("README.md")
    expect(files).toContain("docs/decisions/README.md")
    expect(files.some((file) => file.startsWith("lib/generated/"))).toBe(false)
  })

  it("no file cites an issue number", () => {
    const citations = files.flatMap((file) => issueCitations(read(file)).map((citation) => `${file}:${citation}`))
    expect(citations).toEqual([])
  })
})
