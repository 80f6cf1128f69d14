"use client"

import { useActionState } from "react"
import { type SignUpState, signUpAction } from "./actions"

const inputClass =
  "mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-zinc-900 shadow-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"

export function SignUpForm() {
  const [state, action, pending] = useActionState<SignUpState, FormData>(signUpAction, {})
  const error = (field: SignUpState["field"]) =>
    state.field === field ? (
      <p id={`${field}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
        {state.message}
      </p>
    ) : null
  return (
    <form action={action} className="space-y-5" noValidate={false}>
      <div>
        <label htmlFor="email" className="block text-sm font-medium">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.values?.email}
          aria-invalid={state.field === "email"}
          aria-describedby={state.field === "email" ? "email-error" : undefined}
          className={inputClass}
        />
        {error("email")}
      </div>
      <div>
        <label htmlFor="name" className="block text-sm font-medium">
          Display name
        </label>
        <input
          id="name"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={80}
          defaultValue={state.values?.name}
          aria-invalid={state.field === "name"}
          aria-describedby={state.field === "name" ? "name-error" : undefined}
          className={inputClass}
        />
        {error("name")}
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          aria-invalid={state.field === "password"}
          aria-describedby={state.field === "password" ? "password-error password-hint" : "password-hint"}
          className={inputClass}
        />
        <p id="password-hint" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          At least 8 characters. Common passwords are refused.
        </p>
        {error("password")}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
      >
        {pending ? "Creating account…" : "Create account"}
      </button>
    </form>
  )
}
