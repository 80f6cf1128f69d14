"use client"

/**
 * The admin's actions on one user, grouped by weight: a row of everyday
 * actions (Change role, Send password reset, Impersonate), the rest behind
 * "More actions", and what locks the user out or cannot be undone in the
 * Danger zone at the bottom, in outline so that the only solid red button
 * ever on screen is the one confirming in a dialog.
 *
 * Every action asks first. With JavaScript a dialog asks and the outcome is
 * a toast (a refusal stays in the dialog); without it, each button is a link
 * to a confirm page (./confirm/[action]) whose plain form does the same.
 * The server actions check everything again.
 */
import Link from "next/link"
import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useState, useSyncExternalStore, useTransition } from "react"
import { toast } from "@/components/flash-toaster"
import { StatusMessage } from "@/components/status-message"
import { Button, buttonClass, cx, Dialog, DialogClose, Menu, MenuContent, MenuItem, MenuLink, MenuSeparator, MenuTrigger } from "@/components/ui"
import { type ActionId, type ActionSubject, actionFields, actionText, confirmHref, offered } from "./action-catalog"
import { ADMIN_ACTIONS as ACTIONS } from "./action-by-id"

const PRIMARY: readonly ActionId[] = ["roles", "password-reset", "impersonate"]
const MORE: readonly ActionId[] = ["unban", "revoke-sessions"]
const DANGER: readonly ActionId[] = ["ban", "two-factor", "delete"]

/** Outlined red: says "careful" without being the button that does it. */
const DANGER_OUTLINE = "rounded-control border border-danger-text/70 bg-surface text-danger-text hover:bg-danger-soft"

const never = () => () => {}
/** False in the server's HTML and during hydration, true once the page's script runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false)
}

const OpenAction = createContext<(id: ActionId) => void>(() => {})

/** A button that opens the action's dialog; before the script runs, a link to its confirm page. */
function ActionButton({ id, subject, danger = false, className }: { id: ActionId; subject: ActionSubject; danger?: boolean; className?: string }) {
  const hydrated = useHydrated()
  const open = useContext(OpenAction)
  const { label } = actionText(id, subject.label)
  const look = danger ? cx("inline-flex min-h-9 items-center justify-center px-3 py-1.5 text-sm font-medium", DANGER_OUTLINE, className) : buttonClass({ kind: "secondary", size: "sm", className: cx("min-h-9", className) })
  return hydrated ? (
    <button type="button" className={cx("cursor-pointer", look)} onClick={() => open(id)}>
      {label}
    </button>
  ) : (
    <Link href={confirmHref(subject.userId, id)} className={look}>
      {label}
    </Link>
  )
}

function DotsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
      <circle cx="3" cy="8" r="1.5" />
      <circle cx="8" cy="8" r="1.5" />
      <circle cx="13" cy="8" r="1.5" />
    </svg>
  )
}

/** "More actions": a menu with the script; a disclosure of links without it. */
function MoreActions({ subject }: { subject: ActionSubject }) {
  const hydrated = useHydrated()
  const open = useContext(OpenAction)
  const items = MORE.filter((id) => offered(id, subject))
  const jumps = [
    ["#sessions", "Go to sessions"],
    ["#security-activity", "Go to security activity"],
    ["#danger-zone", "Go to danger zone"],
  ] as const
  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={buttonClass({ kind: "secondary", size: "sm", className: "min-h-9 list-none [&::-webkit-details-marker]:hidden" })}>
          <DotsIcon />
          More actions
        </summary>
        <ul className="absolute right-0 z-10 mt-1.5 min-w-56 rounded-card border border-border bg-surface p-1 shadow-card">
          {items.map((id) => (
            <li key={id}>
              <Link href={confirmHref(subject.userId, id)} className="block rounded-control px-3 py-2 text-sm hover:bg-surface-muted">
                {actionText(id, subject.label).label}
              </Link>
            </li>
          ))}
          {jumps.map(([href, text]) => (
            <li key={href}>
              <a href={href} className="block rounded-control px-3 py-2 text-sm hover:bg-surface-muted">
                {text}
              </a>
            </li>
          ))}
        </ul>
      </details>
    )
  }
  return (
    <Menu modal={false}>
      <MenuTrigger className={buttonClass({ kind: "secondary", size: "sm", className: "min-h-9" })} data-testid="admin-more-actions">
        <DotsIcon />
        More actions
      </MenuTrigger>
      <MenuContent aria-label="More actions">
        {items.map((id) => (
          <MenuItem key={id} onSelect={() => open(id)}>
            {actionText(id, subject.label).label}
          </MenuItem>
        ))}
        <MenuSeparator />
        {jumps.map(([href, text]) => (
          <MenuLink key={href} href={href}>
            {text}
          </MenuLink>
        ))}
      </MenuContent>
    </Menu>
  )
}

