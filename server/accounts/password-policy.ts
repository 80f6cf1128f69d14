import { dictionary } from "@zxcvbn-ts/language-common"

import { appName } from "../app-name"
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules"

/**
 * NIST SP 800-63B-4 §3.1.1.2: length limits, a blocklist of common passwords
 * and the context words of this site and this user (ASVS 6.1.2, 6.2.11), no
 * composition rules. Each refusal has its own reason, and each reason a
 * message that says what to do instead. The breached-password check, which
 * needs the network, is apart (new-password.ts).
 */
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH }

let common: Set<string> | undefined

/** The ~50k most common passwords (zxcvbn-ts list), kept only where long enough to pass the length rule. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[]).filter((p) => p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()),
  )
  return common
}

export type PasswordProblem =
  | "too-short"
  | "too-long"
  | "too-common"
  | "contains-email"
  | "contains-name"
  | "contains-site-name"
  | "breached"
  /** AUTH_BREACHED_PASSWORDS_ON_ERROR=refuse and the breached-password service did not answer. */
  | "breach-check-unavailable"

/** Who the password is for: the words it must not be built on. `siteName` defaults to APP_NAME. */
export interface PasswordContext {
  email?: string | null
  name?: string | null
  siteName?: string
}

const UNRELATED = "Choose something that has nothing to do with you or this site, such as three or four unrelated words."

/** What the user reads: why the password was refused and what to choose instead (800-63B-4 §3.1.1.2). */
export function passwordProblemMessage(problem: PasswordProblem, context: Pick<PasswordContext, "siteName"> = {}): string {
  switch (problem) {
    case "too-short":
      return `Use at least ${MIN_PASSWORD_LENGTH} characters. Three or four unrelated words make a long password that is easy to remember.`
    case "too-long":
      return `Use at most ${MAX_PASSWORD_LENGTH} characters.`
    case "too-common":
      return "This password is too common: it is one of the most used passwords or a simple pattern, which attackers try first. Choose something less predictable, such as three or four unrelated words."
    case "contains-email":
      return `This password contains your email address. ${UNRELATED}`
    case "contains-name":
      return `This password contains your name. ${UNRELATED}`
    case "contains-site-name":
      return `This password contains the name of this site (${context.siteName ?? appName()}). ${UNRELATED}`
    case "breached":
      return "This password has appeared in a data breach, so attackers will try it. Choose one you have never used anywhere else, such as three or four unrelated words."
    case "breach-check-unavailable":
      return "This password could not be checked against known data breaches just now. Try again in a moment."
  }
}

/**
 * The form of a password that is both checked and hashed: NFKC, so that
 * full-width "ｐａｓｓｗｏｒｄ１２３" is the "password123" it hashes to.
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC")
}

// Characters people put between words; they add nothing next to a context word.
const SEPARATOR = /^[\s._\-~'’`,;:/\\*#=]$/u
// Simple leetspeak, folded on both sides, so "J4n3" meets "jane" and "@uth5tarter" meets "Auth Starter".
// "l" and "1" both fold to "i" because "1" stands for either.
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "!": "i",
  "|": "i",
  l: "i",
  "3": "e",
  "4": "a",
  "@": "a",
  "5": "s",
  $: "s",
  "7": "t",
  "+": "t",
  "8": "b",
  "9": "g",
}
/** Shorter words (a two-letter name) would match inside too many unrelated passwords. */
const MIN_CONTEXT_WORD_LENGTH = 3

function fold(char: string): string {
  return LEET[char] ?? char
}

/** The characters that count, lower case, without separators: the same walk for the password and each word. */
function letters(text: string): string[] {
  return [...text.normalize("NFKC").toLowerCase()].filter((c) => !SEPARATOR.test(c))
}

function foldedWord(word: string): string {
  return letters(word).map(fold).join("")
}

function words(text: string, split: RegExp): string[] {
  return text.split(split).filter((w) => [...w].length >= MIN_CONTEXT_WORD_LENGTH)
}

type ContextKind = "contains-email" | "contains-name" | "contains-site-name"

/** The context words, by kind: the whole of each setting, and its parts long enough to mean something. */
function contextWords(context: PasswordContext): [ContextKind, string[]][] {
  const email = context.email?.trim().toLowerCase() ?? ""
  const [local = "", domain = ""] = email.split("@")
  const labels = domain.split(".")
  const emailWords = email
    ? [email, local, ...words(local, /[._+\-]+/), domain, ...labels.slice(0, -1).filter((l) => l.length >= MIN_CONTEXT_WORD_LENGTH)]
    : []
  const name = context.name?.trim() ?? ""
  const nameWords = name ? [name, ...words(name, /[\s._\-]+/u)] : []
  const site = context.siteName ?? appName()
  const siteWords = [site, ...words(site, /[\s._\-]+/u)]
  const fold = (list: string[]) =>
    [...new Set(list.map(foldedWord))].filter((w) => [...w].length >= MIN_CONTEXT_WORD_LENGTH).sort((a, b) => b.length - a.length)
  return [
    ["contains-email", fold(emailWords)],
    ["contains-name", fold(nameWords)],
    ["contains-site-name", fold(siteWords)],
  ]
}

function isCommon(lower: string): boolean {
  return commonPasswords().has(lower) || /^(.)\1+$/u.test(lower)
}

/**
 * Which context kind the password is built on, if any: with every context
 * word taken out (after folding case, separators and leetspeak), what is
 * left would not pass as a password by itself (too short or too common).
 * So "JaneDoe1990!" and "@uthStarter2025" are refused, while a passphrase
 * that happens to contain a short name among other words is not.
 */
function builtOnContext(lower: string, context: PasswordContext): ContextKind | null {
  const chars = letters(lower)
  const folded = chars.map(fold)
  const coveredBy = new Array<ContextKind | undefined>(chars.length).fill(undefined)
  for (const [kind, list] of contextWords(context)) {
    for (const word of list) {
      const target = [...word]
      for (let start = 0; start + target.length <= folded.length; start++) {
        if (target.every((c, i) => folded[start + i] === c)) {
          for (let i = start; i < start + target.length; i++) coveredBy[i] ??= kind
        }
      }
    }
  }
  if (coveredBy.every((k) => k === undefined)) return null
  const rest = chars.filter((_, i) => coveredBy[i] === undefined).join("")
  if ([...rest].length >= MIN_PASSWORD_LENGTH && !isCommon(rest)) return null
  // The kind that covers most of the password names the reason.
  const counts = new Map<ContextKind, number>()
  for (const kind of coveredBy) if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
}

/**
 * Checks the normalised password; counts characters as a person sees them
 * (code points), not UTF-16 units. Synchronous and free (no network, no
 * hash), so forms can run it before counting an attempt against a limit.
 */
export function checkPassword(input: string, context: PasswordContext = {}): PasswordProblem | null {
  const password = normalizePassword(input)
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return "too-short"
  if (length > MAX_PASSWORD_LENGTH) return "too-long"
  const lower = password.toLowerCase()
  if (isCommon(lower)) return "too-common"
  return builtOnContext(lower, context)
}
