import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { organizationsEnabled, signInPath } from "@/auth"
import { AuthPage } from "@/components/auth-page"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { linkClass } from "@/components/ui/text-link"
import { getPrisma } from "@/lib/db/client"
import { acceptedInvitationOf, invitationView } from "@/server/organizations/invitation-link"
import { roleLabel } from "@/server/organizations/role-labels"
import { sessionState } from "@/server/session-state"
import { exactTime } from "@/server/display/time"
import { ButtonLink, SubmitButton } from "@/components/ui"
import { appName } from "@/server/app-name"
import { signOutAndContinueAction } from "./actions"
import { InvitationAnswer } from "./invitation-answer"
import { InvitationSignUp } from "./invitation-sign-up"

export const metadata: Metadata = { title: "Invitation", referrer: "no-referrer" }

/**
 * /invite/[token]: the organization, who invited and the role.
 * Signed in with the invited address: accept or decline. Signed in as someone
 * else: says so, and offers nothing that would accept. Signed out: sign in, or
 * create the account from the link. A link that is not valid, for any reason,
 * gets one page that does not say which.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  // Organizations off (AUTH_ADAPTER=drizzle): no invitation exists.
  if (!organizationsEnabled) notFound()
  const { token } = await params
  const state = await sessionState()
  if (state.unavailable) return <ServiceUnavailable />
  const view = await invitationView(getPrisma(), token)
  if (!view) {
    const signedInEmail = state.session?.user?.email ?? null
    const joined = await acceptedInvitationOf(getPrisma(), token, signedInEmail)
    if (joined) {
      return (
        <AuthPage title={`You are a member of ${joined.name}`} data-testid="invitation-invalid">
          <p className="text-muted">You accepted this invitation already, so the link has done its work.</p>
          <ButtonLink href={`/o/${encodeURIComponent(joined.slug)}`} fullWidth>
            Open {joined.name}
          </ButtonLink>
        </AuthPage>
      )
    }
    return (
      <AuthPage title="This invitation is not valid" data-testid="invitation-invalid">
        <p className="text-muted">
          The link may have expired, been used already, or been withdrawn or replaced by a newer invitation. Ask the person who invited you to send a new
          one.
        </p>
        <ButtonLink href={state.session?.user ? "/dashboard" : "/"} kind="secondary" fullWidth>
          {state.session?.user ? "Go to your dashboard" : `Go to ${appName()}`}
        </ButtonLink>
      </AuthPage>
    )
  }
  const { invitation, organization, inviter } = view
  const signedInAs = state.session?.user?.email ?? null
  const isInvited = signedInAs !== null && signedInAs.toLowerCase() === invitation.email.toLowerCase()
  const here = `/invite/${encodeURIComponent(token)}`

  return (
    <AuthPage
      title={`Join ${organization.name}`}
      description={
        <>
          {inviter ?? "A member"} invited <strong>{invitation.email}</strong> to join <strong>{organization.name}</strong> as{" "}
          <strong>{roleLabel(invitation.roles)}</strong>.
        </>
      }
      data-testid="invitation"
    >
      <p className="text-sm text-muted">The invitation is valid until {exactTime(invitation.expires)}.</p>
      {signedInAs === null ? (
        <>
          <p>
            Have an account with {invitation.email}?{" "}
            <a href={signInPath(here)} className={linkClass}>
              Sign in to accept
            </a>
          </p>
          <h2 className="text-heading">New here? Create your account</h2>
          <InvitationSignUp token={token} email={invitation.email} />
          <InvitationAnswer token={token} mayAccept={false} />
        </>
      ) : isInvited ? (
        <InvitationAnswer token={token} mayAccept />
      ) : (
        <div className="space-y-4">
          <p role="alert" data-testid="invitation-other-account">
            You are signed in as {signedInAs}, but this invitation is for {invitation.email}. Sign out and sign in with that address to accept it.
          </p>
          <form action={signOutAndContinueAction}>
            <input type="hidden" name="token" value={token} />
            <SubmitButton fullWidth>Sign out and continue</SubmitButton>
          </form>
        </div>
      )}
    </AuthPage>
  )
}
