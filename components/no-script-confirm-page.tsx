import type { ReactNode } from "react"
import { cookies } from "next/headers"
import { FLASH_COOKIE, decodeFlash } from "@/server/flash-cookie"
import { Alert, Button, ButtonLink, Card } from "./ui"

export interface NoScriptConfirmPageProps {
  title: string
  headingLevel: 1 | 2
  description: string
  danger: boolean
  /** The same server action the dialog runs; it redirects back here with `?failed=1` on a refusal. */
  action: (form: FormData) => Promise<void>
  formTestId: string
  /** What the action needs to know which item: never anything the user chooses. */
  hiddenFields: Record<string, string>
  /** The page was reached with `?failed=1`: the action's refusal is in the flash cookie. */
  failed: boolean
  cancelHref: string
  confirmLabel: string
  /** The choices the question needs (the roles to give, a reason), between the refusal and the buttons. */
  children?: ReactNode
}

/**
 * The question a dialog asks, as a page of its own, for a browser without
 * JavaScript: the page's buttons are links here until its script runs, and a
 * plain form posts to the dialog's server action.
 */
export async function NoScriptConfirmPage({ title, headingLevel, description, danger, action, formTestId, hiddenFields, failed, cancelHref, confirmLabel, children }: NoScriptConfirmPageProps) {
  // The refusal the action left (server/flash.ts); the toaster would show it too, but only with JavaScript.
  const refusal = failed ? decodeFlash((await cookies()).get(FLASH_COOKIE)?.value) : null
  return (
    <div className="mx-auto w-full max-w-lg">
      <Card title={title} headingLevel={headingLevel} description={description} tone={danger ? "danger" : "default"}>
        <form action={action} className="space-y-4" data-testid={formTestId}>
          {Object.entries(hiddenFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {refusal?.kind === "error" ? <Alert tone="error">{refusal.message}</Alert> : null}
          {children}
          <div className="flex flex-wrap justify-end gap-3">
            <ButtonLink kind="secondary" href={cancelHref}>
              Cancel
            </ButtonLink>
            <Button type="submit" kind={danger ? "danger" : "primary"}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
