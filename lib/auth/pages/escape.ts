/**
 * HTML escaping for the built-in pages.
 *
 * Pages are assembled with the `html` tagged template: every interpolated value
 * is escaped unless it is already a `SafeHtml` produced by `html` itself (or by
 * `trustedHtml` for compile-time constants such as the icon SVGs). Building
 * markup this way means a forgotten escape is a type of mistake that cannot be
 * made by accident: plain strings are always treated as text.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

/**
 * Escapes a string for both HTML text and quoted attribute values.
 * Attribute values in this module are always double-quoted, so escaping the
 * five characters above is sufficient for either context.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}

/** Markup that is already safe to place into a document verbatim. */
export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
  toString(): string {
    return this.value
  }
}

/**
 * Values accepted inside `html`. `false`, `null` and `undefined` render as
 * nothing so that `${condition && html`...`}` reads naturally.
 */
export type Interpolation =
  | SafeHtml
  | string
  | number
  | false
  | null
  | undefined
  | readonly Interpolation[]

function render(value: Interpolation): string {
  if (value === false || value === null || value === undefined) return ""
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join("")
  return escapeHtml(String(value))
}

/** Tagged template that escapes every interpolation that is not `SafeHtml`. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? ""
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]) + (strings[i + 1] ?? "")
  }
  return new SafeHtml(out)
}

/**
 * Marks a constant string as markup. Only for strings written in this
 * library's source (icons, the stylesheet); never for anything derived from a
 * request or from configuration.
 */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup)
}
