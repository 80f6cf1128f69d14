/**
 * Provider icons, drawn here as small inline SVG letter marks so that the
 * built-in pages never load anything from another host. They are deliberately
 * plain: a rounded tile in the provider's colour with a short mark on it.
 */

import { html, trustedHtml, type SafeHtml } from "./escape"
import { safeImageUrl } from "./urls"
import { cssColor } from "./styles"

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"

/** A rounded tile with one or two characters; only ever called with constants. */
function letterTile(background: string, mark: string, foreground = "#ffffff"): string {
  const size = mark.length > 1 ? 10 : 14
  return (
    `<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">` +
    `<rect width="24" height="24" rx="6" fill="${background}"/>` +
    `<text x="12" y="12.5" fill="${foreground}" font-family="${FONT}" font-size="${size}" font-weight="700" ` +
    `text-anchor="middle" dominant-baseline="central">${mark}</text></svg>`
  )
}

// A four-tile window mark for Microsoft, which reads better than a letter.
const MICROSOFT =
  `<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">` +
  `<rect x="2" y="2" width="9.5" height="9.5" fill="#f25022"/>` +
  `<rect x="12.5" y="2" width="9.5" height="9.5" fill="#7fba00"/>` +
  `<rect x="2" y="12.5" width="9.5" height="9.5" fill="#00a4ef"/>` +
  `<rect x="12.5" y="12.5" width="9.5" height="9.5" fill="#ffb900"/></svg>`

const ICONS: Readonly<Record<string, string>> = {
  github: letterTile("#24292f", "GH"),
  google: letterTile("#4285f4", "G"),
  gitlab: letterTile("#e24329", "GL"),
  discord: letterTile("#5865f2", "D"),
  apple: letterTile("#000000", "A"),
  "microsoft-entra-id": MICROSOFT,
  keycloak: letterTile("#00799e", "K"),
  twitter: letterTile("#000000", "X"),
  vk: letterTile("#0077ff", "VK"),
  yandex: letterTile("#fc3f1d", "Я"),
}

const FALLBACK_COLOR = "#52525b"

/**
 * The icon for a provider button: the provider's own `style.logo` when it is
 * an acceptable URL, else the built-in mark for its id, else a tile with the
 * first letter of its name in its brand colour.
 */
export function providerIcon(provider: {
  id: string
  name: string
  style?: { logo?: string; bg?: string; brandColor?: string }
}): SafeHtml {
  const logo = safeImageUrl(provider.style?.logo)
  if (logo !== undefined) return html`<img class="icon" src="${logo}" alt="" width="20" height="20">`
  if (Object.hasOwn(ICONS, provider.id)) return trustedHtml(ICONS[provider.id] as string)
  const colour = cssColor(provider.style?.brandColor) ?? cssColor(provider.style?.bg) ?? FALLBACK_COLOR
  const initial = Array.from(provider.name.trim())[0]?.toUpperCase() ?? "?"
  return html`<svg class="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><rect width="24" height="24" rx="6" fill="${colour}"/><text x="12" y="12.5" fill="#ffffff" font-family="${FONT}" font-size="14" font-weight="700" text-anchor="middle" dominant-baseline="central">${initial}</text></svg>`
}

/** Provider ids that have a built-in icon. */
export const iconProviderIds: readonly string[] = Object.keys(ICONS)
