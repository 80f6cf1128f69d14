import type { Metadata } from "next"
import { organizations } from "@/auth"
import { ActionStatusMessage, ActionStatusProvider } from "@/components/action-status"
import { RelativeTime } from "@/components/relative-time"
import { Card } from "@/components/ui"
import { memberPeople } from "@/server/organizations/member-directory"
import { organizationPage } from "@/server/organizations/organization-page"
import { assignableRoles, roleLabel } from "@/server/organizations/role-labels"
import { InvitationActions } from "./invitation-actions"
import { InviteDialog } from "./invite-dialog"
import { LeaveForm } from "./leave-form"
import { PersonAvatar } from "./person-avatar"
import { RoleCell } from "./role-cell"
import { ConfirmedAction, RowMenu } from "./row-menu"

export const metadata: Metadata = { title: "Members" }

const TH = "px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase"
const TD = "px-3 py-3 align-middle"

/**
 * /o/[slug]/members: the members as a table (who, role, since when, and a
 * row menu), the pending invitations in their own table, and leaving. A
 * control is shown only to a role that may use it; each action checks
 * again. Every form posts without a script too.
 */
export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug, `/o/${slug}/members`)
  const { organization, member: me } = page
  const mayInvite = page.can({ member: ["invite"] })
  const [members, invitations] = await Promise.all([organizations.members(organization.id), mayInvite ? organizations.invitations(organization.id) : []])
  const people = await memberPeople(members.map((m) => m.userId))
  const iAmOwner = me.roles.includes("owner")
  const owners = members.filter((m) => m.roles.includes("owner")).length
  const roleChoices = assignableRoles(iAmOwner).map((value) => ({ value, label: roleLabel([value]) }))
  const mayChangeRoles = page.can({ member: ["update-role"] })
  const mayRemove = page.can({ member: ["remove"] })
  const mayCancel = page.can({ invitation: ["cancel"] })
  const hidden = { slug: organization.slug }
  const renderedAt = new Date().toISOString()

  return (
    <ActionStatusProvider>
      <div className="space-y-6">
        <Card as="section" id="member-list" title={members.length === 1 ? "1 member" : `${members.length} members`}>
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted">
                {mayChangeRoles ? "Owners and admins manage members; an owner alone gives or takes the owner role." : "Only owners and admins can change members."}
              </p>
              {mayInvite ? <InviteDialog slug={organization.slug} roles={roleChoices} /> : null}
            </div>
            <div aria-live="polite">
              <ActionStatusMessage scope="members" testId="members-message" />
            </div>
            <div className="-mx-4 overflow-x-auto sm:mx-0">
              <table className="w-full min-w-[36rem] text-sm" data-testid="member-list">
                <ColumnHeads names={["Member", "Role", "Joined"]} />
                <tbody className="divide-y divide-border">
                  {members.map((m) => {
                    const person = people.get(m.userId)
                    const name = person?.name || person?.email || "Unknown user"
                    const self = m.userId === me.userId
                    const theirsIsOwner = m.roles.includes("owner")
                    // Owners are changed or removed by owners only (the library refuses the rest too).
                    const reachable = !self && (!theirsIsOwner || iAmOwner)
                    const mayTransfer = reachable && iAmOwner && !theirsIsOwner
                    const fields = { ...hidden, userId: m.userId }
                    return (
                      <tr key={m.id} data-testid="member" data-email={person?.email ?? ""}>
                        <td className={TD}>
                          <div className="flex min-w-0 items-center gap-3">
                            <PersonAvatar name={name} />
                            <div className="min-w-0">
                              <span className="block truncate font-medium">
                                {name}
                                {self ? <span className="font-normal text-muted"> (you)</span> : null}
                              </span>
                              <span className="block truncate text-muted">{person?.email}</span>
                            </div>
                          </div>
                        </td>
                        <td className={TD}>
                          {reachable && mayChangeRoles ? (
                            <RoleCell id={`role-${m.id}`} fields={fields} roles={roleChoices} current={m.roles[0] ?? "member"} />
                          ) : null}
                          <span className={reachable && mayChangeRoles ? "sr-only" : undefined} data-testid="member-role">
                            {roleLabel(m.roles)}
                          </span>
                        </td>
                        <td className={`${TD} whitespace-nowrap text-muted`}>
                          <RelativeTime dateTime={m.createdAt.toISOString()} renderedAt={renderedAt} />
                        </td>
                        <td className={`${TD} text-right`}>
                          {reachable && (mayRemove || mayTransfer) ? (
                            <RowMenu label={`Actions for ${name}`} testId="member-menu">
                              {mayTransfer ? (
                                <ConfirmedAction
                                  intent="transfer"
                                  fields={fields}
                                  scope="members"
                                  label="Transfer ownership"
                                  question={`Make ${name} the owner of ${organization.name}? You become an admin.`}
                                  confirmLabel="Yes, transfer ownership"
                                  pendingLabel="Transferring…"
                                />
                              ) : null}
                              {mayRemove ? (
                                <ConfirmedAction
                                  intent="remove"
                                  fields={fields}
                                  scope="members"
                                  label="Remove member"
                                  question={`Remove ${name} from ${organization.name}? They lose access at once.`}
                                  confirmLabel="Yes, remove member"
                                  pendingLabel="Removing…"
                                  danger
                                />
                              ) : null}
                            </RowMenu>
                          ) : null}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          </div>
        </Card>

        {mayInvite ? (
          <Card as="section" id="invitations" title="Pending invitations">
            <div aria-live="polite">
              <ActionStatusMessage scope="invitations" testId="invitations-message" />
            </div>
            {invitations.length === 0 ? (
              <p className="text-sm text-muted">No pending invitations.</p>
            ) : (
              <div className="-mx-4 overflow-x-auto sm:mx-0">
                <table className="w-full min-w-[32rem] text-sm" data-testid="invitation-list">
                  <ColumnHeads names={["Email", "Role", "Expires"]} />
                  <tbody className="divide-y divide-border">
                    {invitations.map((invitation) => (
                      <tr key={invitation.id} data-testid="invitation" data-email={invitation.email}>
                        <td className={`${TD} font-medium break-all`}>{invitation.email}</td>
                        <td className={TD}>{roleLabel(invitation.roles)}</td>
                        <td className={`${TD} whitespace-nowrap text-muted`}>
                          <RelativeTime dateTime={invitation.expires.toISOString()} renderedAt={renderedAt} />
                        </td>
                        <td className={TD}>
                          <InvitationActions fields={{ ...hidden, invitationId: invitation.id }} email={invitation.email} mayCancel={mayCancel} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        ) : null}

        <Card as="section" id="leave" title="Leave organization" tone="danger">
          <div aria-live="polite">
            <ActionStatusMessage scope="leave" testId="leave-message" />
          </div>
          {iAmOwner && owners === 1 ? (
            <p className="text-sm" data-testid="last-owner-note">
              You are the only owner, so you cannot leave: an organization always keeps an owner. Transfer ownership to another member first, or delete the organization.
            </p>
          ) : (
            <LeaveForm slug={organization.slug} organizationName={organization.name} />
          )}
        </Card>
      </div>
    </ActionStatusProvider>
  )
}

/** A table's column headings, and the unnamed last column that holds each row's actions. */
function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead className="border-b border-border">
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className={TH}>
            {name}
          </th>
        ))}
        <th scope="col" className={TH}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  )
}
