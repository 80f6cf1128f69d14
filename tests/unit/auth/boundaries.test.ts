/**
 * The library's shape is enforced by `npm run lint`; these tests keep that
 * enforcement honest in CI: the real tree passes, and a module that breaks a
 * rule is caught (so a rule that silently stopped matching would fail here).
 *
 * - dependency-cruiser (.dependency-cruiser.cjs): no cycle, arrows only down
 *   the layers of docs/architecture.md, nothing from the app.
 * - ESLint (eslint.config.mjs): outside lib/auth, only its entry points.
 */
import { execFile } from "node:child_process"
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { ESLint } from "eslint"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const ROOT = path.resolve(".")
const DEPCRUISE = path.join(ROOT, "node_modules/.bin/depcruise")

async function depcruise(cwd: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run(DEPCRUISE, ["lib/auth", "--config", ".dependency-cruiser.cjs", "--output-type", "err"], { cwd })
    return { ok: true, output: stdout }
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string }
    return { ok: false, output: stdout + stderr }
  }
}

describe("library layers (dependency-cruiser)", () => {
  let copy: string
  beforeAll(() => {
    // Rule-breaking modules are written into a copy, never into the working tree.
    copy = mkdtempSync(path.join(tmpdir(), "auth-layers-"))
    for (const entry of ["lib/auth", "tsconfig.json", ".dependency-cruiser.cjs", "package.json"]) {
      cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true })
    }
    writeFileSync(path.join(copy, "next-env.d.ts"), "")
  })
  afterAll(() => rmSync(copy, { recursive: true, force: true }))

  it("the library as it is has no cycle and no upward arrow", async () => {
    const result = await depcruise(ROOT)
    expect(result.output).toContain("no dependency violations found")
    expect(result.ok).toBe(true)
  }, 120_000)

  it("a toolkit module importing a flow, a cycle and an import of the app are each reported", async () => {
    writeFileSync(path.join(copy, "lib/auth/jwe/probe-up.ts"), 'import { signin } from "../actions/signin"\nexport const probe = signin\n')
    writeFileSync(path.join(copy, "lib/auth/probe-a.ts"), 'import { b } from "./probe-b"\nexport const a = () => b\n')
    writeFileSync(path.join(copy, "lib/auth/probe-b.ts"), 'import { a } from "./probe-a"\nexport const b = () => a\n')
    writeFileSync(path.join(copy, "auth.ts"), "export const app = 1\n")
    writeFileSync(path.join(copy, "lib/auth/csrf-probe.ts"), 'import { app } from "../../auth"\nexport const probe = app\n')
    const result = await depcruise(copy)
    expect(result.ok).toBe(false)
    expect(result.output).toMatch(/toolkit-not-above: lib\/auth\/jwe\/probe-up\.ts → lib\/auth\/actions\/signin\.ts/)
    expect(result.output).toMatch(/no-cycle: lib\/auth\/probe-a\.ts/)
    expect(result.output).toMatch(/library-knows-no-app: lib\/auth\/csrf-probe\.ts → auth\.ts/)
  }, 120_000)
})

describe("entry points (ESLint)", () => {
  const eslint = new ESLint({ cwd: ROOT })
  const boundaryErrors = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) })
    return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax")
  }

  it("the app may import the core, a framework layer, the adapter and a provider", async () => {
    const code = [
      'import { AuthError } from "@/lib/auth"',
      'import { NextAuth } from "@/lib/auth/next"',
      'import { PrismaAdapter } from "@/lib/auth/adapters/prisma"',
      'import GitHub from "@/lib/auth/providers/github"',
      "export const used = [AuthError, NextAuth, PrismaAdapter, GitHub]",
    ].join("\n")
    expect(await boundaryErrors(code, "app/boundary-probe.ts")).toEqual([])
  }, 60_000)

  it("the app may not import an internal module, by alias, relative path or import()", async () => {
    const alias = await boundaryErrors('import { encode } from "@/lib/auth/jwe/compact"\nexport const e = encode\n', "app/boundary-probe.ts")
    const relative = await boundaryErrors('import type { User } from "../lib/auth/types"\nexport type U = User\n', "server/boundary-probe.ts")
    const dynamic = await boundaryErrors('export const load = () => import("./lib/auth/next/startup")\n', "boundary-probe.ts")
    expect(alias.map((m) => m.message)).toEqual([expect.stringContaining("entry points")])
    expect(relative).toHaveLength(1)
    expect(dynamic).toHaveLength(1)
  }, 60_000)
})
