import { describe, expect, it } from "vitest"
import { refuseUnparsableFormPost } from "@/lib/auth/next/form-post"
import { screenRequest } from "@/lib/auth/next/request-screen"

describe("requests Next.js would answer with a 500, answered before it sees them", () => {
  it("refuses paths whose percent-escapes do not decode, whatever the method", () => {
    for (const url of ["/api/auth/signin/%zz", "/api/auth/signout/%", "/api/auth/verify-request/%C0%AF", "/dashboard/%E0%A4%A?x=1"]) {
      expect(screenRequest("GET", url), url).toEqual({ status: 400, message: "Malformed request path." })
    }
  })

  it("refuses the methods the Fetch API cannot represent", () => {
    for (const method of ["TRACE", "trace", "TRACK", "CONNECT"]) expect(screenRequest(method, "/")?.status, method).toBe(405)
  })

  it("lets everything else through, bad escapes in the query included", () => {
    for (const [method, url] of [
      ["GET", "/"],
      ["POST", "/api/auth/callback/credentials"],
      ["GET", "/verify/jane%40example.com"],
      ["GET", "/api/auth/signin?callbackUrl=%zz"],
      ["PROPFIND", "/api/auth/session"],
      ["GET", "/caf%C3%A9"],
    ] as const) {
      expect(screenRequest(method, url), `${method} ${url}`).toBeUndefined()
    }
  })

  it("answers a multipart page POST whose body is not form data with 400, and lets real forms through", async () => {
    const post = (type: string, body: string) => new Request("http://localhost/settings", { method: "POST", headers: { "content-type": type }, body })
    const broken = await refuseUnparsableFormPost(post("multipart/form-data; boundary=----x", "not multipart at all"))
    expect(broken?.status).toBe(400)
    expect((await refuseUnparsableFormPost(post("multipart/form-data", "no boundary")))?.status).toBe(400)
    const form = new FormData()
    form.set("$ACTION_ID_abc", "")
    form.set("name", "Jane")
    const real = new Request("http://localhost/settings", { method: "POST", body: form })
    expect(await refuseUnparsableFormPost(real)).toBeUndefined()
    // The body is still there for Next.js to read.
    expect((await real.formData()).get("name")).toBe("Jane")
    expect(await refuseUnparsableFormPost(post("application/x-www-form-urlencoded", "%zz=%"))).toBeUndefined()
  })
})
