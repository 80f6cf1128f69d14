"use client"

import { useState } from "react"
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/server/accounts/password-rules"
import { ShowPasswordButton } from "./show-password-button"
import { TextField } from "./text-field"

/**
 * The field for choosing a password (sign-up, password reset): the same rules and hint everywhere.
 * `showToggle` adds the show-password button, so a new password can be checked before it is kept.
 */
export function NewPasswordField({
  name = "password",
  label,
  error,
  showToggle = false,
}: {
  name?: string
  label: string
  error?: string
  showToggle?: boolean
}) {
  const [shown, setShown] = useState(false)
  return (
    <TextField
      name={name}
      label={label}
      type={shown ? "text" : "password"}
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      maxLength={MAX_PASSWORD_LENGTH}
      hint={`At least ${MIN_PASSWORD_LENGTH} characters. Common passwords, and ones built on your name, your email address or this site's name, are refused.`}
      error={error}
      inputEnd={showToggle ? <ShowPasswordButton controls={name} shown={shown} onToggle={() => setShown((s) => !s)} /> : undefined}
    />
  )
}
