import Link from "next/link"
import type { ComponentProps } from "react"
import { type ButtonKind, type ButtonSize, buttonClass } from "./button-styles"

/** A link that looks like a button: the next step of a page is a place to go, not an action. */
export function ButtonLink({
  kind = "primary",
  size = "md",
  fullWidth = false,
  className,
  ...props
}: ComponentProps<typeof Link> & { kind?: ButtonKind; size?: ButtonSize; fullWidth?: boolean }) {
  return <Link className={buttonClass({ kind, size, fullWidth, className })} {...props} />
}
