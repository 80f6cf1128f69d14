/**
 * The k-anonymity range client against a local range server on 127.0.0.1
 * (never an outside service): what leaves the process is five upper-case hex
 * digits of the SHA-1 and the padding header, never the password or its full
 * hash; padding lines are not breaches; every failure is a verdict, never a
 * throw.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { checkBreachedPassword, countInRange } from "@/lib/auth/breached-password"
import { type RangeServer, sha1Upper, startRangeServer } from "@/tests/helpers/range-server"

const BREACHED = "correct horse battery staple"
const CLEAN = "violet kettle harbour mango 4417"
const PADDED = "ocean lantern pepper quill 9913"

describe("checkBreachedPassword (k-anonymity range API)", () => {
  let range: RangeServer
  beforeAll(async () => {
    range = await startRangeServer({ [BREACHED]: 3645804 })
    range.padWith(PADDED)
  })
  afterAll(() => range.close())
  beforeEach(() => {
    range.requests.length = 0
    range.behave({ kind: "answer" })
  })

  it("finds a breached password, with its count", async () => {
    expect(await checkBreachedPassword(BREACHED, { url: range.url })).toEqual({ status: "breached", count: 3645804 })
  })

  it("passes a password the service does not know", async () => {
    expect(await checkBreachedPassword(CLEAN, { url: range.url })).toEqual({ status: "clean" })
  })

  it("ignores padding: a suffix listed with the count 0 is not a breach", async () => {
    expect(await checkBreachedPassword(PADDED, { url: range.url })).toEqual({ status: "clean" })
  })

  it("sends only the first 5 upper-case hex digits of the SHA-1, asks for padding, and never sends the password or its full hash", async () => {
    await checkBreachedPassword(BREACHED, { url: `${range.url}/` })
    expect(range.requests).toHaveLength(1)
    const [request] = range.requests
    const hash = sha1Upper(BREACHED)
    expect(request!.path).toBe(`/range/${hash.slice(0, 5)}`)
    expect(request!.path.split("/").pop()).toMatch(/^[0-9A-F]{5}$/)
    expect(request!.headers["add-padding"]).toBe("true")
    const seen = JSON.stringify(request).toUpperCase()
    expect(seen).not.toContain(hash.slice(5))
    expect(seen).not.toContain(hash)
    expect(JSON.stringify(request)).not.toContain(BREACHED)
    expect(JSON.stringify(request)).not.toContain(encodeURIComponent(BREACHED))
  })

  it("gives up after the timeout with a timeout verdict", async () => {
    range.behave({ kind: "delay", ms: 1500 })
    const started = Date.now()
    expect(await checkBreachedPassword(BREACHED, { url: range.url, timeoutMs: 150 })).toEqual({ status: "failed", failure: "timeout" })
    expect(Date.now() - started).toBeLessThan(1200)
  })

  it("reports a 5xx, a rate limit and a redirect as http-status failures", async () => {
    for (const status of [500, 503, 429, 302]) {
      range.behave({ kind: "status", status })
      expect(await checkBreachedPassword(BREACHED, { url: range.url })).toEqual({ status: "failed", failure: "http-status", httpStatus: status })
    }
  })

  it("reports a body that is not a range answer (an HTML page behind a wrong URL) as malformed", async () => {
    range.behave({ kind: "body", body: "<!doctype html><title>Not the API</title>" })
    expect(await checkBreachedPassword(BREACHED, { url: range.url })).toEqual({ status: "failed", failure: "malformed" })
  })

  it("reports a service that is not there as a network failure", async () => {
    const gone = await startRangeServer({})
    const url = gone.url
    await gone.close()
    expect(await checkBreachedPassword(BREACHED, { url })).toEqual({ status: "failed", failure: "network" })
  })
})

describe("countInRange", () => {
  it("reads CRLF and LF answers, any case of hex, and keeps the count of the matching suffix", () => {
    const suffix = "0018A45C4D1DEF81644B54AB7F969B88D65"
    expect(countInRange(`00000000000000000000000000000000000:0\r\n${suffix.toLowerCase()}:12\r\n`, suffix)).toBe(12)
    expect(countInRange(`${suffix}:0\n`, suffix)).toBe(0)
    expect(countInRange("", suffix)).toBe(0)
    expect(countInRange("not:a:range", suffix)).toBeNull()
  })
})
