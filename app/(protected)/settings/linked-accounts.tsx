import { revalidatePath } from "next/cache"
import { auth, oauthProviders } from "@/auth"
import { ProviderButtons } from "@/components/provider-buttons"
import { listLinkedAccounts, unlinkAccount } from "@/lib/accounts/linked-accounts"
import { getPrisma } from "@/lib/db/client"

/**
 * The signed-in user's linked sign-in accounts: each can be unlinked unless
 * it is the last way to sign in, and any configured provider not yet linked
 * can be added (signing in with it while signed in links it).
 */
// Only known codes travel in the URL; a crafted ?notice= cannot put text on the page.
const NOTICES: Record<string, string> = {
  "last-way": "This is your only way to sign in. Link another account or set a password first.",
  "not-linked": "That account is not linked to you.",
}

export async function LinkedAccounts({ userId, notice: code }: { userId: string; notice?: string }) {
  const notice = code && Object.hasOwn(NOTICES, code) ? NOTICES[code] : undefined
  const accounts = await listLinkedAccounts(getPrisma(), userId)
  const nameOf = (id: string) => oauthProviders.find((p) => p.id === id)?.name ?? id

  async function unlink(form: FormData) {
    "use server"
    const session = await auth()
    const id = session?.user?.id
    if (!id) return
    const provider = String(form.get("provider") ?? "")
    const providerAccountId = String(form.get("providerAccountId") ?? "")
    const result = await unlinkAccount(getPrisma(), id, { provider, providerAccountId })
    revalidatePath("/settings")
    if (!result.ok) {
      const { redirect } = await import("next/navigation")
      redirect(`/settings?notice=${result.reason}`)
    }
  }

  return (
    <section aria-labelledby="linked-accounts-heading" className="space-y-3">
      <h2 id="linked-accounts-heading" className="text-lg font-semibold">
        Linked accounts
      </h2>
      {notice ? (
        <p role="alert" data-testid="linked-accounts-notice" className="text-sm text-red-700 dark:text-red-400">
          {notice}
        </p>
      ) : null}
      {accounts.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No accounts are linked yet.</p>
      ) : (
        <ul className="space-y-2" data-testid="linked-accounts">
          {accounts.map((a) => (
            <li key={`${a.provider}:${a.providerAccountId}`} className="flex items-center justify-between gap-3">
              <span data-testid={`linked-${a.provider}`}>{nameOf(a.provider)}</span>
              <form action={unlink}>
                <input type="hidden" name="provider" value={a.provider} />
                <input type="hidden" name="providerAccountId" value={a.providerAccountId} />
                <button type="submit" data-testid={`unlink-${a.provider}`} className="text-sm text-red-700 hover:underline dark:text-red-400">
                  Unlink
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <ProviderButtons redirectTo="/settings" verb="Link" exclude={accounts.map((a) => a.provider)} />
    </section>
  )
}
