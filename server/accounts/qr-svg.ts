/**
 * The QR code of a two-factor setup goes into Settings as inline SVG markup.
 * The library draws it from the otpauth URI (which holds the user's email) as
 * squares only, so no user text can be in it; this check keeps it that way
 * should the drawing ever change: only the plain shape of a QR code passes —
 * one <svg> with a background <rect> and one <path> of moves and lines, no
 * text, links, scripts, styles or event attributes.
 */
const COLOR = String.raw`(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,20})`
const NUMBER = String.raw`\d{1,6}`
const PLAIN_QR_SVG = new RegExp(
  String.raw`^<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="0 0 ${NUMBER} ${NUMBER}">` +
    String.raw`<rect fill="${COLOR}" width="${NUMBER}" height="${NUMBER}"/>` +
    String.raw`<path fill="${COLOR}" d="[MmHhVvZz0-9,. -]*"/>` +
    "</svg>$",
)

/** The SVG when it is a plain QR code drawing, else null (the page then shows the secret and URI as text only). */
export function plainQrSvg(svg: string): string | null {
  return svg.length <= 200_000 && PLAIN_QR_SVG.test(svg) ? svg : null
}
