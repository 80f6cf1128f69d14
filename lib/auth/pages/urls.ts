/**
 * The URL checks applied to every href, src and form action the built-in
 * pages render, and the label of the site a URL points to.
 */

// Control characters and whitespace are rejected outright: browsers strip
// some of them while parsing a URL, which is how `java\tscript:` slips past
// naive prefix checks.
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\]/

/**
 * Returns the URL if it is absolute http(s) or a same-origin relative path
 * (`/x`, `?x`, `#x`); otherwise `undefined`. Protocol-relative `//host` is
 * refused because it names another host without saying so.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 4096) return undefined
  if (UNSAFE_CHARS.test(value)) return undefined
  if (/^[/?#]/.test(value)) return value.startsWith("//") ? undefined : value
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:" ? value : undefined
  } catch {
    return undefined
  }
}

// Raster and SVG images only. SVG is safe here because it is only ever used
// as an <img> source, where scripts inside it do not run. The payload itself
// is not parsed: it is attribute-escaped like every other value, so only the
// scheme and media type decide whether the URL is acceptable.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,][^\u0000-\u001f\u007f]*$/i

/** Like `safeUrl`, and additionally accepts `data:image/...` URLs (for logos). */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value === "string" && DATA_IMAGE.test(value) && value.length <= 100_000) return value
  return safeUrl(value)
}

/** Human-readable name of the site a URL points to: the product's name when configured, else its host, or a fallback. */
export function siteLabel(url: string, productName?: string): string {
  if (productName?.trim()) return productName.trim()
  try {
    return new URL(url).host || "the home page"
  } catch {
    return "the home page"
  }
}
