/**
 * Every command README.md and the Markdown under docs/ tell a reader to run names something that exists: an
 * npm script of package.json (or of the example app the section is about), a Playwright project
 * of playwright.config.ts, a file for node / tsx / bash to run. A renamed script or project
 * breaks this test instead of the reader's first try.
 */
import { readdirSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { codeSnippets, documents, exists, lines, read, ROOT } from "./markdown"

type Scripts = Record<string, string>

const rootScripts = (JSON.parse(read("package.json")) as { scripts: Scripts }).scripts

/** The example apps' scripts, by folder: examples/express, examples/sveltekit, … */
const exampleScripts: Record<string, Scripts> = Object.fromEntries(
  readdirSync(path.join(ROOT, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && exists(`examples/${entry.name}/package.json`))
    .map((entry) => [`examples/${entry.name}`, (JSON.parse(read(`examples/${entry.name}/package.json`)) as { scripts?: Scripts }).scripts ?? {}]),
)

/** The project names playwright.config.ts declares in its `projects` list. */
function playwrightProjects(): Set<string> {
  const config = read("playwright.config.ts")
  const projects = config.slice(config.indexOf("projects:"), config.indexOf("webServer:"))
  return new Set([...projects.matchAll(/\bname:\s*"([^"]+)"/g)].map((match) => match[1]))
}

/** For each line of a document, the example folders its section (from the heading to that line) names. */
function examplesBySection(markdown: string): (line: number) => string[] {
  const all = lines(markdown)
  return (line) => {
    const before = all.slice(0, line)
    const start = before.findLastIndex((l) => !l.fenced && /^#{1,6}\s/.test(l.text))
    const section = before.slice(Math.max(0, start)).map((l) => l.text).join("\n")
    return Object.keys(exampleScripts).filter((folder) => section.includes(folder))
  }
}

/** A single capital letter stands for any name, as prose describing the commands writes `npm run X`. */
const isPlaceholder = (name: string) => /^[A-Z]$/.test(name)

/** What is wrong with the commands in one piece of code, as "why" strings. */
function staleCommands(code: string, examples: string[], projects: Set<string>): string[] {
  const problems: string[] = []
  const scriptExists = (name: string) => isPlaceholder(name) || name in rootScripts || examples.some((folder) => name in exampleScripts[folder])
  const fileExists = (file: string) => exists(file) || examples.some((folder) => exists(path.posix.join(folder, file)))
  for (const [, name] of code.matchAll(/\bnpm\s+run\s+([\w:.-]+)/g)) if (!scriptExists(name)) problems.push(`npm script "${name}"`)
  for (const [, name] of code.matchAll(/\bnpm\s+(test|start)\b/g)) if (!scriptExists(name)) problems.push(`npm script "${name}"`)
  for (const [, args] of code.matchAll(/\bplaywright\s+test\b([^\n;&|`]*)/g)) {
    for (const [, name] of args.matchAll(/--project(?:=|\s+)([\w-]+)/g)) if (!isPlaceholder(name) && !projects.has(name)) problems.push(`Playwright project "${name}"`)
  }
  for (const [, file] of code.matchAll(/\b(?:node|tsx|bash|sh)\s+((?:\.\/)?[\w.-]+\/[\w./-]+|[\w-]+\.(?:m?js|ts|sh))(?=[\s`"')]|$)/g)) {
    if (!fileExists(file.replace(/^\.\//, ""))) problems.push(`file "${file}"`)
  }
  // Test files handed to `npm test -- …` or `vitest run …`.
  for (const [, args] of code.matchAll(/\b(?:npm\s+test\s+--|vitest\s+run)([^\n;&|`]*)/g)) {
    for (const [, file] of args.matchAll(/(?:^|\s)((?:tests|lib|server)\/[\w./-]+\.ts)\b/g)) if (!fileExists(file)) problems.push(`file "${file}"`)
  }
  return problems
}

const DOCUMENTS = documents()

describe("the command check itself", () => {
  const projects = playwrightProjects()

  it("reads the Playwright projects from the config's projects list", () => {
    expect(projects.has("database")).toBe(true)
    expect(projects.has("visual")).toBe(true)
  })

  it("flags a script, a project and a file that do not exist, and nothing else", () => {
    expect(staleCommands("npm run dev && npm test && npx playwright test --project=visual && node scripts/dev.mjs", [], projects)).toEqual([])
    expect(staleCommands("npm run no-such-script; npx playwright test --project no-such-project; bash .ci/nothing-here", [], projects)).toEqual([
      'npm script "no-such-script"',
      'Playwright project "no-such-project"',
      'file ".ci/nothing-here"',
    ])
  })

  it("reads a single capital letter as a placeholder, not as a name", () => {
    expect(staleCommands("npm run X; npx playwright test --project=Y", [], projects)).toEqual([])
    expect(staleCommands("npm run XY", [], projects)).toEqual(['npm script "XY"'])
  })

  it("takes an example's scripts only where the section names that example", () => {
    expect(staleCommands("npm run preview", [], projects)).toEqual(['npm script "preview"'])
    expect(staleCommands("npm run preview", ["examples/sveltekit"], projects)).toEqual([])
  })
})

describe.each(DOCUMENTS)("commands in %s", (document) => {
  it("name scripts, Playwright projects and files that exist", () => {
    const markdown = read(document)
    const projects = playwrightProjects()
    const examplesAt = examplesBySection(markdown)
    const problems = codeSnippets(markdown).flatMap(({ line, target }) =>
      staleCommands(target, examplesAt(line), projects).map((problem) => `${document}:${line}: no ${problem} (in: ${target.trim()})`),
    )
    expect(problems).toEqual([])
  })
})
