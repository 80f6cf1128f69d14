/**
 * The stylesheet of the built-in pages and validation of theme colours.
 *
 * The stylesheet is inlined into a <style> element, where HTML escaping does
 * not apply (its content is raw text). Configured colours are therefore only
 * ever inserted after `cssColor` has accepted them, and its grammar admits no
 * character that could end a declaration, a block or the element.
 */

export const DEFAULT_BRAND_COLOR = "#2563eb"
export const DEFAULT_BUTTON_TEXT_COLOR = "#ffffff"

// CSS Color Module Level 4 named colours, plus the two keywords.
const NAMED_COLORS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue " +
    "blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk " +
    "crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki " +
    "darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen " +
    "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue " +
    "dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite " +
    "gold goldenrod gray grey green greenyellow honeydew hotpink indianred indigo ivory khaki " +
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan " +
    "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen " +
    "lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen " +
    "magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream " +
    "mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid " +
    "palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum " +
    "powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown " +
    "seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen " +
    "steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow " +
    "yellowgreen transparent currentcolor"
  ).split(" "),
)

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
// One component of a colour function: a number with an optional unit, or `none`.
const COMPONENT = String.raw`(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(?:%|deg|grad|rad|turn)?|none)`
const SEPARATOR = String.raw`(?:\s*[,/]\s*|\s+)`
const FUNCTION = new RegExp(
  String.raw`^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*${COMPONENT}(?:${SEPARATOR}${COMPONENT}){2,3}\s*\)$`,
  "i",
)

/**
 * Returns the colour if it is a hex colour, a colour function with plain
 * numeric components, or a named colour; otherwise `undefined` (the caller
 * falls back to its default). Anything else, `var()`, `url()` or text that
 * would close the style block included, is dropped.
 */
export function cssColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  const colour = value.trim()
  if (colour.length === 0 || colour.length > 64) return undefined
  if (HEX.test(colour) || FUNCTION.test(colour)) return colour
  if (NAMED_COLORS.has(colour.toLowerCase())) return colour.toLowerCase()
  return undefined
}

/**
 * The two palettes, the same values as the starter app's design tokens
 * (`--ds-*` in app/globals.css; a unit test keeps them equal), so the
 * built-in pages and the app's own pages are one product. Every text pair is
 * at least 4.5:1, control borders and the focus ring at least 3:1. The
 * configured brand colour fills the primary buttons; the palette does the rest.
 */
export const PALETTE = {
  light: {
    canvas: "#fafafa",
    surface: "#ffffff",
    "surface-muted": "#f4f4f5",
    text: "#18181b",
    muted: "#52525b",
    border: "#e4e4e7",
    "border-strong": "#71717a",
    "accent-text": "#4338ca",
    "danger-soft": "#fef2f2",
    "danger-soft-text": "#7f1d1d",
    "danger-text": "#b91c1c",
    focus: "#4338ca",
  },
  dark: {
    canvas: "#09090b",
    surface: "#18181b",
    "surface-muted": "#27272a",
    text: "#f4f4f5",
    muted: "#a1a1aa",
    border: "#3f3f46",
    "border-strong": "#71717a",
    "accent-text": "#a5b4fc",
    "danger-soft": "#2a0f0f",
    "danger-soft-text": "#fecaca",
    "danger-text": "#fca5a5",
    focus: "#a5b4fc",
  },
} as const

function palette(name: keyof typeof PALETTE, shadow: string): string {
  const lines = Object.entries(PALETTE[name]).map(([token, value]) => `\n  --ds-${token}: ${value};`)
  return `\n  color-scheme: ${name};${lines.join("")}\n  --ds-shadow: ${shadow};`
}

const LIGHT = palette("light", "0 1px 2px rgb(0 0 0 / 0.05), 0 8px 24px rgb(0 0 0 / 0.06)")
const DARK = palette("dark", "0 1px 2px rgb(0 0 0 / 0.4), 0 8px 24px rgb(0 0 0 / 0.35)")

