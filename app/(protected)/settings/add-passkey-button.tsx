"use client"

import { useRouter } from "next/navigation"
import { useState } from "react"
import { StatusMessage } from "@/components/status-message"
import { signIn } from "@/lib/auth/webauthn"

/** Registers a new passkey for the signed-in user, then re-renders the list. */
export function AddPasskeyButton() {
  const router = useRouter()
  const [pending, setPending] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string }>()

  async function add() {
    setPending(true)
    setMessage(undefined)
    const result = await signIn("passkey", { action: "register", redirect: false })
    setPending(false)
    if (result.ok) {
      setMessage({ ok: true, text: "Passkey added." })
      router.refresh()
    } else {
      setMessage({ ok: false, text: "The passkey was not added. Try again." })
    }
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={pending}
        onClick={() => void add()}
        className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 disabled:opacity-60"
      >
        {pending ? "Waiting for your passkey…" : "Add a passkey"}
      </button>
      <StatusMessage ok={message?.ok} text={message?.text} testId="add-passkey-message" />
    </div>
  )
}
