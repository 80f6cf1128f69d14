import { describe, expect, it } from "vitest"
import { oneLineSubject } from "@/lib/auth/email/subject-line"

describe("a mail's subject is one header line", () => {
  it.each([
    ["Acme\r\nBcc: victim@example.test", "Acme Bcc: victim@example.test"],
    ["Acme\nX", "Acme X"],
    ["Acme\rX", "Acme X"],
    ["Acme\u2028X\u2029Y", "Acme X Y"],
    ["Acme\u0085X", "Acme X"],
    ["Acme\u000b\u000cX\tY", "Acme X Y"],
    ["\r\n Sign in to Acme \r\n", "Sign in to Acme"],
  ])("%j becomes %j", (subject, line) => {
    expect(oneLineSubject(subject)).toBe(line)
  })

  it("leaves an ordinary subject as it is", () => {
    expect(oneLineSubject("New sign-in to your account — Firefox on Linux (Acme)")).toBe("New sign-in to your account — Firefox on Linux (Acme)")
  })
})
