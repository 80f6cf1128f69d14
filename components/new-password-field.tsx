import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/server/accounts/password-rules"
import { TextField } from "./text-field"

/** The field for choosing a password (sign-up, password reset): the same rules and hint everywhere. */
export function NewPasswordField({ name = "password", label, error }: { name?: string; label: string; error?: string }) {
  return (
    <TextField
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      maxLength={MAX_PASSWORD_LENGTH}
      hint={`At least ${MIN_PASSWORD_LENGTH} characters. Common passwords, and ones built on your name, your email address or this site's name, are refused.`}
      error={error}
    />
  )
}
