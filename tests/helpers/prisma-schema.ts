// A small reader for the parts of a Prisma schema the database tests compare:
// models (and enums/views/types), their fields and block attributes. Comments are ignored.

export interface SchemaField {
  readonly name: string
  readonly type: string
  readonly attributes: readonly string[]
}

export interface SchemaBlock {
  readonly kind: "model" | "enum" | "view" | "type"
  readonly name: string
  readonly fields: readonly SchemaField[]
  /** Block attributes such as @@id([a, b]) and @@unique([...]), normalized. */
  readonly attributes: readonly string[]
}

/** Every model/enum/view/type block, keyed by "<kind> <name>"; generator and datasource are skipped. */
export function parseSchemaBlocks(source: string): Map<string, SchemaBlock> {
  const blocks = new Map<string, SchemaBlock>()
  const text = stripComments(source)
  const blockPattern = /^\s*(model|enum|view|type|generator|datasource)\s+(\w+)\s*\{([\s\S]*?)^\s*\}/gm
  for (const match of text.matchAll(blockPattern)) {
    const [, kind, name, body] = match as unknown as [string, SchemaBlock["kind"] | "generator" | "datasource", string, string]
    if (kind === "generator" || kind === "datasource") continue
    const fields: SchemaField[] = []
    const attributes: string[] = []
    for (const rawLine of body.split("\n")) {
      const line = normalize(rawLine)
      if (line === "") continue
      if (line.startsWith("@@")) {
        attributes.push(line)
        continue
      }
      const [fieldName = "", type = "", ...rest] = splitTopLevel(line)
      fields.push({ name: fieldName, type, attributes: rest })
    }
    blocks.set(`${kind} ${name}`, { kind, name, fields, attributes })
  }
  return blocks
}

/** Expected unique index names, as Prisma names them: <Model>_<field>[_<field>...]_key. */
export function uniqueIndexNames(blocks: Map<string, SchemaBlock>): string[] {
  const names: string[] = []
  for (const block of blocks.values()) {
    if (block.kind !== "model") continue
    for (const field of block.fields) {
      if (field.attributes.some((attribute) => attribute === "@unique" || attribute.startsWith("@unique("))) {
        names.push(`${block.name}_${field.name}_key`)
      }
    }
    for (const attribute of block.attributes) {
      const columns = /^@@unique\(\[([^\]]*)\]/.exec(attribute)?.[1]
      if (columns) names.push(`${block.name}_${columns.split(",").map((c) => c.trim()).join("_")}_key`)
    }
  }
  return names.sort()
}

export function modelNames(blocks: Map<string, SchemaBlock>): string[] {
  return [...blocks.values()].filter((block) => block.kind === "model").map((block) => block.name).sort()
}

function stripComments(source: string): string {
  // Prisma comments are // and /// to the end of the line; strings never contain "//" in our schemas
  // except inside quoted values, which we protect.
  return source
    .split("\n")
    .map((line) => {
      let inString = false
      for (let i = 0; i < line.length; i++) {
        const char = line[i]
        if (char === '"' && line[i - 1] !== "\\") inString = !inString
        if (!inString && char === "/" && line[i + 1] === "/") return line.slice(0, i)
      }
      return line
    })
    .join("\n")
}

/** Collapses whitespace, and removes it inside brackets/parentheses so layout never matters. */
function normalize(line: string): string {
  let out = ""
  let depth = 0
  for (const char of line.trim().replace(/\s+/g, " ")) {
    if (char === "(" || char === "[") depth++
    if (char === ")" || char === "]") depth--
    if (char === " " && depth > 0) continue
    out += char
  }
  return out.replace(/,/g, ", ")
}

/** Splits on spaces that are not inside brackets/parentheses/strings. */
function splitTopLevel(line: string): string[] {
  const parts: string[] = []
  let current = ""
  let depth = 0
  let inString = false
  for (const char of line) {
    if (char === '"') inString = !inString
    if (!inString && (char === "(" || char === "[")) depth++
    if (!inString && (char === ")" || char === "]")) depth--
    if (char === " " && depth === 0 && !inString) {
      if (current) parts.push(current)
      current = ""
    } else {
      current += char
    }
  }
  if (current) parts.push(current)
  return parts
}
