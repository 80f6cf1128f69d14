"use client"

/**
 * A menu of actions or links behind a button, on Radix's DropdownMenu:
 * arrow keys, typeahead, Escape, focus return and the menu roles come from
 * the primitive; this file only gives it the product's look.
 *
 * The server renders a closed menu as its button alone, without the
 * primitive: a closed menu is nothing but that button, and the primitive's
 * providers and hooks were a large share of every signed-in page's server
 * time (the header holds two menus). The primitive takes over as soon as
 * the page's script runs, before the button can do anything.
 */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu"
import Link from "next/link"
import { type ComponentProps, createContext, type ReactNode, useContext, useLayoutEffect, useRef, useState } from "react"
import { cx } from "./cx"
import { useHydrated } from "./use-hydrated"

interface MenuShell {
  /** The server's button, before the primitive took over. */
  serverRendered: boolean
  /** The server's button gained or lost focus. */
  setFocused: (focused: boolean) => void
  /** Whether the server's button had focus when the primitive took over; asking forgets it. */
  takeFocus: () => boolean
}

const MenuShellContext = createContext<MenuShell | null>(null)

/** Where the server's button's focus is kept until the primitive's button takes it. */
function focusHandOver(): Pick<MenuShell, "setFocused" | "takeFocus"> {
  let focused = false
  return {
    setFocused: (value) => {
      focused = value
    },
    takeFocus: () => {
      const had = focused
      focused = false
      return had
    },
  }
}

export function Menu({ children, ...props }: ComponentProps<typeof DropdownMenu.Root>) {
  const clientRendered = useHydrated()
  // Made once per menu, so the triggers' effects see the same functions on every render.
  const [handOver] = useState(focusHandOver)
  return (
    <MenuShellContext.Provider value={{ serverRendered: !clientRendered, ...handOver }}>
      {clientRendered ? <DropdownMenu.Root {...props}>{children}</DropdownMenu.Root> : children}
    </MenuShellContext.Provider>
  )
}

const TRIGGER = "inline-flex items-center gap-2 rounded-control px-2 py-1.5 text-sm font-medium hover:bg-surface-muted data-[state=open]:bg-surface-muted"

/** The closed menu's button as the primitive renders it, with nothing behind it yet. */
function ServerTrigger({ className, asChild: _asChild, ...props }: ComponentProps<typeof DropdownMenu.Trigger>) {
  const shell = useContext(MenuShellContext)!
  const ref = useRef<HTMLButtonElement>(null)
  // Focus that reached the button before the script ran moves to the primitive's button with it.
  const { setFocused } = shell
  useLayoutEffect(() => {
    if (document.activeElement === ref.current) setFocused(true)
  }, [setFocused])
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={cx(TRIGGER, className)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      {...props}
    />
  )
}

function ClientTrigger({ className, ...props }: ComponentProps<typeof DropdownMenu.Trigger>) {
  const takeFocus = useContext(MenuShellContext)?.takeFocus
  const ref = useRef<HTMLButtonElement>(null)
  useLayoutEffect(() => {
    if (takeFocus?.()) ref.current?.focus()
  }, [takeFocus])
  return <DropdownMenu.Trigger ref={ref} className={cx(TRIGGER, className)} {...props} />
}

/** The button that opens the menu; give it text and icons as children. */
export function MenuTrigger(props: ComponentProps<typeof DropdownMenu.Trigger>) {
  const shell = useContext(MenuShellContext)
  return shell?.serverRendered ? <ServerTrigger {...props} /> : <ClientTrigger {...props} />
}

export function MenuContent({ className, align = "end", sideOffset = 6, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  // A closed menu has no content to show; the server's render has nothing behind its button.
  if (useContext(MenuShellContext)?.serverRendered) return null
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
