import Link from "next/link"
import type { ComponentProps } from "react"
import { cx } from "./cx"

/** The look of a link in running text: the accent colour, underlined (not colour alone). */
export const linkClass = "rounded-sm font-medium text-accent-text underline underline-offset-4 hover:decoration-2"

/** A link inside the app (next/link), styled as a text link. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cx(linkClass, className)} {...props} />
}
