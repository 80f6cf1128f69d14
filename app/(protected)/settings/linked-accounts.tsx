import { oauthProviders } from "@/auth"
import { ActionStatusMessage } from "@/components/action-status"
import { ProviderButtons } from "@/components/provider-buttons"
import { listLinkedAccounts } from "@/server/accounts/linked-accounts"
import { getPrisma } from "@/lib/db/client"
import { LinkedAccountItem } from "./linked-account-item"

/**
 * The signed-in user's linked sign-in accounts: each can be unlinked (after a
 * confirmation) unless it is the last way to sign in, and any configured
 * provider not yet linked can be added (signing in with it while signed in
 * links it).
 */
export async function LinkedAccounts({ userId }: { userId: string }) {
  const accounts = await listLinkedAccounts(getPrisma(), userId)
  const nameOf = (id: string) => oauthProviders.find((p) => p.id === id)?.name ?? id

  return (
    <section aria-labelledby="linked-accounts-heading" className="space-y-3">
      <h2 id="linked-accounts-heading" className="text-lg font-semibold">
        Linked accounts
      </h2>
      {accounts.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No accounts are linked yet.</p>
      ) : (
        <ul className="space-y-2" data-testid="linked-accounts">
          {accounts.map((a) => (
            <LinkedAccountItem key={`${a.provider}:${a.providerAccountId}`} provider={a.provider} providerAccountId={a.providerAccountId} name={nameOf(a.provider)} />
          ))}
        </ul>
      )}
      <ActionStatusMessage scope="linked-accounts" testId="linked-accounts-message" />
      <ProviderButtons redirectTo="/settings" verb="Link" exclude={accounts.map((a) => a.provider)} />
    </section>
  )
}
