"use client"

/**
 * A row's menu of actions ("…"), on <details>: it opens and closes without
 * a script, so removing a member works in any browser. With one, a click
 * elsewhere or Escape closes it, focus going back to its button. Each
 * action that cannot be undone asks first, inside the menu.
 */
import { type ReactNode, useEffect, useRef } from "react"
import { Button, cx } from "@/components/ui"
import { MemberActionForm, type MemberIntent } from "./member-action-form"

export function RowMenu({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const menu = ref.current
    if (!menu) return
    const close = (event: Event) => {
      if (menu.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false
    }
    const escape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.open) {
        menu.open = false
        menu.querySelector("summary")?.focus()
      }
    }
    document.addEventListener("click", close)
    menu.addEventListener("keydown", escape)
    return () => {
      document.removeEventListener("click", close)
      menu.removeEventListener("keydown", escape)
    }
  }, [])
  return (
    <details ref={ref} className="group relative" data-testid={testId}>
      <summary
        aria-label={label}
        className="inline-flex size-8 cursor-pointer list-none items-center justify-center rounded-control text-muted hover:bg-surface-muted hover:text-fg [&::-webkit-details-marker]:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
          <circle cx="3" cy="8" r="1.5" />
          <circle cx="8" cy="8" r="1.5" />
          <circle cx="13" cy="8" r="1.5" />
        </svg>
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] space-y-1 rounded-card border border-border bg-surface p-1 text-left shadow-card">
        {children}
      </div>
    </details>
  )
}

/** One action of a row menu that asks before it acts: the question and "Yes, …" open below it. */
export function ConfirmedAction({
  intent,
  fields,
  scope,
  label,
  question,
  confirmLabel,
  pendingLabel,
  danger = false,
}: {
  intent: MemberIntent
  fields: Record<string, string>
  scope: string
  label: string
  question: string
  confirmLabel: string
  pendingLabel: string
  danger?: boolean
}) {
  return (
    <details className="rounded-control">
      <summary
        className={cx(
          "flex cursor-pointer list-none items-center rounded-control px-3 py-2 text-sm hover:bg-surface-muted [&::-webkit-details-marker]:hidden",
          danger && "text-danger-text",
        )}
      >
        {label}
      </summary>
      <MemberActionForm intent={intent} fields={fields} scope={scope} className="space-y-3 px-3 pt-1 pb-3">
        {(pending) => (
          <>
            <p className="text-sm text-muted">{question}</p>
            <Button type="submit" kind={danger ? "danger" : "primary"} size="sm" pending={pending} pendingLabel={pendingLabel}>
              {confirmLabel}
            </Button>
          </>
        )}
      </MemberActionForm>
    </details>
  )
}
