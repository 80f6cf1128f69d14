/**
 * Step 1 of docs/migrating-from-next-auth.md, done for the person moving the
 * app: the starter's library and every file it needs copied into the app (one
 * database provider, no Express or SvelteKit layer), the start-up check joined
 * to instrumentation.ts, package.json updated, and the Prisma client the app
 * uses generated. Everything is decided before anything is written, so a
 * refusal leaves the app untouched; with dryRun nothing is written at all.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { oldPrismaClientNotes, tsconfigNotes } from "./copy-checks"
import { CopyLibraryError } from "./copy-errors"
import { chooseDatabase, type DatabaseChoice, type DatabaseDecision } from "./database-choice"
import { installCommand, neededPackages, planPackageJson, readPackageJson, type PackagePlan } from "./dependencies"
import { STARTER_ROOT } from "./library-exports"
import { libraryFiles, PRISMA_LAYOUT, staleLibraryFiles, type PlannedFile } from "./library-files"
import { planStartupHook, type StartupHookOutcome } from "./startup-hook"

export interface CopyLibraryOptions {
  readonly dryRun?: boolean
  /** Overrides the detection (database-choice.ts). */
  readonly database?: DatabaseChoice
}

export type FileAction = "create" | "update" | "same"

export interface CopyResult {
  readonly appDir: string
  readonly dryRun: boolean
  readonly database: DatabaseDecision
  readonly files: readonly { readonly path: string; readonly action: FileAction }[]
  /** Files of an earlier copy under lib/auth that this library no longer ships, removed. */
  readonly removed: readonly string[]
  /** The app's own Prisma files the starter's replace, kept under another name. */
  readonly setAside: readonly { readonly from: string; readonly to: string }[]
  readonly startupHook: StartupHookOutcome
  /** Undefined when the app has no package.json. */
  readonly packages: PackagePlan | undefined
  /** The Prisma generate that ran (or would run), undefined without a database. */
  readonly generate: string | undefined
  readonly installCommand: string
  readonly notes: readonly string[]
}

// A file here would shadow the copied folder: `@/lib/auth` resolves to lib/auth.ts before lib/auth/index.ts.
const SHADOWING = ["lib/auth", "lib/db"].flatMap((base) => [".ts", ".tsx", ".js", ".jsx", ".mjs"].map((ext) => base + ext))

const SET_ASIDE_SUFFIX = ".before-move"

export async function copyLibraryInto(appDir: string, options: CopyLibraryOptions = {}): Promise<CopyResult> {
  const root = path.resolve(appDir)
  const dryRun = options.dryRun ?? false
  const shadowing = SHADOWING.find((file) => existsSync(path.join(root, file)))
  if (shadowing) {
    throw new CopyLibraryError("name_taken", `${shadowing} would shadow the library's folder ${shadowing.replace(/\.\w+$/, "/")} (imports of "@/${shadowing.replace(/\.\w+$/, "")}" resolve to it): rename it first`)
  }
  const appPackage = readPackageJson(path.join(root, "package.json"))
  const packageNames = [...Object.keys(appPackage?.dependencies ?? {}), ...Object.keys(appPackage?.devDependencies ?? {})]
  const database = chooseDatabase(root, options.database, packageNames)
  const planned: PlannedFile[] = libraryFiles(database.database)
  const startupTemplate = readFileSync(path.join(STARTER_ROOT, "scripts/migrate-next-auth/templates/auth-startup.ts.txt"), "utf8")
  planned.push({ to: "auth-startup.ts", from: "template auth-startup.ts.txt", text: startupTemplate })
  const startupHook = planStartupHook(root, readFileSync(path.join(STARTER_ROOT, "scripts/migrate-next-auth/templates/instrumentation.ts.txt"), "utf8"))

  const setAside = prismaFilesSetAside(root, database.database, planned)
  const removed = staleLibraryFiles(root, planned)
  const files = planned.map((file) => ({ path: file.to, action: fileAction(root, file.to, file.text) }))
  const packages = appPackage ? planPackageJson(appPackage, neededPackages(planned, database.database), database.database) : undefined
  const install = installCommand(root)
  const notes: string[] = [...(packages?.notes ?? []), ...tsconfigNotes(root), ...oldPrismaClientNotes(root, database.database)]
  if (!appPackage) notes.push("no package.json in the app: add the packages listed above yourself")
  if (install.manager !== "npm" && (packages?.overrides.length ?? 0) > 0) {
    notes.push(`package.json: "overrides" is npm's field; with ${install.manager}, move it to ${install.manager === "pnpm" ? `"pnpm.overrides"` : `"resolutions"`}`)
  }
  const generate = database.database === "none" ? undefined : `prisma generate --schema ${PRISMA_LAYOUT[database.database].schema}`

  if (!dryRun) {
    for (const { from, to } of setAside) renameSync(path.join(root, from), path.join(root, to))
    for (const file of removed) rmSync(path.join(root, file))
    for (const file of planned) writeIfChanged(path.join(root, file.to), file.text)
    if (startupHook.kind === "created" || startupHook.kind === "merged") writeIfChanged(path.join(root, startupHook.file), startupHook.text)
    if (appPackage && packages) writePackageJson(path.join(root, "package.json"), packages)
    if (database.database !== "none") generatePrismaClient(root, database.database)
  }
  return { appDir: root, dryRun, database, files, removed, setAside, startupHook, packages, generate, installCommand: install.command, notes }
}

