/**
 * The UI kit's behaviour as the server renders it: a pending button says it
 * is busy and cannot be pressed twice, a field's error and hint are tied to
 * the input and the typed value survives, and messages take the role that
 * decides how screen readers announce them.
 */
import { createElement, type FunctionComponent, type ReactNode } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { Alert } from "@/components/ui/alert"
import { Button } from "@/components/ui/button"
import { Field } from "@/components/ui/field"
import { SubmitButton } from "@/components/ui/submit-button"

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
