/**
 * The form_post relay page: every echoed value stays a value (escaped), the
 * form goes only to the action it is given, and its one script is the one
 * the page's Content-Security-Policy allows by hash.
 */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import {
  FORM_POST_RELAY_CSP,
  FORM_POST_RELAY_SCRIPT,
  FORM_POST_RELAY_SCRIPT_HASH,
  renderFormPostRelay,
} from "@/lib/auth/pages/form-post-relay"

describe("renderFormPostRelay", () => {
  it("escapes what it echoes, so a field cannot add markup or a script", () => {
    const { html } = renderFormPostRelay("https://app.example/auth/callback/apple", [
      ["state", '"><script>alert(1)</script>'],
      ["user", '{"name":{"firstName":"O\'Brien & <Co>"}}'],
    ])
    expect(html).not.toContain("<script>alert(1)")
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(html).toContain("O&#39;Brien &amp; &lt;Co&gt;")
    expect(html.match(/<form /g)).toHaveLength(1)
    expect(html).toContain('<form method="post" action="https://app.example/auth/callback/apple">')
  })

  it("allows only its own script, by hash, and no framing", () => {
    const hash = createHash("sha256").update(FORM_POST_RELAY_SCRIPT).digest("base64")
    expect(FORM_POST_RELAY_SCRIPT_HASH).toBe(`'sha256-${hash}'`)
    expect(renderFormPostRelay("/x", []).html).toContain(`<script>${FORM_POST_RELAY_SCRIPT}</script>`)
    expect(FORM_POST_RELAY_CSP).toContain(`script-src ${FORM_POST_RELAY_SCRIPT_HASH}`)
    expect(FORM_POST_RELAY_CSP).toContain("default-src 'none'")
    expect(FORM_POST_RELAY_CSP).toContain("frame-ancestors 'none'")
  })
})
