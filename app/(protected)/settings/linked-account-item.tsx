"use client"

import { useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { unlinkAccountAction } from "./linked-account-actions"

/** One linked account and its "Unlink" button, which asks first. The outcome shows under the list. */
export function LinkedAccountItem({ provider, providerAccountId, name }: { provider: string; providerAccountId: string; name: string }) {
  const status = useActionStatus("linked-accounts")
  async function unlink(form: FormData) {
    status.clear()
    status.show(await unlinkAccountAction({}, form))
  }
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <span className="font-medium" data-testid={`linked-${provider}`}>
        {name}
      </span>
      <ConfirmForm
        action={unlink}
        fields={{ provider, providerAccountId }}
        label="Unlink"
        question={`Unlink ${name}? You will no longer be able to sign in with it (you can link it again later).`}
        confirmLabel="Yes, unlink"
        pendingLabel="Unlinking…"
        testId={`unlink-${provider}`}
      />
    </li>
  )
}
