/**
 * Node.js request headers (IncomingHttpHeaders, an Express or pages-router
 * req.headers) as standard Headers. Node joins most repeated headers itself
 * and hands a few over as arrays; they are joined as HTTP joins them: ", "
 * in general, "; " for Cookie (RFC 6265 §5.4), so the core parses every
 * cookie of the request.
 */
export type NodeHeaders = Record<string, string | string[] | undefined>

export function headersFromNode(source: NodeHeaders): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(name.toLowerCase() === "cookie" ? "; " : ", ") : value)
  }
  return headers
}