const BASE = `
*, *::before, *::after { box-sizing: border-box; }
/* Author display rules (.button is flex) would otherwise override the attribute. */
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; }
body.auth-theme-light, body.auth-theme-auto {${LIGHT}
}
body.auth-theme-dark {${DARK}
}
@media (prefers-color-scheme: dark) {
  body.auth-theme-auto {${DARK}
  }
}
body {
  margin: 0;
  min-height: 100vh;
  background: var(--ds-canvas);
  color: var(--ds-text);
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
  -webkit-font-smoothing: antialiased;
}
/* The same header bar as the app's pages: the product's logo and name, linking home. */
/* Same measures as the app's header (components/site-header.tsx): 64rem wide, 1rem (1.5rem from 640px) in, 3.5rem high. */
.site-header { border-bottom: 1px solid var(--ds-border); background: var(--ds-surface); }
.site-header-inner { max-width: 64rem; margin: 0 auto; padding: 0 1rem; display: flex; align-items: center; height: 3.5rem; }
@media (min-width: 640px) { .site-header-inner { padding: 0 1.5rem; } }
.skip-link { position: absolute; left: 1rem; top: 0.5rem; z-index: 50; padding: 0.5rem 0.75rem; border-radius: 0.5rem; background: var(--ds-surface); color: var(--ds-text); box-shadow: var(--ds-shadow); transform: translateY(-200%); }
.skip-link:focus { transform: none; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.brand { display: inline-flex; align-items: center; gap: 0.5rem; font-weight: 600; letter-spacing: -0.01em; color: var(--ds-text); text-decoration: none; border-radius: 6px; }
.brand .logo { width: 1.75rem; height: 1.75rem; max-width: none; }
.page {
  width: 100%;
  /* A 28rem card, as the app's own auth pages (components/auth-page.tsx), inside the app's page padding. */
  max-width: 30rem;
  margin: 0 auto;
  padding: 2rem 1rem 3rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1.5rem;
}
@media (min-width: 640px) { .page { max-width: 31rem; padding: 3rem 1.5rem; } }
.logo { display: block; max-width: 12rem; max-height: 4.5rem; object-fit: contain; }
.card {
  width: 100%;
  background: var(--ds-surface);
  border: 1px solid var(--ds-border);
  border-radius: 0.875rem;
  box-shadow: var(--ds-shadow);
  padding: 2rem 1.5rem;
}
h1 { margin: 0 0 1.25rem; font-size: 1.375rem; font-weight: 650; line-height: 1.3; text-align: center; }
h2 { margin: 1.25rem 0 0.5rem; font-size: 1.125rem; font-weight: 600; }
p { margin: 0 0 1rem; color: var(--ds-muted); text-align: center; }
p.lead { color: var(--ds-text); }
.stack { display: flex; flex-direction: column; gap: 0.75rem; }
form { margin: 0; }
.field { display: flex; flex-direction: column; gap: 0.375rem; margin-bottom: 1rem; }
.field p { margin: 0; font-size: 0.875rem; text-align: left; }
label { font-size: 0.875rem; font-weight: 500; }
input:not([type="hidden"]) {
  width: 100%;
  font: inherit;
  color: var(--ds-text);
  background: var(--ds-surface);
  border: 1px solid var(--ds-border-strong);
  border-radius: 0.5rem;
  padding: 0.5rem 0.75rem;
}
.label-row { display: flex; align-items: baseline; justify-content: space-between; gap: 0.75rem; }
.field-link { font-size: 0.875rem; }
.password-input { position: relative; }
.password-input input { padding-right: 2.75rem; }
.reveal {
  position: absolute; right: 0.25rem; top: 50%; transform: translateY(-50%);
  display: grid; place-items: center; width: 2.25rem; height: 2.25rem;
  border: 0; border-radius: 0.375rem; background: transparent; color: var(--ds-muted); cursor: pointer;
}
.reveal:hover { color: var(--ds-text); background: var(--ds-surface-muted); }
.reveal svg { width: 1.25rem; height: 1.25rem; }
.reveal[aria-pressed="true"] .eye-open, .reveal[aria-pressed="false"] .eye-shut { display: none; }
/*
 * The code field as six boxes (one-time-code-field.ts), the measures of the
 * app's code input. The input lies over the boxes, transparent; its monospace
 * digits advance one box each (letter-spacing = box + gap - 1ch) and start
 * half a box in, so each sits in the middle of its box. It is a box wider than
 * the row, clipped, so the space after the sixth digit never scrolls the text;
 * clip, not hidden, because a hidden overflow still scrolls to show the caret.
 */
.otp { --otp-box: 2.75rem; --otp-gap: 0.5rem; position: relative; align-self: flex-start; width: calc(6 * var(--otp-box) + 5 * var(--otp-gap)); overflow: clip; border-radius: 0.5rem; }
@media (max-width: 379px) { .otp { --otp-box: 2.125rem; --otp-gap: 0.3125rem; } }
.otp-boxes { display: flex; gap: var(--otp-gap); }
.otp-boxes span { flex: none; width: var(--otp-box); height: var(--otp-box); border: 1px solid var(--ds-border-strong); border-radius: 0.5rem; background: var(--ds-surface); }
.otp:focus-within .otp-boxes span { border-color: var(--ds-focus); box-shadow: inset 0 0 0 1px var(--ds-focus); }
/* After a wrong code the red stays while the field has focus: the ring inside still shows the focus. */
.otp.otp-invalid .otp-boxes span { border-color: var(--ds-danger-text); }
.otp:not(.otp-freeform) input {
  position: absolute; top: 0; left: 0; width: calc(100% + var(--otp-box) + var(--otp-gap)); height: 100%;
  margin: 0; border: 0; border-radius: 0; background: transparent; outline: none;
  padding: 0 0 0 calc((var(--otp-box) - 1ch) / 2);
  font: 500 1.125rem/1 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-variant-numeric: tabular-nums;
  letter-spacing: calc(var(--otp-box) + var(--otp-gap) - 1ch);
}
/* A longer value (a recovery code, with the script on): an ordinary text field. */
.otp.otp-freeform { width: 100%; overflow: visible; align-self: stretch; }
.otp.otp-freeform .otp-boxes { display: none; }
.resend { margin-top: 1.25rem; }
.resend p { font-size: 0.875rem; margin: 0.5rem 0 0; }
.notice { margin: 0 0 1.25rem; padding: 0.75rem 1rem; border: 1px solid var(--ds-border); border-radius: 0.5rem; background: var(--ds-surface-muted); color: var(--ds-text); font-size: 0.9375rem; text-align: left; }
input::placeholder { color: var(--ds-muted); opacity: 1; }
.button {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.625rem;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 1rem;
  font: inherit;
  font-weight: 500;
  line-height: 1.25;
  text-align: center;
  text-wrap: balance;
  text-decoration: none;
  border: 1px solid transparent;
  border-radius: 0.5rem;
  cursor: pointer;
  transition: background-color 0.15s, filter 0.15s;
}
.button-primary { background: var(--brand-color); color: var(--button-text-color); }
.button-primary:hover { filter: brightness(0.9); }
.button-provider {
  position: relative;
  padding-inline: 3rem;
  background: var(--ds-surface);
  color: var(--ds-text);
  border-color: var(--ds-border-strong);
}
/* Icons sit in a fixed column so that a list of providers lines up. */
.button-provider .icon { position: absolute; left: 1rem; top: 50%; transform: translateY(-50%); }
.button-provider:hover { background: var(--ds-surface-muted); }
/* The other ways in next to a form's own button: outlined, so one primary action stands out. */
.button-secondary { background: var(--ds-surface); color: var(--ds-text); border-color: var(--ds-border-strong); }
.button-secondary:hover { background: var(--ds-surface-muted); }
.button:disabled { cursor: not-allowed; opacity: 0.6; }
.icon { display: block; width: 1.25rem; height: 1.25rem; flex: none; object-fit: contain; }
a { color: var(--ds-accent-text); text-decoration-thickness: 1px; text-underline-offset: 3px; }
a:hover { text-decoration-thickness: 2px; }
a.button { color: var(--button-text-color); }
:focus-visible { outline: 3px solid var(--ds-focus); outline-offset: 2px; }
input:focus-visible { outline-offset: 0; border-color: var(--ds-focus); }
.divider {
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin: 1.25rem 0;
  color: var(--ds-muted);
  font-size: 0.8125rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
}
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--ds-border); }
.alert {
  margin: 0 0 1.25rem;
  padding: 0.75rem 1rem;
  border: 1px solid var(--ds-danger-text);
  border-radius: 0.5rem;
  background: var(--ds-danger-soft);
  color: var(--ds-danger-soft-text);
  font-size: 0.9375rem;
  text-align: left;
}
/* Between buttons the stack's gap is the spacing. */
.stack > .alert, .stack > p { margin: 0; }
.footer { margin: 1.25rem 0 0; text-align: center; }
/* "Use another method": a disclosure, so it works without a script. */
.more { margin-top: 1.25rem; border-top: 1px solid var(--ds-border); padding-top: 1rem; }
.more > summary { cursor: pointer; text-align: center; color: var(--ds-accent-text); font-weight: 500; border-radius: 0.375rem; }
.more[open] > summary { margin-bottom: 1rem; }
.more > .stack + .stack { margin-top: 1rem; }
.links {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.5rem 1.25rem;
  margin: 1.5rem 0 0;
  padding-top: 1.25rem;
  border-top: 1px solid var(--ds-border);
  font-size: 0.9375rem;
}
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
@media (prefers-reduced-motion: reduce) { .button { transition: none; } }
`

/**
 * The complete stylesheet for a theme. Brand and button-text colours are
 * validated here as well, so a caller cannot pass an unchecked value through.
 */
export function stylesheet(theme: { brandColor?: string; buttonText?: string }): string {
  const brand = cssColor(theme.brandColor) ?? DEFAULT_BRAND_COLOR
  const buttonText = cssColor(theme.buttonText) ?? DEFAULT_BUTTON_TEXT_COLOR
  return `:root { --brand-color: ${brand}; --button-text-color: ${buttonText}; }${BASE}`
}
