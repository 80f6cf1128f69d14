/**
 * Every relative link in README.md and docs/ leads somewhere: the file (a document, a source
 * file, a picture) exists, and an `#anchor` names a heading the target really has, by GitHub's
 * rules. A renamed heading or a moved file breaks the test, not a reader's click.
 */
import path from "node:path"
import { describe, expect, it } from "vitest"
import { anchors, documents, exists, links, read, slug } from "./markdown"

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i

/** "file:line: target (why)" for each link of `document` that leads nowhere. */
function brokenLinks(document: string): string[] {
  const broken: string[] = []
  for (const { line, target } of links(read(document))) {
    if (EXTERNAL.test(target)) continue
    const [rawPath, rawAnchor] = target.split("#", 2) as [string, string | undefined]
    const file = rawPath === "" ? document : path.posix.normalize(rawPath.startsWith("/") ? rawPath.slice(1) : path.posix.join(path.posix.dirname(document), decodeURIComponent(rawPath)))
    const where = `${document}:${line}: ${target}`
    if (file.startsWith("..") || !exists(file)) {
      broken.push(`${where} (no file ${file})`)
      continue
    }
    if (rawAnchor === undefined || !file.endsWith(".md")) continue
    const anchor = decodeURIComponent(rawAnchor)
    if (!anchors(read(file)).has(anchor)) broken.push(`${where} (no heading with anchor #${anchor} in ${file})`)
  }
  return broken
}

describe("GitHub's heading anchors, as the link check computes them", () => {
  it("lower-cases, drops punctuation but - and _, and turns spaces into -", () => {
    expect(slug("Two-factor authentication, step-up and session lifetimes")).toBe("two-factor-authentication-step-up-and-session-lifetimes")
    expect(slug("Switching this starter to `@auth/drizzle-adapter`")).toBe("switching-this-starter-to-authdrizzle-adapter")
    expect(slug("Apple: form_post callbacks")).toBe("apple-form_post-callbacks")
    expect(slug("1. Copy the library in")).toBe("1-copy-the-library-in")
    expect(slug("OAuth / OpenID Connect")).toBe("oauth--openid-connect")
  })

  it("numbers a repeated heading -1, -2 and ignores headings inside fenced code", () => {
    const markdown = ["# Setup", "## Setup", "```sh", "# Setup", "```", "### Setup"].join("\n")
    expect([...anchors(markdown)]).toEqual(["setup", "setup-1", "setup-2"])
  })
})

describe.each(documents())("links in %s", (document) => {
  it("lead to files that exist and to headings the target has", () => {
    expect(brokenLinks(document)).toEqual([])
  })
})
