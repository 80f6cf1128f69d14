// The app-setup check: the tsconfig the rewritten imports and the library need.
import { describe, expect, it } from "vitest"
import { checkAppSetup } from "@/scripts/migrate-next-auth/app-setup"
import { newReport } from "@/scripts/migrate-next-auth/report"
import { writeApp } from "./fixture-app"

function setupFindings(tsconfig: string, extra: Record<string, string> = {}): string[] {
  const app = writeApp({ "tsconfig.json": tsconfig, ...extra })
  const report = newReport(app.dir, true)
  checkAppSetup({ appDir: app.dir }, report)
  return report.findings.map((f) => `${f.kind} ${f.file} ${f.message}`)
}

const paths = `"paths": { "@/*": ["./*"] }`

describe("migrate:next-auth app setup", () => {
  it("says when the tsconfig target is below ES2017 or missing, and names the fix", () => {
    expect(setupFindings(`{ "compilerOptions": { "target": "es5", ${paths} } }`)).toEqual([
      `manual tsconfig.json tsconfig.json's "target" is "es5": set "target": "ES2017" (or later) in compilerOptions: the library needs ES2017 (docs/migrating-from-next-auth.md#1-copy-the-library-in)`,
    ])
    expect(setupFindings(`{ "compilerOptions": { ${paths} } }`)).toEqual([
      expect.stringMatching(/^manual tsconfig.json tsconfig.json has no "target" \(TypeScript then compiles for ES5\): set "target": "ES2017"/),
    ])
    expect(setupFindings(`{ "compilerOptions": { "target": "ES2016", ${paths} } }`)).toHaveLength(1)
  })

  it("accepts ES2017 and later, in any case, and a target inherited through extends", () => {
    for (const target of ["ES2017", "es2022", "ESNext"]) expect(setupFindings(`{ "compilerOptions": { "target": "${target}", ${paths} } }`)).toEqual([])
    expect(setupFindings(`{ "extends": "./base.json", "compilerOptions": { ${paths} } }`, { "base.json": `{ "compilerOptions": { "target": "ES2017" } }` })).toEqual([])
    expect(setupFindings(`{ "extends": "./base.json", "compilerOptions": { ${paths} } }`, { "base.json": `{ "compilerOptions": { "target": "ES2015" } }` })).toHaveLength(1)
  })

  it("still asks for the @/* alias", () => {
    expect(setupFindings(`{ "compilerOptions": { "target": "ES2017" } }`)).toEqual([expect.stringContaining(`add "paths": { "@/*": ["./*"] }`)])
  })
})
