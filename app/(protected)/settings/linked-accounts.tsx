import { oauthProviders } from "@/auth"
import { ActionStatusMessage } from "@/components/action-status"
import { ProviderButtons } from "@/components/provider-buttons"
import { listLinkedAccounts } from "@/server/accounts/linked-accounts"
import { Card } from "@/components/ui"
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
  // No provider configured and nothing linked: there is nothing to see or do here.
  if (accounts.length === 0 && oauthProviders.length === 0) return null

  return (
    <Card
      as="section"
      id="linked-accounts"
      headingLevel={3}
      title="Linked accounts"
      description="Other accounts you can sign in with."
    >
      {accounts.length === 0 ? (
        <p className="text-sm text-muted">No accounts are linked yet.</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="linked-accounts">
          {accounts.map((a) => (
            <LinkedAccountItem key={`${a.provider}:${a.providerAccountId}`} provider={a.provider} providerAccountId={a.providerAccountId} name={nameOf(a.provider)} />
          ))}
        </ul>
      )}
      <ActionStatusMessage scope="linked-accounts" testId="linked-accounts-message" />
      <ProviderButtons redirectTo="/settings" verb="Link" exclude={accounts.map((a) => a.provider)} />
    </Card>
  )
}
