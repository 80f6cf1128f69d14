import { ActionStatusMessage } from "@/components/action-status"
import { Card } from "@/components/ui"
import { listPasskeys } from "@/server/accounts/passkeys"
import { passkeyDisplayName } from "@/server/display/passkey-name"
import { getPrisma } from "@/lib/db/client"
import { AddPasskeyButton } from "./add-passkey-button"
import { PasskeyItem } from "./passkey-item"

/**
 * Settings › Security › Passkeys: the user's passkeys, each named (by its
 * owner, else by its authenticator or the browser it was added in), renamed
 * through a dialog and deleted after a question; "Add a passkey" is the
 * card's one primary action.
 */
export async function PasskeysSection({ userId }: { userId: string }) {
  const passkeys = await listPasskeys(getPrisma(), userId)
  const renderedAt = new Date().toISOString()
  return (
    <Card
      as="section"
      id="passkeys"
      headingLevel={3}
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a password."
    >
      {passkeys.length === 0 ? (
        <p className="text-sm text-muted" data-testid="passkeys-empty">
          You have no passkeys yet.
        </p>
      ) : (
        <ul className="divide-y divide-border" data-testid="passkey-list">
          {passkeys.map((p) => (
            <PasskeyItem
              key={p.credentialID}
              credentialID={p.credentialID}
              name={passkeyDisplayName({ name: p.name, aaguid: p.aaguid, addedWith: p.addedWith })}
              kind={p.deviceType === "multiDevice" ? "Synced passkey" : "Single-device passkey"}
              backedUp={p.backedUp}
              created={p.createdAt.toISOString()}
              lastUsed={p.lastUsedAt ? p.lastUsedAt.toISOString() : null}
              renderedAt={renderedAt}
            />
          ))}
        </ul>
      )}
      {/* Adding, renaming and deleting all report here; the next action replaces the message. */}
      <ActionStatusMessage scope="passkeys" testId="passkeys-message" />
      <AddPasskeyButton />
    </Card>
  )
}
