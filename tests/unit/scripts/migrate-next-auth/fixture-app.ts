// Fixture apps for the codemod's tests: written to a temp folder from strings, so the fixtures'
// next-auth imports are never type-checked or linted as part of the starter.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll } from "vitest"

const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** A tsconfig with the `@/*` alias and the library folders, as after the guide's step 1. */
export const SET_UP: Record<string, string> = {
  "tsconfig.json": `{\n  // the app's own\n  "compilerOptions": { "target": "ES2017", "paths": { "@/*": ["./*"] } }\n}\n`,
  "lib/auth/index.ts": `export {}\n`,
  "lib/db/client.ts": `export {}\n`,
}

export function writeApp(files: Record<string, string>): { dir: string; read(file: string): string } {
  const dir = mkdtempSync(path.join(tmpdir(), "next-auth-app-"))
  made.push(dir)
  for (const [file, text] of Object.entries({ ...SET_UP, ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  return { dir, read: (file) => readFileSync(path.join(dir, file), "utf8") }
}
