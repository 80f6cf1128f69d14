/**
 * What in the app's own files stops it compiling against the copied library,
 * reported (never rewritten: tsconfig.json and the app's code are the app's):
 * a tsconfig target the library cannot be type-checked under, and modules
 * that still construct the client of the app's old Prisma schema, which the
 * starter's schema and client replace.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { ts } from "ts-morph"
import type { DatabaseChoice } from "./database-choice"

const SKIPPED = new Set(["node_modules", ".next", ".git", "dist", "build", "out"])
const LIBRARY = ["lib/auth", "lib/db", "lib/generated"]
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/

export function tsconfigNotes(appDir: string): string[] {
  const file = path.join(appDir, "tsconfig.json")
  if (!existsSync(file)) return []
  const options = (ts.parseConfigFileTextToJson(file, readFileSync(file, "utf8")).config as { compilerOptions?: { target?: string } } | undefined)?.compilerOptions
  const notes: string[] = []
  const target = options?.target?.toLowerCase()
  if (target === "es3" || target === "es5") {
    notes.push(`tsconfig.json: "target": "${options?.target}" — set "ES2017" or later: the library iterates Sets, Maps and URLSearchParams, which TypeScript refuses below ES2015 (error TS2802; Next.js itself compiles with SWC either way)`)
  }
  return notes
}

export function oldPrismaClientNotes(appDir: string, database: DatabaseChoice): string[] {
  if (database === "none") return []
  const notes: string[] = []
  const visit = (relative: string): void => {
    if (LIBRARY.includes(relative)) return
    const full = path.join(appDir, relative)
    for (const entry of readdirSync(full)) {
      if (SKIPPED.has(entry)) continue
      const child = relative ? `${relative}/${entry}` : entry
      if (statSync(path.join(appDir, child)).isDirectory()) visit(child)
      else if (SOURCE.test(entry) && /from\s+["']@prisma\/client["']/.test(readFileSync(path.join(appDir, child), "utf8"))) {
        notes.push(`${child}: imports @prisma/client, the client of the app's old schema (no longer generated): use \`prisma\` from "@/lib/db/client" (the starter's schema, already generated)`)
      }
    }
  }
  visit("")
  return notes
}
