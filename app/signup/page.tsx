import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { signInPath } from "@/auth"
import { AuthPage } from "@/components/auth-page"
import { linkClass } from "@/components/ui/text-link"
import { sessionState } from "@/server/session-state"
import { SignUpForm } from "./signup-form"

export const metadata: Metadata = { title: "Create an account" }

export default async function SignUpPage() {
  if ((await sessionState()).session?.user) redirect("/dashboard")
  return (
    <AuthPage
      title="Create an account"
      footer={
        <p className="text-muted">
          Already have one?{" "}
          {/* A plain link: the sign-in page is the library's, outside the app router. */}
          <a href={signInPath("/dashboard")} className={linkClass}>
            Sign in
          </a>
        </p>
      }
    >
      <SignUpForm />
    </AuthPage>
  )
}
