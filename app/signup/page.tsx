import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { signInPath } from "@/auth"
import { sessionState } from "@/server/session-state"
import { SignUpForm } from "./signup-form"

export const metadata: Metadata = { title: "Create an account" }

export default async function SignUpPage() {
  if ((await sessionState()).session?.user) redirect("/dashboard")
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Create an account</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Already have one?{" "}
          <a href={signInPath("/dashboard")} className="font-medium text-indigo-700 underline dark:text-indigo-400">
            Sign in
          </a>
        </p>
      </div>
      <SignUpForm />
    </div>
  )
}
