/**
 * The signed-in user's Microsoft Graph profile photo as a data: URL, for the
 * Entra ID provider. The photo is a nicety: no photo, an error answer, a
 * network failure, a slow or oversized answer or a non-image all give no
 * image, never a failed sign-in.
 * https://learn.microsoft.com/en-us/graph/api/profilephoto-get
 */

/** The square sizes Graph serves. */
export const PROFILE_PHOTO_SIZES = [48, 64, 96, 120, 240, 360, 432, 504, 648] as const
export type ProfilePhotoSize = (typeof PROFILE_PHOTO_SIZES)[number]

/**
 * Largest photo accepted, in bytes. Graph's JPEGs are a few KB at 48 px and
 * stay well under this at 648 px; the cap keeps a misbehaving endpoint from
 * filling memory or the users table (and, under jwt sessions, the cookie).
 */
export const MAX_PROFILE_PHOTO_BYTES = 128 * 1024

/** A photo slower than this is skipped: it must not hold the sign-in open. */
export const PROFILE_PHOTO_TIMEOUT_MS = 5_000

/** Raster types an <img> shows safely; anything else (SVG, HTML, …) is refused. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/bmp"])

export interface ProfilePhotoRequest {
  /** Graph's origin, e.g. https://graph.microsoft.com (a national cloud or a test server otherwise). */
  graphUrl: string
  size: ProfilePhotoSize
  accessToken: string | undefined
}

export function profilePhotoUrl(graphUrl: string, size: ProfilePhotoSize): string {
  return `${graphUrl.replace(/\/+$/, "")}/v1.0/me/photos/${size}x${size}/$value`
}

/** Graph answers JPEG; a missing type is read as that, a listed raster type is kept, others refused. */
function imageType(contentType: string | null): string | null {
  if (contentType === null || contentType.trim() === "") return "image/jpeg"
  const type = contentType.split(";")[0]!.trim().toLowerCase()
  return IMAGE_TYPES.has(type) ? type : null
}

/** The body, or null when it is empty or exceeds the cap (stops reading at the cap). */
async function boundedBody(response: Response): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get("content-length") ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_PROFILE_PHOTO_BYTES) {
    await response.body?.cancel().catch(() => undefined)
    return null
  }
  if (!response.body) return null
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > MAX_PROFILE_PHOTO_BYTES) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    parts.push(value)
  }
  if (total === 0) return null
  const body = new Uint8Array(total)
  let offset = 0
  for (const part of parts) {
    body.set(part, offset)
    offset += part.byteLength
  }
  return body
}

/** The photo as `data:image/jpeg;base64,…`, or null when there is none to show. */
export async function fetchProfilePhoto(fetchImpl: typeof fetch, request: ProfilePhotoRequest): Promise<string | null> {
  if (!request.accessToken) return null
  try {
    const response = await fetchImpl(profilePhotoUrl(request.graphUrl, request.size), {
      headers: { authorization: `Bearer ${request.accessToken}`, accept: "image/*" },
      signal: AbortSignal.timeout(PROFILE_PHOTO_TIMEOUT_MS),
    })
    const type = imageType(response.headers.get("content-type"))
    if (!response.ok || type === null) {
      // Release the connection; the body of a 404 ("no photo") or an error is not needed.
      await response.body?.cancel().catch(() => undefined)
      return null
    }
    const body = await boundedBody(response)
    return body ? `data:${type};base64,${Buffer.from(body).toString("base64")}` : null
  } catch {
    return null
  }
}
