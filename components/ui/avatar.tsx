"use client"

/**
 * A person's picture, or their initials until it loads (and for good when it
 * fails or there is none; always, without JavaScript). Decorative: the name
 * beside it says who it is.
 */
import * as RadixAvatar from "@radix-ui/react-avatar"
import { cx } from "./cx"

/** Up to two initials from the name, else the address's first letter. */
export function initialsOf(name: string | null, email: string | null): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean)
  if (words.length > 0) return (words[0][0] + (words.length > 1 ? words[words.length - 1][0] : "")).toUpperCase()
  return (email?.trim()[0] ?? "?").toUpperCase()
}

export function Avatar({ image, name, email, className }: { image: string | null; name: string | null; email: string | null; className?: string }) {
  return (
    <RadixAvatar.Root aria-hidden="true" className={cx("inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent-soft text-accent-text select-none", className)}>
      {image ? <RadixAvatar.Image src={image} alt="" className="size-full object-cover" referrerPolicy="no-referrer" /> : null}
      <RadixAvatar.Fallback className="text-xs font-semibold">{initialsOf(name, email)}</RadixAvatar.Fallback>
    </RadixAvatar.Root>
  )
}
