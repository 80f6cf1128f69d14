// Loads Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm).
// The package entry imports the .wasm file as an ES module, which Node 20 cannot do,
// so we instantiate it by hand from the wasm-bindgen glue (schema_engine_bg.js).
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg"

export type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg"
export type * from "@prisma/schema-engine-wasm/schema_engine_bg"

let loading: Promise<typeof glue> | undefined
let lastPanic: string | undefined

/** The message of the last Rust panic inside the engine (the JS error is only "unreachable"). */
export function takeEnginePanic(): string | undefined {
  const message = lastPanic
  lastPanic = undefined
  return message
}

/** The wasm-bindgen module, instantiated once per process. */
export function loadSchemaEngineWasm(): Promise<typeof glue> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

async function instantiate(): Promise<typeof glue> {
  // The engine's panic hook reports through this global; without it a panic crashes the process.
  const registry = { set_message: (message: string) => void (lastPanic = message) }
  ;(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof registry }).PRISMA_WASM_PANIC_REGISTRY ??= registry
  const require = createRequire(import.meta.url)
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")
  const bytes = await readFile(gluePath.replace(/\.js$/, ".wasm"))
  // The glue's exports are exactly the imports the wasm module declares.
  const { instance } = await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
  })
  const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start?: () => void }
  glue.__wbg_set_wasm(exports)
  exports.__wbindgen_start?.()
  return glue
}
