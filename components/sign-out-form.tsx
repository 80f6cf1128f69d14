"use client"
/**
 * The sign-out item of the account menu: a form, so the server ends the
 * session; the action is the app's own (or, in bench:http's reference app,
 * next-auth's). Choosing it keeps the menu open on "Signing out…" until the
 * next page arrives, instead of closing on nothing while the request runs.
 */
import type { Ref } from "react"
import { useFormStatus } from "react-dom"
import { MenuItem, Spinner } from "@/components/ui"

function SignOutItem({ className }: { className?: string }) {
  const { pending } = useFormStatus()
  return (
    <MenuItem
      asChild
      className={className}
      // The item's click submits the form; the menu stays open to show the pending state.
      onSelect={(event) => event.preventDefault()}
      disabled={pending}
    >
      <button type="submit" data-testid="sign-out" aria-busy={pending || undefined}>
        {pending ? <Spinner /> : null}
        {pending ? "Signing out…" : "Sign out"}
      </button>
    </MenuItem>
  )
}

export function SignOutForm({ action, className, ref }: { action: () => Promise<void>; className?: string; ref?: Ref<HTMLFormElement> }) {
  return (
    <form action={action} ref={ref}>
      <SignOutItem className={className} />
    </form>
  )
}
