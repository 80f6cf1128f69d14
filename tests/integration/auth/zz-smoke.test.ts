import { it, expect } from "vitest"
import { Auth } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
it("x", async () => {
  const config = { secret: "s".repeat(40), trustHost: true, providers: [Credentials({ authorize: () => ({ id: "1", name: "A" }) })] }
  const res = await Auth(new Request("http://localhost/auth/csrf"), config)
  console.log(res.status, [...res.headers], await res.text())
  const r2 = await Auth(new Request("http://localhost/auth/providers"), config)
  console.log(r2.status, [...r2.headers], await r2.text())
})
