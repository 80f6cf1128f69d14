"use client"

import { useHydrated } from "@/components/ui/use-hydrated"

/**
 * The eye button inside a password field, as the library's built-in sign-in
 * page has it (lib/auth/pages/password-field.ts): named "Show password" by
 * its hidden text, so the field stays the only element labelled "Password",
 * and aria-pressed says whether the password is shown. It appears only once
 * React runs: before that, a click could not reveal anything.
 */
export function ShowPasswordButton({ controls, shown, onToggle }: { controls: string; shown: boolean; onToggle: () => void }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <button
      type="button"
      aria-controls={controls}
      aria-pressed={shown}
      onClick={onToggle}
      className="absolute top-1/2 right-1 grid size-9 -translate-y-1/2 place-items-center rounded-[0.375rem] text-muted hover:bg-surface-muted hover:text-fg"
    >
      {shown ? <EyeShut /> : <EyeOpen />}
      <span className="sr-only">Show password</span>
    </button>
  )
}

const ICON = {
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.75,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "size-5",
} as const

function EyeOpen() {
  return (
    <svg {...ICON}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  )
}

function EyeShut() {
  return (
    <svg {...ICON}>
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.7 8.4 2 12 2 12s3.5 7 10 7a9.8 9.8 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  )
}