function fileAction(root: string, relative: string, text: string): FileAction {
  const full = path.join(root, relative)
  if (!existsSync(full)) return "create"
  return readFileSync(full, "utf8") === text ? "same" : "update"
}

/**
 * The app's own Prisma schema and config (next-auth's documented schema, most
 * likely) where the starter's go: renamed, not deleted, so models of the
 * app's own can be carried into the starter's schema by hand. Without this,
 * the app would keep generating a second client from its old schema.
 */
function prismaFilesSetAside(root: string, database: DatabaseChoice, planned: readonly PlannedFile[]): { from: string; to: string }[] {
  if (database === "none") return []
  const ours = new Map(planned.map((file) => [file.to, file.text]))
  const candidates = ["prisma/schema.prisma", "prisma.config.ts", PRISMA_LAYOUT[database].schema, PRISMA_LAYOUT[database].config]
  return [...new Set(candidates)]
    .filter((file) => existsSync(path.join(root, file)))
    .filter((file) => readFileSync(path.join(root, file), "utf8") !== ours.get(file))
    .map((file) => ({ from: file, to: file + SET_ASIDE_SUFFIX }))
}

function writeIfChanged(full: string, text: string): void {
  if (existsSync(full) && readFileSync(full, "utf8") === text) return
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, text)
}

function writePackageJson(file: string, plan: PackagePlan): void {
  const before = readFileSync(file, "utf8")
  const indent = /^(\s+)"/m.exec(before)?.[1] ?? "  "
  writeIfChanged(file, `${JSON.stringify(plan.packageJson, null, indent)}\n`)
}

/**
 * Generates the one client the app uses, with the starter's Prisma CLI: the
 * app has no node_modules of its own yet, and its prisma.config.ts cannot load
 * before `prisma` is installed there. Run from the starter's folder, so the
 * starter's prisma.config.ts (and what it sets up) applies; --schema points at
 * the app's schema, whose generator writes into the app's lib/generated.
 */
function generatePrismaClient(root: string, database: Exclude<DatabaseChoice, "none">): void {
  const schema = path.join(root, PRISMA_LAYOUT[database].schema)
  const result = spawnSync(process.execPath, [path.join(STARTER_ROOT, "node_modules/prisma/build/index.js"), "generate", "--schema", schema], {
    cwd: STARTER_ROOT,
    encoding: "utf8",
    env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  })
  if (result.status !== 0) {
    throw new CopyLibraryError("prisma_generate_failed", `prisma generate --schema ${schema} failed:\n${`${result.stdout}${result.stderr}`.trim()}`)
  }
}