/**
 * The modal dialog hides the page behind it from assistive technology
 * (aria-hidden) and traps focus by script; `inert` says the same to the
 * browser, so nothing hidden stays focusable. Lifted before focus returns.
 */
function useInertBackground(): void {
  useEffect(() => {
    let marked: Element[] = []
    // After the dialog has marked the rest of the page hidden.
    const frame = requestAnimationFrame(() => {
      marked = [...document.body.children].filter((el) => el.getAttribute("aria-hidden") === "true" && !el.hasAttribute("inert"))
      for (const el of marked) el.setAttribute("inert", "")
    })
    return () => {
      cancelAnimationFrame(frame)
      for (const el of marked) el.removeAttribute("inert")
    }
  }, [])
}

/** The open action's dialog: its question, its fields, a refusal in place; success closes it with a toast. */
function ActionDialog({ id, subject, onClose }: { id: ActionId; subject: ActionSubject; onClose: () => void }) {
  const text = actionText(id, subject.label)
  const [error, setError] = useState<string>()
  const [pending, startTransition] = useTransition()
  useInertBackground()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    startTransition(async () => {
      setError(undefined)
      const result = await ACTIONS[id]({}, form)
      if (result.ok) {
        onClose()
        toast.success(result.message)
      } else setError(result.message)
    })
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        // While the action runs the dialog stays: the outcome needs somewhere to go.
        if (!next && !pending) onClose()
      }}
      title={text.title}
      description={text.description}
    >
      <form onSubmit={submit} className="space-y-4" data-testid="admin-action-dialog">
        <input type="hidden" name="userId" value={subject.userId} />
        {actionFields(id, subject)}
        <StatusMessage ok={false} text={error} testId="admin-dialog-error" />
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button kind="secondary" disabled={pending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" kind={text.danger ? "danger" : "primary"} pending={pending} pendingLabel={text.pendingLabel}>
            {text.confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

/** Holds which action's dialog is open, for the buttons, the menu and the Danger zone alike. */
export function UserActionsProvider({ subject, children }: { subject: ActionSubject; children: ReactNode }) {
  const [open, setOpen] = useState<ActionId | null>(null)
  return (
    <OpenAction.Provider value={setOpen}>
      {children}
      {open ? <ActionDialog key={open} id={open} subject={subject} onClose={() => setOpen(null)} /> : null}
    </OpenAction.Provider>
  )
}

/** The everyday row: Change role, Send password reset, Impersonate, More actions. */
export function PrimaryActions({ subject }: { subject: ActionSubject }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="admin-primary-actions">
      {PRIMARY.filter((id) => offered(id, subject)).map((id) => (
        <ActionButton key={id} id={id} subject={subject} />
      ))}
      <MoreActions subject={subject} />
    </div>
  )
}

const DANGER_DETAIL: Record<string, string> = {
  ban: "Ends every session and refuses every way in, for a time or for good.",
  "two-factor": "For a user locked out of their authenticator: they sign in with their first factor alone.",
  delete: "Removes the account, its sign-in methods and sessions. Cannot be undone.",
}

/** The Danger zone's rows: what each does, and its outlined button. */
export function DangerActions({ subject }: { subject: ActionSubject }) {
  const ids = DANGER.filter((id) => offered(id, subject))
  if (ids.length === 0) return <p className="text-sm text-muted">Nothing here applies to your own account.</p>
  return (
    <ul className="divide-y divide-border">
      {ids.map((id) => (
        <li key={id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-0.5 text-sm">
            <p className="font-medium">{actionText(id, subject.label).label}</p>
            <p className="text-muted">{DANGER_DETAIL[id]}</p>
          </div>
          <ActionButton id={id} subject={subject} danger className="shrink-0 self-start sm:self-auto" />
        </li>
      ))}
    </ul>
  )
}
