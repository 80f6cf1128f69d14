/**
 * The UI kit's behaviour as the server renders it: a pending button says it
 * is busy and cannot be pressed twice, a field's error and hint are tied to
 * the input and the typed value survives, messages take the role that
 * decides how screen readers announce them, and a closed menu reaches the
 * page as its button alone.
 */
import { createElement, type FunctionComponent, type ReactNode } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { Alert } from "@/components/ui/alert"
import { Button } from "@/components/ui/button"
import { Field } from "@/components/ui/field"
import { SubmitButton } from "@/components/ui/submit-button"
import { SignedInMenu } from "@/components/signed-in-menu"
import { OrganizationSwitcher } from "@/components/organization-switcher"

function render<P extends object>(component: (props: P) => ReactNode, props: P, children?: ReactNode): string {
  return renderToStaticMarkup(createElement(component as FunctionComponent<P>, props, children))
}

describe("Button", () => {
  it("is busy, disabled and shows a spinner and its pending label while pending", () => {
    const markup = render(Button, { pending: true, pendingLabel: "Signing in…" }, "Sign in")
    expect(markup).toMatch(/<button[^>]*aria-busy="true"/)
    expect(markup).toMatch(/<button[^>]*disabled=""/)
    expect(markup).toContain("<svg")
    expect(markup).toContain("Signing in…")
    expect(markup).not.toContain(">Sign in<")
  })

  it("keeps its label while pending when no pending label is given", () => {
    expect(render(Button, { pending: true }, "Save")).toContain("Save")
  })

  it("is an ordinary enabled button, not a submit, when idle", () => {
    const markup = render(Button, {}, "Save")
    expect(markup).not.toMatch(/ aria-busy="/)
    expect(markup).not.toMatch(/ disabled=""/)
    expect(markup).toMatch(/type="button"/)
  })
})

describe("SubmitButton", () => {
  it("submits its form and takes an explicit pending state", () => {
    expect(render(SubmitButton, {}, "Send")).toMatch(/type="submit"/)
    expect(render(SubmitButton, { pending: true }, "Send")).toMatch(/aria-busy="true"/)
  })

  it("is idle outside a submission (useFormStatus not pending)", () => {
    expect(render(SubmitButton, {}, "Send")).not.toMatch(/ aria-busy="/)
  })
})

describe("Field", () => {
  const markup = render(Field, {
    name: "email",
    label: "Email",
    type: "email",
    hint: "We never share it.",
    error: "Enter an email address.",
    defaultValue: "ada@example",
  })

  it("labels the input", () => {
    expect(markup).toMatch(/<label for="email"/)
    expect(markup).toMatch(/<input[^>]*id="email"/)
  })

  it("marks the input invalid and ties the error, then the hint, to it", () => {
    expect(markup).toMatch(/<input[^>]*aria-invalid="true"/)
    expect(markup).toMatch(/<input[^>]*aria-describedby="email-error email-hint"/)
    expect(markup).toMatch(/<p id="email-error" role="alert"[^>]*>Enter an email address\.<\/p>/)
    expect(markup).toMatch(/<p id="email-hint"[^>]*>We never share it\.<\/p>/)
  })

  it("shows the value the user typed again", () => {
    expect(markup).toMatch(/<input[^>]*value="ada@example"/)
  })

  it("is not invalid and describes nothing without an error or hint", () => {
    const plain = render(Field, { name: "code", label: "Code" })
    expect(plain).not.toMatch(/ aria-invalid="/)
    expect(plain).not.toMatch(/ aria-describedby="/)
  })
})

describe("Alert", () => {
  it("announces an error at once and the other tones politely", () => {
    expect(render(Alert, { tone: "error" }, "Wrong code")).toMatch(/role="alert"/)
    for (const tone of ["info", "success", "warning"] as const) {
      expect(render(Alert, { tone }, "Saved")).toMatch(/role="status"/)
    }
  })
})

describe("Menu", () => {
  const accountMenu = () =>
    render(SignedInMenu, { label: "Ada Lovelace", email: "ada@example.com", admin: true, signOut: createElement("button", { type: "submit" }, "Sign out") })

  it("renders a closed menu on the server as a button that says it opens a menu and is closed", () => {
    const markup = accountMenu()
    const button = markup.match(/<button[^>]*aria-label="Account menu for Ada Lovelace"[^>]*>/)?.[0]
    expect(button).toBeDefined()
    expect(button).toMatch(/type="button"/)
    expect(button).toMatch(/aria-haspopup="menu"/)
    expect(button).toMatch(/aria-expanded="false"/)
    expect(button).toMatch(/data-state="closed"/)
    expect(markup).toContain("Ada Lovelace")
  })

  it("sends none of a closed menu's items with the page: they appear when it opens", () => {
    const markup = accountMenu()
    expect(markup).not.toContain('role="menu"')
    expect(markup).not.toContain("menuitem")
    expect(markup).not.toContain(">Settings<")
    expect(markup).not.toContain(">Admin<")
    expect(markup).not.toContain("Sign out")
  })

  it("renders the organization switcher closed, naming the current organization, with no list", () => {
    const markup = render(OrganizationSwitcher, {
      initial: { name: "Acme", slug: "acme" },
      switchAction: async () => {},
      loadList: async () => ({ organizations: [] }),
    })
    const button = markup.match(/<button[^>]*aria-label="Acme: switch organization"[^>]*>/)?.[0]
    expect(button).toMatch(/aria-haspopup="menu"/)
    expect(button).toMatch(/aria-expanded="false"/)
    expect(markup).toContain(">Acme<")
    expect(markup).not.toContain("Loading organizations")
    expect(markup).not.toContain("Create organization")
  })
})
