import type { InputHTMLAttributes, ReactNode } from "react"
import { cx } from "./cx"

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  name: string
  label: ReactNode
  /** Help under the input (rules, format), tied to it with aria-describedby. */
  hint?: ReactNode
  /**
   * What is wrong with the value, under the input: announced (role="alert"),
   * tied to it before the hint, and marks the input invalid.
   */
  error?: string
  /** Extra content on the label's line (a "Forgot password?" link). */
  labelAside?: ReactNode
  /** A control inside the input's right end (a show-password button); the input leaves it room. */
  inputEnd?: ReactNode
}

export const inputClass =
  "block w-full rounded-control border border-border-strong bg-surface px-3 py-2 text-fg placeholder:text-muted " +
  "aria-invalid:border-danger-text disabled:opacity-60"

/**
 * A labelled input with its hint and error. Uncontrolled: pass the user's
 * last entry back as `defaultValue` after a failed submission, and the field
 * shows it again instead of an empty box (React resets a form to its
 * defaults after an action). The ids derive from `name` unless `id` is given,
 * so a page must not show two fields of the same name without ids.
 */
export function Field({ name, label, hint, error, labelAside, inputEnd, id, className, ...input }: FieldProps) {
  const inputId = id ?? name
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined
  return (
    <div className={cx("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      {inputEnd ? (
        <div className="relative">
          <input
            id={inputId}
            name={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cx(inputClass, "pr-11")}
            {...input}
          />
          {inputEnd}
        </div>
      ) : (
        <input
          id={inputId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
          {...input}
        />
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
