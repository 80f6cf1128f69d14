import type { Metadata } from "next"
import { organizations } from "@/auth"
import { ActionStatusMessage, ActionStatusProvider } from "@/components/action-status"
import { Card } from "@/components/ui"
import { getPrisma } from "@/lib/db/client"
import { exactTime } from "@/server/display/time"
import { memberPeople } from "@/server/organizations/member-directory"
import { organizationPage } from "@/server/organizations/organization-page"
import { assignableRoles, roleLabel } from "@/server/organizations/role-labels"
import {
  cancelInvitationAction,
  changeRoleAction,
  leaveOrganizationAction,
  removeMemberAction,
  resendInvitationAction,
  transferOwnershipAction,
} from "./actions"
import { InviteForm } from "./invite-form"
import { ConfirmMemberForm } from "./confirm-member-form"
import { MemberForm } from "./member-form"
import { RoleSelect } from "./role-select"

export const metadata: Metadata = { title: "Members" }

/**
 * /o/[slug]/members: the organization's members with their roles,
 * pending invitations, and what the viewer's role lets them do. A control is
 * shown only to a role that may use it; each action checks again.
 */
export default async function MembersPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug, `/o/${slug}/members`)
  const { organization, member: me } = page
  const mayInvite = page.can({ member: ["invite"] })
  const [members, invitations] = await Promise.all([organizations.members(organization.id), mayInvite ? organizations.invitations(organization.id) : []])
  const people = await memberPeople(getPrisma(), members.map((m) => m.userId))
  const iAmOwner = me.roles.includes("owner")
  const owners = members.filter((m) => m.roles.includes("owner")).length
  const roleChoices = assignableRoles(iAmOwner).map((value) => ({ value, label: roleLabel([value]) }))
  const mayChangeRoles = page.can({ member: ["update-role"] })
  const mayRemove = page.can({ member: ["remove"] })
  const mayCancel = page.can({ invitation: ["cancel"] })
  const hidden = { slug: organization.slug }

  return (
    <ActionStatusProvider>
      <div className="space-y-6">
        <h1 className="text-title">Members</h1>

        <Card as="section" id="member-list" title={`Members of ${organization.name}`}>
          <div aria-live="polite">
            <ActionStatusMessage scope="members" testId="members-message" />
          </div>
          <ul className="divide-y divide-border" data-testid="member-list">
            {members.map((m) => {
              const person = people.get(m.userId)
              const self = m.userId === me.userId
              const theirsIsOwner = m.roles.includes("owner")
              // Owners are changed or removed by owners only (the library refuses the rest too).
              const reachable = !self && (!theirsIsOwner || iAmOwner)
              return (
                <li key={m.id} className="space-y-2 py-3" data-testid="member" data-email={person?.email ?? ""}>
                  <div>
                    <span className="font-medium">{person?.name || person?.email || "Unknown user"}</span>
                    {self ? <span className="text-muted"> (you)</span> : null}
                    <span className="block text-sm text-muted">{person?.email}</span>
                    <span className="text-sm" data-testid="member-role">
                      {roleLabel(m.roles)}
                    </span>
                  </div>
                  {reachable ? (
                    <div className="flex flex-wrap gap-4">
                      {mayChangeRoles ? (
                        <MemberForm action={changeRoleAction} fields={{ ...hidden, userId: m.userId }} label="Change role" pendingLabel="Changing…" scope="members">
                          <RoleSelect id={`role-${m.id}`} roles={roleChoices} defaultValue={m.roles[0] ?? "member"} />
                        </MemberForm>
                      ) : null}
                      {mayRemove ? (
                        <ConfirmMemberForm
                          action={removeMemberAction}
                          fields={{ ...hidden, userId: m.userId }}
                          label="Remove member"
                          question={`Remove ${person?.name || person?.email || "this member"} from ${organization.name}? They lose access at once.`}
                          confirmLabel="Yes, remove member"
                          pendingLabel="Removing…"
                          scope="members"
                        />
                      ) : null}
                      {iAmOwner && !theirsIsOwner ? (
                        <ConfirmMemberForm
                          action={transferOwnershipAction}
                          fields={{ ...hidden, userId: m.userId }}
                          label="Transfer ownership"
                          question={`Make ${person?.name || person?.email || "this member"} the owner of ${organization.name}? You become an admin.`}
                          confirmLabel="Yes, transfer ownership"
                          pendingLabel="Transferring…"
                          scope="members"
                        />
                      ) : null}
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </Card>

        {mayInvite ? (
          <Card as="section" id="invite" title="Invite member" description="The invitation link goes to this address and works once, for 7 days.">
            <InviteForm slug={organization.slug} roles={roleChoices} />
          </Card>
        ) : null}

        {mayInvite ? (
          <Card as="section" id="invitations" title="Pending invitations">
            <div aria-live="polite">
              <ActionStatusMessage scope="invitations" testId="invitations-message" />
            </div>
            {invitations.length === 0 ? (
              <p className="text-sm text-muted">No pending invitations.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="invitation-list">
                {invitations.map((invitation) => (
                  <li key={invitation.id} className="space-y-2 py-3" data-testid="invitation" data-email={invitation.email}>
                    <div>
                      <span className="font-medium">{invitation.email}</span>
                      <span className="block text-sm text-muted">
                        {roleLabel(invitation.roles)} · expires {exactTime(invitation.expires)}
                      </span>
                    </div>
                    <div className="flex flex-wrap gap-4">
                      <MemberForm action={resendInvitationAction} fields={{ ...hidden, invitationId: invitation.id }} label="Resend" pendingLabel="Sending…" scope="invitations" />
                      {mayCancel ? (
                        <ConfirmMemberForm
                          action={cancelInvitationAction}
                          fields={{ ...hidden, invitationId: invitation.id }}
                          label="Cancel invitation"
                          question={`Cancel the invitation of ${invitation.email}? Its link stops working.`}
                          confirmLabel="Yes, cancel invitation"
                          pendingLabel="Cancelling…"
                          scope="invitations"
                        />
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
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
            <ConfirmMemberForm
              action={leaveOrganizationAction}
              fields={hidden}
              label="Leave organization"
              question={`Leave ${organization.name}? You lose access at once; only a new invitation brings you back.`}
              confirmLabel="Yes, leave organization"
              pendingLabel="Leaving…"
              scope="leave"
            />
          )}
        </Card>
      </div>
    </ActionStatusProvider>
  )
}
