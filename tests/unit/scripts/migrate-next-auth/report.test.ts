// The report and the command: what was changed and what is left, by file and line; --dry-run
// writes nothing; the exit code says whether anything is left by hand.
import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it, vi } from "vitest"
import { runBin } from "@/tests/helpers/run"
import { writeApp } from "./fixture-app"

vi.setConfig({ testTimeout: 240_000 })

describe("npm run migrate:next-auth", () => {
  it("prints what it would change and what it cannot, and with --dry-run writes nothing", async () => {
    const auth = `import NextAuth from "next-auth"\nimport GitHub from "next-auth/providers/github"\nexport const { auth } = NextAuth({ providers: [GitHub], nope: 1 })\n`
    const types = `declare module "next-auth" {\n  interface Session { role: string }\n}\nexport {}\n`
    const app = writeApp({ "auth.ts": auth, "types/next-auth.d.ts": types, "tsconfig.json": `{}` })
    const run = await runBin("tsx", ["scripts/migrate-next-auth/main.ts", app.dir, "--dry-run"])

    expect(run.stderr).toBe("")
    expect(run.code).toBe(2)
    const lines = run.stdout.split("\n")
    expect(lines[0]).toBe(`next-auth → starter: ${path.resolve(app.dir)} (dry run: nothing written)`)
    expect(run.stdout).toContain(`Changed (2):\n  auth.ts:1  import from "next-auth" → "@/lib/auth/next"\n  auth.ts:2  import from "next-auth/providers/github" → "@/lib/auth/providers/github"`)
    expect(run.stdout).toContain("auth.ts:3  option `nope` is not one the starter's NextAuth() accepts")
    expect(run.stdout).toContain(`tsconfig.json:1  add "paths": { "@/*": ["./*"] }`)
    expect(run.stdout).toContain(`types/next-auth.d.ts:1  declare module "next-auth" widens next-auth's types`)
    expect(readFileSync(path.join(app.dir, "auth.ts"), "utf8")).toBe(auth)
  })

  it("refuses a missing folder with one line and exit code 1", async () => {
    const run = await runBin("tsx", ["scripts/migrate-next-auth/main.ts", "/nonexistent/app"])
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe("error: /nonexistent/app is not a folder")
  })
})
