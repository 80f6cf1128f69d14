import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { auth } from "@/auth"
import { SignUpForm } from "./signup-form"

export const metadata: Metadata = { title: "Create an account" }

export default async function SignUpPage() {
  if ((await auth())?.user) redirect("/dashboard")
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Create an account</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Already have one?{" "}
          <Link href="/api/auth/signin?callbackUrl=/dashboard" className="font-medium text-indigo-700 underline dark:text-indigo-400">
            Sign in
          </Link>
        </p>
      </div>
      <SignUpForm />
    </div>
  )
}
