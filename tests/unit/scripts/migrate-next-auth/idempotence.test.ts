// Running the codemod twice changes nothing the second time: every rewrite matches next-auth's
// forms only. The fixture is the benchmark's next-auth v5 app (bench/next-auth-app) as it is.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"
import { PROJECT_ROOT } from "@/lib/db/layout"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"

vi.setConfig({ testTimeout: 240_000 })

const dir = mkdtempSync(path.join(tmpdir(), "next-auth-bench-app-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name)
      files[path.relative(root, file)] = readFileSync(file, "utf8")
    }
  }
  return files
}

describe("migrate:next-auth twice", () => {
  it("moves the reference next-auth app once and then finds nothing to change", async () => {
    cpSync(path.join(PROJECT_ROOT, "bench/next-auth-app"), dir, { recursive: true, filter: (source) => !source.includes("node_modules") && !source.includes(".next") })
    const first = await migrateNextAuthApp(dir)
    expect(first.changedFiles.length).toBeGreaterThan(0)
    const afterFirst = snapshot(dir)
    expect(Object.values(afterFirst).join("\n")).not.toMatch(/from "next-auth|from "@auth\/prisma-adapter"/)

    const second = await migrateNextAuthApp(dir)
    expect(second.changedFiles).toEqual([])
    expect(second.findings.filter((f) => f.kind === "changed")).toEqual([])
    expect(snapshot(dir)).toEqual(afterFirst)
  })
})
