"use client"

import { useRouter } from "next/navigation"
import { useState } from "react"
import { useActionStatus } from "@/components/action-status"
import { toast } from "@/components/flash-toaster"
import { Button } from "@/components/ui"
import { REAUTHENTICATION_REQUIRED, signIn } from "@/lib/auth/webauthn"
import { prepareAddPasskeyAction } from "./passkey-actions"

/**
 * Why a passkey was not added, by the client's `code`: the server's refusal
 * codes, or the browser's, as @simplewebauthn/browser names them.
 */
const REFUSALS: Record<string, string> = {
  // WebAuthn InvalidStateError: the options exclude this account's credentials, and the
  // authenticator holds one of them. Trying again on the same device cannot work.
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED:
    "This device already holds a passkey for this account. To add another, use a different device or security key.",
  // NotAllowedError (cancelled, timed out), passed through under this code.
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: "The passkey request was cancelled or timed out.",
  ERROR_CEREMONY_ABORTED: "The passkey request was cancelled.",
  rate_limited: "Too many passkey attempts from this network. Wait a minute and try again.",
  session_changed: "You were signed out or switched accounts meanwhile. Reload the page and try again.",
  [REAUTHENTICATION_REQUIRED]: "Confirm it's you before adding a passkey. Taking you there…",
}

/** Registers a new passkey for the signed-in user, then re-renders the list. */
export function AddPasskeyButton() {
  const router = useRouter()
  const status = useActionStatus("passkeys")
  const [pending, setPending] = useState(false)

  async function add() {
    setPending(true)
    status.clear()
    // Step-up first: when the session's proof is stale this navigates to re-authentication (and resolves to nothing).
    let ready: { ok?: boolean; message?: string } | undefined
    try {
      ready = await prepareAddPasskeyAction()
    } catch {
      ready = { ok: false, message: "The passkey was not added. Try again." }
    }
    if (!ready?.ok) {
      setPending(false)
      if (ready) status.show(ready)
      return
    }
    const result = await signIn("passkey", { action: "register", redirect: false })
    setPending(false)
    // The library asks for a recent proof too (the guard above passed, but the proof aged meanwhile,
    // e.g. the page stayed open): off to re-authenticate, which comes back to Settings.
    if (result.code === REAUTHENTICATION_REQUIRED && result.url) {
      status.show({ ok: false, message: REFUSALS[REAUTHENTICATION_REQUIRED] })
      window.location.assign(result.url)
      return
    }
    if (result.ok) {
      status.show({ ok: true, message: "Passkey added." })
      toast.success("Passkey added")
      router.refresh()
    } else {
      const known = result.code !== null && Object.hasOwn(REFUSALS, result.code) ? REFUSALS[result.code] : undefined
      status.show({ ok: false, message: known ?? "The passkey was not added. Try again." })
    }
  }

  return (
    <Button onClick={() => void add()} pending={pending} pendingLabel="Waiting for your passkey…">
      Add a passkey
    </Button>
  )
}
