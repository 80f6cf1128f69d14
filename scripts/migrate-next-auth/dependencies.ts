/**
 * The app's package.json after the move: next-auth (and Auth.js's Prisma
 * adapter, when the starter's replaces it) out; in, every package the copied
 * files import, at the exact version this repository's package.json pins, so
 * the app runs what the starter is tested with. A kept @auth/*-adapter stays:
 * npm nests the @auth/core it brings, with that core's own optional peers, so
 * it installs beside the library's newer nodemailer and @simplewebauthn/*.
 * An app that lists @auth/core itself gets the starter's `overrides` for those
 * peers: at the top level, their older majors conflict and npm refuses the
 * install (ERESOLVE), as it does while next-auth is still listed.
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import type { DatabaseChoice } from "./database-choice"
import type { PlannedFile } from "./library-files"
import { STARTER_ROOT } from "./library-exports"
import { importedModules, packageName } from "./module-imports"

type Section = "dependencies" | "devDependencies"

export interface PackageJson {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  overrides?: Record<string, string | Record<string, string>>
  [field: string]: unknown
}

export interface PackageChange {
  readonly name: string
  readonly version: string
  readonly section: Section
  /** The app's range before, when it had the package at another version. */
  readonly was?: string
}

export interface PackagePlan {
  readonly added: readonly PackageChange[]
  readonly removed: readonly string[]
  /** Entries added under overrides["@auth/core"] (only when the app lists @auth/core itself). */
  readonly overrides: readonly string[]
  readonly notes: readonly string[]
  readonly packageJson: PackageJson
}

// The app's framework: its own versions stay (the codemod does not upgrade Next.js).
const FRAMEWORK = new Set(["next", "react", "react-dom"])
const REPLACED_BY_LIBRARY = "next-auth"
const REPLACED_WITH_DATABASE = "@auth/prisma-adapter"
const OVERRIDDEN = "@auth/core"

export function readPackageJson(file: string): PackageJson | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as PackageJson) : undefined
}

function starterPackageJson(): PackageJson {
  const starter = readPackageJson(path.join(STARTER_ROOT, "package.json"))
  if (!starter) throw new Error("the starter's package.json is missing")
  return starter
}

/** Packages the copied files need, with the section each belongs in. */
export function neededPackages(files: readonly PlannedFile[], database: DatabaseChoice): Map<string, Section> {
  const needed = new Map<string, Section>()
  for (const file of files) {
    if (!/\.(ts|tsx|mts)$/.test(file.to)) continue
    for (const specifier of importedModules(file.text)) {
      const name = packageName(specifier)
      if (name && !FRAMEWORK.has(name)) needed.set(name, "dependencies")
    }
  }
  if (database !== "none") {
    // The generated client's runtime, and the CLI that generates it and runs migrations.
    needed.set("@prisma/client", "dependencies")
    needed.set("prisma", "devDependencies")
  }
  return needed
}

function pinned(starter: PackageJson, name: string): string | undefined {
  return starter.dependencies?.[name] ?? starter.devDependencies?.[name]
}

function typesPackage(name: string): string {
  return `@types/${name.startsWith("@") ? name.slice(1).replace("/", "__") : name}`
}

export function planPackageJson(app: PackageJson, needed: ReadonlyMap<string, Section>, database: DatabaseChoice): PackagePlan {
  const starter = starterPackageJson()
  const next: PackageJson = structuredClone(app)
  const notes: string[] = []
  const removed: string[] = []
  for (const name of database === "none" ? [REPLACED_BY_LIBRARY] : [REPLACED_BY_LIBRARY, REPLACED_WITH_DATABASE]) {
    for (const section of ["dependencies", "devDependencies"] as const) {
      if (next[section]?.[name] === undefined) continue
      delete next[section][name]
      if (!removed.includes(name)) removed.push(name)
    }
  }

  const wanted = new Map(needed)
  for (const name of needed.keys()) if (pinned(starter, typesPackage(name))) wanted.set(typesPackage(name), "devDependencies")
  const added: PackageChange[] = []
  for (const [name, defaultSection] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
    const version = pinned(starter, name)
    if (!version) throw new Error(`the copied library imports ${name}, which the starter's package.json does not list`)
    const section = next.dependencies?.[name] !== undefined ? "dependencies" : next.devDependencies?.[name] !== undefined ? "devDependencies" : defaultSection
    const was = next[section]?.[name]
    if (was === version) continue
    next[section] = { ...next[section], [name]: version }
    added.push(was === undefined ? { name, version, section } : { name, version, section, was })
  }
  for (const section of ["dependencies", "devDependencies"] as const) {
    const entries = next[section]
    if (entries) next[section] = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)))
  }

  const overrides = overridesForKeptAuthPackages(next, starter, notes)
  const framework = next.dependencies?.next
  const starterNext = pinned(starter, "next")
  if (framework && starterNext && majorOf(framework) !== undefined && majorOf(framework)! < majorOf(starterNext)!) {
    notes.push(`package.json: next ${framework} — the library is built and tested on next ${starterNext} (its Next.js layer uses the async cookies() and headers() of Next.js 15 and later)`)
  }
  return { added, removed, overrides, notes, packageJson: next }
}

function majorOf(range: string): number | undefined {
  const match = /(\d+)/.exec(range)
  return match ? Number(match[1]) : undefined
}

function overridesForKeptAuthPackages(next: PackageJson, starter: PackageJson, notes: string[]): string[] {
  const names = [...Object.keys(next.dependencies ?? {}), ...Object.keys(next.devDependencies ?? {})]
  if (!names.includes(OVERRIDDEN)) return []
  const ours = starter.overrides?.[OVERRIDDEN]
  if (!ours || typeof ours === "string") return []
  const theirs = next.overrides?.[OVERRIDDEN]
  if (typeof theirs === "string") {
    notes.push(`package.json: overrides["${OVERRIDDEN}"] is a version; ${OVERRIDDEN} at the top level needs the starter's entries for its peers (${Object.keys(ours).join(", ")}) instead`)
    return []
  }
  const merged: Record<string, string> = { ...theirs }
  const added: string[] = []
  for (const [peer, reference] of Object.entries(ours)) {
    // "$name" points at the app's own dependency: only valid when the app has it.
    if (reference.startsWith("$") && !names.includes(reference.slice(1))) continue
    if (merged[peer] === reference) continue
    merged[peer] = reference
    added.push(`${peer}: ${reference}`)
  }
  if (added.length > 0) next.overrides = { ...next.overrides, [OVERRIDDEN]: merged }
  return added
}

/** The one command that installs what package.json now lists, for the app's package manager. */
export function installCommand(appDir: string): { command: string; manager: "npm" | "pnpm" | "yarn" | "bun" } {
  if (existsSync(path.join(appDir, "pnpm-lock.yaml"))) return { command: "pnpm install", manager: "pnpm" }
  if (existsSync(path.join(appDir, "yarn.lock"))) return { command: "yarn install", manager: "yarn" }
  if (existsSync(path.join(appDir, "bun.lock")) || existsSync(path.join(appDir, "bun.lockb"))) return { command: "bun install", manager: "bun" }
  return { command: "npm install", manager: "npm" }
}
