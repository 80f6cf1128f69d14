"use client"

import { OTPInput, REGEXP_ONLY_DIGITS } from "input-otp"
import { useId } from "react"
import { cx } from "@/components/ui"

/**
 * A six-digit code as six boxes (input-otp): one real input underneath, so the
 * phone's one-time-code autofill, a password manager and pasting the whole
 * code all work, and the label names that input. The boxes are decoration.
 */
export function OneTimeCodeInput({
  name,
  label,
  error,
  autoFocus = false,
  value,
  onChange,
}: {
  name: string
  label: string
  error?: string
  autoFocus?: boolean
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <OTPInput
        id={id}
        name={name}
        maxLength={6}
        value={value}
        onChange={onChange}
        pattern={REGEXP_ONLY_DIGITS}
        // Codes pasted as "123 456" keep working.
        pasteTransformer={(pasted) => pasted.replace(/\D/g, "")}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        containerClassName="flex items-center gap-2 has-[:disabled]:opacity-60"
        render={({ slots }) => (
          <div className="flex gap-2" aria-hidden="true">
            {slots.map((slot, index) => (
              <div
                key={index}
                className={cx(
                  "relative grid size-11 place-items-center rounded-control border bg-surface font-mono text-lg tabular-nums",
                  error ? "border-danger-text" : "border-border-strong",
                  slot.isActive && "outline-2 outline-offset-1 outline-focus",
                  index === 2 && "mr-2",
                )}
              >
                {slot.char ?? <span className="text-muted">{slot.placeholderChar}</span>}
                {slot.hasFakeCaret ? <span className="absolute inset-y-2.5 left-1/2 w-px animate-pulse bg-fg" /> : null}
              </div>
            ))}
          </div>
        )}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  )
}
