/**
 * Standard Response → Express response: status, headers, every Set-Cookie
 * (added to any the app already set), and the body; and whether the
 * connection stays open after it (see body.ts).
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { appendSetCookieLines } from "../frameworks/shared/cookies"
import { lingerThenEnd, settleBody } from "./body"

/**
 * Writes the core's answer. A request body left unread is settled first: a
 * small rest is dropped and the connection kept; otherwise the answer says
 * `Connection: close`, is sent whole at once, and the response ends (closing
 * the socket) once the rest of the body is dropped or the linger bound is hit.
 */
export async function writeResponse(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  const [body, connection] = await Promise.all([
    response.body ? response.arrayBuffer().then((bytes) => Buffer.from(bytes)) : Promise.resolve(undefined),
    settleBody(req),
  ])
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  appendSetCookieLines(res, response.headers.getSetCookie())
  if (connection === "keep") {
    res.end(body)
    return
  }
  res.setHeader("connection", "close")
  res.setHeader("content-length", String(body?.length ?? 0))
  if (body && body.length > 0) res.write(body)
  else res.flushHeaders()
  lingerThenEnd(req, () => res.end())
}
