/**
 * Standard Response → Express response: status, headers, every Set-Cookie
 * (added to any the app already set), and the body.
 */
import type { Response as ExpressResponse } from "express"
import { serializeCookie } from "../cookies"
import type { Cookie } from "../types"

/** Adds Set-Cookie values to those already on `res` (a Headers object would fold them into one). */
export function appendSetCookie(res: ExpressResponse, values: string[]): void {
  if (values.length === 0 || res.headersSent) return
  const existing = res.getHeader("set-cookie")
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
  res.setHeader("set-cookie", [...list, ...values])
}

export function appendCookies(res: ExpressResponse, cookies: Cookie[]): void {
  appendSetCookie(res, cookies.map(serializeCookie))
}

export async function writeResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value)
  }
  appendSetCookie(res, response.headers.getSetCookie())
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined
  res.end(body)
}
