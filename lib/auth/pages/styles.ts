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

// Two palettes. Text/background pairs are chosen for at least 4.5:1 contrast
// (text #111 on #fff, #eee on #111, muted text 7:1 in both), and input borders
// for at least 3:1 against the card.
const LIGHT = `
  color-scheme: light;
  --bg: #f4f4f5;
  --surface: #ffffff;
  --surface-hover: #f4f4f5;
  --text: #111111;
  --muted: #52525b;
  --border: #d4d4d8;
  --input-border: #71717a;
  --focus: #1d4ed8;
  --alert-bg: #fef2f2;
  --alert-border: #f87171;
  --alert-text: #7f1d1d;
  --shadow: 0 1px 2px rgb(0 0 0 / 0.05), 0 8px 24px rgb(0 0 0 / 0.06);`

const DARK = `
  color-scheme: dark;
  --bg: #09090b;
  --surface: #111111;
  --surface-hover: #1f1f23;
  --text: #eeeeee;
  --muted: #a1a1aa;
  --border: #2e2e33;
  --input-border: #71717a;
  --focus: #93c5fd;
  --alert-bg: #2a0f0f;
  --alert-border: #b91c1c;
  --alert-text: #fecaca;
  --shadow: 0 1px 2px rgb(0 0 0 / 0.4), 0 8px 24px rgb(0 0 0 / 0.35);`

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
  display: flex;
  align-items: center;
  justify-content: center;
  background: var(--bg);
  color: var(--text);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 16px;
  line-height: 1.5;
}
.page {
  width: 100%;
  /* Wide enough that "Sign in with <provider name>" stays on one line for typical names. */
  max-width: 26rem;
  padding: 2rem 1rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1.5rem;
}
.logo { display: block; max-width: 12rem; max-height: 4.5rem; object-fit: contain; }
.card {
  width: 100%;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 14px;
  box-shadow: var(--shadow);
  padding: 2rem 1.5rem;
}
h1 { margin: 0 0 1.25rem; font-size: 1.375rem; font-weight: 650; line-height: 1.3; text-align: center; }
p { margin: 0 0 1rem; color: var(--muted); text-align: center; }
p.lead { color: var(--text); }
.stack { display: flex; flex-direction: column; gap: 0.75rem; }
form { margin: 0; }
.field { display: flex; flex-direction: column; gap: 0.375rem; margin-bottom: 1rem; }
label { font-size: 0.875rem; font-weight: 550; }
input:not([type="hidden"]) {
  width: 100%;
  font: inherit;
  color: var(--text);
  background: var(--surface);
  border: 1px solid var(--input-border);
  border-radius: 8px;
  padding: 0.625rem 0.75rem;
}
input::placeholder { color: var(--muted); opacity: 1; }
.button {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.625rem;
  width: 100%;
  min-height: 2.75rem;
  padding: 0.625rem 1rem;
  font: inherit;
  font-weight: 550;
  line-height: 1.25;
  text-align: center;
  text-wrap: balance;
  text-decoration: none;
  border: 1px solid transparent;
  border-radius: 8px;
  cursor: pointer;
  transition: background-color 0.15s, filter 0.15s;
}
.button-primary { background: var(--brand-color); color: var(--button-text-color); }
.button-primary:hover { filter: brightness(1.1); }
.button-provider {
  position: relative;
  padding-inline: 3rem;
  background: var(--surface);
  color: var(--text);
  border-color: var(--border);
}
/* Icons sit in a fixed column so that a list of providers lines up. */
.button-provider .icon { position: absolute; left: 1rem; top: 50%; transform: translateY(-50%); }
.button-provider:hover { background: var(--surface-hover); }
/* The other ways in next to a form's own button: outlined, so one primary action stands out. */
.button-secondary { background: var(--surface); color: var(--text); border-color: var(--input-border); }
.button-secondary:hover { background: var(--surface-hover); }
.button:disabled { cursor: not-allowed; opacity: 0.6; }
.icon { display: block; width: 1.25rem; height: 1.25rem; flex: none; object-fit: contain; }
a { color: var(--text); text-decoration-color: var(--brand-color); text-decoration-thickness: 2px; text-underline-offset: 3px; }
a.button { color: var(--button-text-color); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
input:focus-visible { outline-offset: 0; border-color: var(--focus); }
.divider {
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin: 1.25rem 0;
  color: var(--muted);
  font-size: 0.8125rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
}
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--border); }
.alert {
  margin: 0 0 1.25rem;
  padding: 0.75rem 1rem;
  border: 1px solid var(--alert-border);
  border-radius: 8px;
  background: var(--alert-bg);
  color: var(--alert-text);
  font-size: 0.9375rem;
  text-align: left;
}
/* Between buttons the stack's gap is the spacing. */
.stack > .alert, .stack > p { margin: 0; }
.footer { margin: 1.25rem 0 0; text-align: center; }
.links {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.5rem 1.25rem;
  margin: 1.5rem 0 0;
  padding-top: 1.25rem;
  border-top: 1px solid var(--border);
  font-size: 0.9375rem;
}
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
