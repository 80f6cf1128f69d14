/**
 * The SvelteKit example (examples/sveltekit) built with Vite and served by
 * `vite preview`, driven in Chromium: the library's SvelteKit variant in a
 * real SvelteKit app. Protected page, form-action sign-in (wrong and right
 * password), the built-in sign-in page through `handle`, and sign-out.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { freePort } from "../helpers/free-port"

const APP = path.resolve("examples/sveltekit")
const VITE = path.resolve("node_modules/vite/bin/vite.js")
const env = {
  ...process.env,
  AUTH_SECRET: "sveltekit-example-e2e-secret-0123456789abcdef",
  AUTH_URL: "",
  NEXTAUTH_URL: "",
}

let preview: ChildProcess | undefined
let baseURL = ""

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  // Build and start take about a minute on CI's busy cores.
  test.setTimeout(240_000)
  execFileSync(process.execPath, [VITE, "build", "--logLevel", "warn"], { cwd: APP, env, stdio: "pipe", timeout: 200_000 })
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [VITE, "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: APP,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  })
  preview = child
  let output = ""
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vite preview did not start:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on("data", onData)
    child.stderr?.on("data", onData)
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`vite preview exited (${code}):\n${output}`))
    })
  })
})

test.afterAll(async () => {
  if (preview && preview.exitCode === null) {
    const exited = new Promise((resolve) => preview!.once("exit", resolve))
    preview.kill("SIGTERM")
    await exited
  }
})

test("the protected page sends a visitor to the built-in sign-in page, which signs them in and returns", async ({ page }) => {
  await page.goto(`${baseURL}/protected`)
  await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=/)
  await page.getByLabel("Email").fill("demo@example.com")
  await page.getByLabel("Password").fill("demo-password-123")
  await page.getByRole("button", { name: /sign in/i }).click()
  await expect(page).toHaveURL(`${baseURL}/protected`)
  await expect(page.getByTestId("protected")).toHaveText("Only for demo@example.com")
})

test("the form action: a wrong password answers on the page; the right one lands on the protected page; sign-out ends it", async ({
  page,
}) => {
  await page.goto(baseURL)
  await expect(page.getByTestId("status")).toHaveText("Not signed in")
  await page.getByLabel("Email").fill("demo@example.com")
  await page.getByLabel("Password").fill("wrong-password")
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password.")

  // A native form post re-renders the page: the fields start empty again.
  await page.getByLabel("Email").fill("demo@example.com")
  await page.getByLabel("Password").fill("demo-password-123")
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByTestId("protected")).toHaveText("Only for demo@example.com")
  const cookies = await page.context().cookies()
  const session = cookies.find((c) => c.name === "authjs.session-token")
  expect(session?.httpOnly).toBe(true)
  expect(session?.sameSite).toBe("Lax")

  await page.goto(baseURL)
  await expect(page.getByTestId("status")).toHaveText("Signed in as demo@example.com")
  await page.getByRole("button", { name: "Sign out" }).click()
  await expect(page.getByTestId("status")).toHaveText("Not signed in")
  await page.goto(`${baseURL}/protected`)
  await expect(page).toHaveURL(/\/auth\/signin/)
})
