import { loadSchemaEngineWasm } from "../lib/db/wasm-engine.ts"
const g = await loadSchemaEngineWasm()
console.log(g.version())
