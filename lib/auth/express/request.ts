/**
 * Express request → standard Request: the external URL (protocol and host as
 * Express reports them, so `trust proxy` decides whether X-Forwarded-Proto
 * and -Host count), the headers, and the body, whether a body parser already
 * consumed it or it is still a stream.
 */
import type { Request as ExpressRequest } from "express"
import type { Env } from "../env"
import { frameworkOrigin } from "../frameworks/shared/origin"
import { headersFromNode } from "../frameworks/shared/headers"
import { bodyStream } from "./body"

/**
 * Where the app is reached from outside: AUTH_URL when set, else the
 * protocol and host Express derived (X-Forwarded-* only with `trust proxy`).
 * A host header that cannot form a URL reads as localhost, never an error.
 */
export function expressOrigin(req: ExpressRequest, env: Env): string {
  return frameworkOrigin(env, `${req.protocol === "https" ? "https" : "http"}://${req.host ?? "localhost"}`)
}

/**
 * The path the middleware was mounted at: `app.use("/auth", …)` gives
 * req.baseUrl "/auth"; `app.use("/auth/*splat", …)` matches the whole path,
 * so the wildcard's part is taken off.
 */
export function mountPath(req: ExpressRequest): string | undefined {
  let base = req.baseUrl
  const splat = (req.params as Record<string, unknown> | undefined)?.splat
  if (Array.isArray(splat) && splat.length > 0) {
    const tail = `/${splat.join("/")}`
    if (base.endsWith(tail)) base = base.slice(0, -tail.length)
  }
  return base === "" ? undefined : base
}

/** Flattens an already-parsed urlencoded body (the extended parser nests `a[b]=c`). */
function appendFields(form: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return
  if (Array.isArray(value)) {
    for (const item of value) appendFields(form, key, item)
  } else if (typeof value === "object") {
    for (const [sub, inner] of Object.entries(value)) appendFields(form, `${key}[${sub}]`, inner)
  } else {
    form.append(key, String(value))
  }
}

/**
 * The body for the core. A parser that ran first (express.json, .urlencoded,
 * .text, .raw) left req.body and consumed the stream: the body is written
 * again in the request's content type. Otherwise the stream is handed on,
 * and the core reads it with its own size limit; what it leaves unread is
 * settled when the answer is written (body.ts).
 */
function requestBody(req: ExpressRequest, headers: Headers): BodyInit | undefined {
  const parsed: unknown = req.body
  if (parsed !== undefined) {
    headers.delete("content-length")
    headers.delete("transfer-encoding")
    headers.delete("content-encoding")
    if (Buffer.isBuffer(parsed)) return new Uint8Array(parsed)
    if (typeof parsed === "string") return parsed
    const type = headers.get("content-type") ?? ""
    if (type.includes("json")) return JSON.stringify(parsed)
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) appendFields(form, key, value)
    if (!type) headers.set("content-type", "application/x-www-form-urlencoded")
    return form.toString()
  }
  if (req.readableEnded) return undefined
  return bodyStream(req)
}

export function toWebRequest(req: ExpressRequest, origin: string): Request {
  const headers = headersFromNode(req.headers)
  const method = req.method.toUpperCase()
  const body = method === "GET" || method === "HEAD" ? undefined : requestBody(req, headers)
  // Concatenated, not resolved: an originalUrl like "//other.host/…" must stay a path on our origin.
  return new Request(`${origin}${req.originalUrl.startsWith("/") ? "" : "/"}${req.originalUrl}`, {
    method,
    headers,
    body,
    // Node's fetch needs this to accept a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit)
}
