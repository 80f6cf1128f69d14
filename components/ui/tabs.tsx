"use client"

/**
 * Tabs on Radix's Tabs: arrow keys move between tabs, the tab/tabpanel roles
 * and their links come from the primitive. For navigation between pages use
 * links instead (a tab list is for panels of one page).
 */
import * as RadixTabs from "@radix-ui/react-tabs"
import type { ComponentProps } from "react"
import { cx } from "./cx"

export const Tabs = RadixTabs.Root

export function TabList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx("flex gap-1 border-b border-border", className)} {...props} />
}

export function Tab({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cx(
        "-mb-px cursor-pointer border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg",
        "data-[state=active]:border-accent data-[state=active]:text-fg",
        className,
      )}
      {...props}
    />
  )
}

export function TabPanel({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx("pt-4", className)} {...props} />
}
