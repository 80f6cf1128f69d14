"use client"

/**
 * A menu of actions or links behind a button, on Radix's DropdownMenu:
 * arrow keys, typeahead, Escape, focus return and the menu roles come from
 * the primitive; this file only gives it the product's look.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu"
import Link from "next/link"
import type { ComponentProps, ReactNode } from "react"
import { cx } from "./cx"

export const Menu = DropdownMenu.Root

/** The button that opens the menu; give it one child element (`asChild`) or text. */
export function MenuTrigger({ className, ...props }: ComponentProps<typeof DropdownMenu.Trigger>) {
  return (
    <DropdownMenu.Trigger
      className={cx(
        "inline-flex items-center gap-2 rounded-control px-2 py-1.5 text-sm font-medium hover:bg-surface-muted data-[state=open]:bg-surface-muted",
        className,
      )}
      {...props}
    />
  )
}

export function MenuContent({ className, align = "end", sideOffset = 6, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        sideOffset={sideOffset}
        className={cx("z-50 min-w-48 rounded-card border border-border bg-surface p-1 text-fg shadow-card", className)}
        {...props}
      />
    </DropdownMenu.Portal>
  )
}

const ITEM =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-control px-3 py-2 text-left text-sm outline-none " +
  "data-[highlighted]:bg-surface-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-60"

/** An action in the menu (onSelect runs it). `danger` marks what cannot be undone. */
export function MenuItem({ className, danger, ...props }: ComponentProps<typeof DropdownMenu.Item> & { danger?: boolean }) {
  return <DropdownMenu.Item className={cx(ITEM, danger && "text-danger-text", className)} {...props} />
}

/** A link in the menu: a real <a> (client navigation through next/link), so it opens in a new tab too. */
export function MenuLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <DropdownMenu.Item asChild className={cx(ITEM, className)}>
      <Link href={href}>{children}</Link>
    </DropdownMenu.Item>
  )
}

/** Non-interactive text at the top of the menu (who is signed in). */
export function MenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={cx("px-3 py-2 text-sm text-muted", className)} {...props} />
}

export function MenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cx("my-1 h-px bg-border", className)} {...props} />
}
