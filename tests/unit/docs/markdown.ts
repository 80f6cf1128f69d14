/**
 * What the docs tests read from Markdown: the files, their prose without fenced code,
 * their links, their headings' anchors as GitHub makes them, and their code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url))

export function read(file: string): string {
  return readFileSync(path.join(ROOT, file), "utf8")
}

export function exists(file: string): boolean {
  return existsSync(path.join(ROOT, file))
}

/** Repository-relative paths of the files under `dir` (recursively) that `keep` accepts. */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = []
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(ROOT, rel))) {
      if (name === "node_modules" || name.startsWith(".git")) continue
      const child = path.posix.join(rel, name)
      if (statSync(path.join(ROOT, child)).isDirectory()) walk(child)
      else if (keep(child)) out.push(child)
    }
  }
  walk(dir)
  return out.sort()
}

/** README.md and every Markdown file under docs/. */
export function documents(): string[] {
  return ["README.md", ...filesUnder("docs", (file) => file.endsWith(".md"))]
}

/** One line of a document, tagged with whether it sits inside a fenced code block. */
interface Line {
  number: number
  text: string
  fenced: boolean
}

export function lines(markdown: string): Line[] {
  let fence: string | null = null
  return markdown.split("\n").map((text, index) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(text)
    if (fence === null && opener) {
      fence = opener[1]
      return { number: index + 1, text, fenced: true }
    }
    if (fence !== null) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length && text.trim() === opener[1]) fence = null
      return { number: index + 1, text, fenced: true }
    }
    return { number: index + 1, text, fenced: false }
  })
}

/** The text GitHub renders for a heading's Markdown, which its anchor is made from. */
function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`/g, "")
    .replace(/(\*{1,3})(\S[^*]*?)\1/g, "$2")
    .trim()
}

/** GitHub's anchor for a heading text: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
export function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-")
}

/** Every anchor a document offers: its headings' (repeats get -1, -2, …) and explicit `id`/`name` attributes. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const line of lines(markdown)) {
    if (line.fenced) continue
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line.text)
    if (heading) {
      const base = slug(heading[1])
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      out.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const attribute of line.text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) out.add(attribute[1])
  }
  return out
}

/** A line's text with its inline code spans removed (links inside code are not links). */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)[\s\S]*?\1/g, "")
}

export interface Link {
  line: number
  target: string
}

/** The targets of a document's inline links, images and reference definitions, outside code. */
export function links(markdown: string): Link[] {
  const out: Link[] = []
  for (const line of lines(markdown)) {
    if (line.fenced) continue
    const text = withoutCodeSpans(line.text)
    for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ line: line.number, target: match[1] })
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text)
    if (definition) out.push({ line: line.number, target: definition[1] })
    for (const match of text.matchAll(/<a\s[^>]*href="([^"]+)"/g)) out.push({ line: line.number, target: match[1] })
  }
  return out
}

/** The code a document shows: each fenced block's lines and each inline code span. */
export function codeSnippets(markdown: string): Link[] {
  const out: Link[] = []
  for (const line of lines(markdown)) {
    if (line.fenced) {
      if (!/^\s*(`{3,}|~{3,})/.test(line.text)) out.push({ line: line.number, target: line.text })
      continue
    }
    for (const match of line.text.matchAll(/(`+)([\s\S]*?)\1/g)) out.push({ line: line.number, target: match[2] })
  }
  return out
}
