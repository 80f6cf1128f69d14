import type { ButtonHTMLAttributes, ReactNode } from "react"
import { type ButtonKind, type ButtonSize, buttonClass } from "./button-styles"
import { Spinner } from "./spinner"

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  kind?: ButtonKind
  size?: ButtonSize
  fullWidth?: boolean
  /**
   * The action runs: the button shows a spinner, says so (aria-busy) and is
   * disabled so a second press cannot send it twice.
   */
  pending?: boolean
  /** What the button says while pending ("Signing in…"); the label stays when absent. */
  pendingLabel?: ReactNode
}

/** The one button of the product: primary, secondary, danger or link, in three sizes. */
export function Button({
  kind = "primary",
  size = "md",
  fullWidth = false,
  pending = false,
  pendingLabel,
  type = "button",
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass({ kind, size, fullWidth, className })}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  )
}
