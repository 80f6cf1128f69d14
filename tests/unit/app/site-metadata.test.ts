/**
 * Tab titles carry the product's name from APP_NAME, read when a page is
 * served (the root layout's generateMetadata), not fixed at build time.
 */
import { afterEach, describe, expect, it } from "vitest"
import { siteMetadata } from "@/app/site-metadata"
import { envFor } from "@/tests/helpers/env"

const env = envFor(["APP_NAME"])
afterEach(() => env.restore())

describe("site metadata", () => {
  it('titles pages "%s · Auth Starter" by default', () => {
    env.set({ APP_NAME: undefined })
    expect(siteMetadata().title).toEqual({ default: "Auth Starter", template: "%s · Auth Starter" })
  })

  it("follows a changed APP_NAME without a rebuild", () => {
    env.set({ APP_NAME: "Acme Books" })
    expect(siteMetadata().title).toEqual({ default: "Acme Books", template: "%s · Acme Books" })
  })
})
