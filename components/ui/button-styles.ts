import { cx } from "./cx"

export type ButtonKind = "primary" | "secondary" | "danger" | "link"
export type ButtonSize = "sm" | "md" | "lg"

const BASE =
  "inline-flex items-center justify-center gap-2 font-medium leading-5 transition-colors cursor-pointer " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress"

const KINDS: Record<ButtonKind, string> = {
  primary: "rounded-control bg-accent text-accent-fg hover:bg-accent-hover",
  secondary: "rounded-control border border-border-strong bg-surface text-fg hover:bg-surface-muted",
  danger: "rounded-control bg-danger text-danger-fg hover:bg-danger-hover",
  // A button that reads as a link: no box, so it sits inside text and lists.
  link: "rounded-sm text-accent-text underline underline-offset-4 hover:decoration-2",
}

const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-8 px-3 py-1 text-sm",
  md: "min-h-10 px-4 py-2 text-sm sm:text-base",
  lg: "min-h-11 px-5 py-2.5 text-base",
}

/**
 * The classes of a button of this kind and size, for the elements that look
 * like a button without being one (a link to the next step). The link kind
 * has no padding, so it lines up with the text around it.
 */
export function buttonClass({
  kind = "primary",
  size = "md",
  fullWidth = false,
  className,
}: { kind?: ButtonKind; size?: ButtonSize; fullWidth?: boolean; className?: string } = {}): string {
  return cx(BASE, KINDS[kind], kind === "link" ? "text-sm sm:text-base" : SIZES[size], fullWidth && "w-full", className)
}
