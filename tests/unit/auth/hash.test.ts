import { createHash } from "node:crypto"

import { describe, expect, it } from "vitest"

import { hashToken, sha256Hex, timingSafeEqualString, tokenHashCandidates, verifyHashedToken } from "@/lib/auth/hash"

const TOKEN_A = "a".repeat(64)
const HASH_A_SECRET = "903c1490e042a075338b0e597cd889260f671063edb09ab070d2634e8277cf9c"

const nodeSha256 = (input: string) => createHash("sha256").update(input).digest("hex")

describe("hashing helpers", () => {
  it("matches a fixed test vector and node:crypto", async () => {
    expect(await hashToken(TOKEN_A, "secret")).toBe(HASH_A_SECRET)
    expect(await sha256Hex("ünïcödé")).toBe(nodeSha256("ünïcödé"))
  })

  it("lists one candidate per secret plus the comma-joined form", async () => {
    expect(await tokenHashCandidates("t", ["only"])).toEqual([nodeSha256("tonly")])
    expect(await tokenHashCandidates("t", ["new", "old"])).toEqual([nodeSha256("tnew"), nodeSha256("told"), nodeSha256("tnew,old")])
  })

  it("verifies a hash made with any of the secrets", async () => {
    const secrets = ["new", "old"]
    expect(await verifyHashedToken({ token: "t", hash: nodeSha256("told"), secrets })).toBe(true)
    expect(await verifyHashedToken({ token: "t", hash: nodeSha256("tnew"), secrets })).toBe(true)
    expect(await verifyHashedToken({ token: "t", hash: nodeSha256("tnew,old"), secrets })).toBe(true)
    expect(await verifyHashedToken({ token: "t", hash: nodeSha256("tother"), secrets })).toBe(false)
    expect(await verifyHashedToken({ token: "u", hash: nodeSha256("told"), secrets })).toBe(false)
    expect(await verifyHashedToken({ token: "t", hash: "", secrets })).toBe(false)
  })

  it("compares strings exactly", () => {
    expect(timingSafeEqualString("abc", "abc")).toBe(true)
    expect(timingSafeEqualString("abc", "abd")).toBe(false)
    expect(timingSafeEqualString("abc", "abcd")).toBe(false)
    expect(timingSafeEqualString("", "")).toBe(true)
    expect(timingSafeEqualString("é", "e\u0301")).toBe(false)
  })
})
