import { ActionStatusMessage } from "@/components/action-status"
import { listPasskeys } from "@/server/accounts/passkeys"
import { getPrisma } from "@/lib/db/client"
import { AddPasskeyButton } from "./add-passkey-button"
import { PasskeyItem } from "./passkey-item"

function formatDate(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never"
}

/** Settings › Passkeys: the user's passkeys, each renamable and deletable, and a button to add one. */
export async function PasskeysSection({ userId }: { userId: string }) {
  const passkeys = await listPasskeys(getPrisma(), userId)
  return (
    <section className="space-y-4" aria-labelledby="passkeys-heading">
      <div className="space-y-1">
        <h2 id="passkeys-heading" className="text-xl font-semibold">
          Passkeys
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Sign in with your fingerprint, face or device PIN instead of a password.
        </p>
      </div>
      {passkeys.length === 0 ? (
        <p className="text-sm" data-testid="passkeys-empty">
          You have no passkeys yet.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="passkey-list">
          {passkeys.map((p) => (
            <PasskeyItem
              key={p.credentialID}
              credentialID={p.credentialID}
              name={p.name ?? "Unnamed passkey"}
              kind={p.deviceType === "multiDevice" ? "Synced passkey" : "Single-device passkey"}
              backedUp={p.backedUp}
              created={formatDate(p.createdAt)}
              lastUsed={formatDate(p.lastUsedAt)}
            />
          ))}
        </ul>
      )}
      <AddPasskeyButton />
      {/* Adding, renaming and deleting all report here; the next action replaces the message. */}
      <ActionStatusMessage scope="passkeys" testId="passkeys-message" />
    </section>
  )
}
