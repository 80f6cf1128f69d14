/**
 * bench:http compares the two apps' pages as pages of the same markup: the
 * reference app (bench/next-auth-app with bench/next-auth-mirror laid over it) renders the starter's layouts, header
 * and pages element for element on next-auth's API. A page that renders more
 * elements costs React more per request whatever its auth, so before any
 * measured run the bench checks that the pages it compares still have the
 * same shape, and stops when the starter's markup has changed without the
 * reference app's.
 */
import type { App } from "./http-apps"

/**
 * The elements of a page's <body>, each as tag and class list, in document
 * order: text, ids, URLs and scripts (build hashes, the Flight payload) left out.
 */
export function markupShape(html: string): string[] {
  const start = html.indexOf("<body")
  const end = html.lastIndexOf("</body>")
  if (start < 0 || end < start) return []
  const body = html.slice(start, end).replace(/<script\b[\s\S]*?<\/script>/g, "")
  return [...body.matchAll(/<([a-z][a-z0-9-]*)\b([^>]*)>/g)]
    .filter(([, tag]) => tag !== "input" && tag !== "link")
    .map(([, tag, attributes]) => {
      const classes = /\bclass="([^"]*)"/.exec(attributes ?? "")?.[1]
      return classes ? `${tag}.${classes.trim().split(/\s+/).join(".")}` : tag!
    })
}

/**
 * How many stylesheets the page links, head included: the body's shape leaves links out, yet each
 * stylesheet is a resource React writes into the head and Next.js lists in the Flight data on
 * every request, so two pages compared on their auth must link as many.
 */
export function stylesheetCount(html: string): number {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"/g)].length
}

/** The first place two shapes part, or undefined when they are the same. */
export function shapeDifference(a: readonly string[], b: readonly string[]): string | undefined {
  const length = Math.max(a.length, b.length)
  for (let i = 0; i < length; i++) {
    if (a[i] !== b[i]) return `element ${i + 1}: ${a[i] ?? "(none)"} vs ${b[i] ?? "(none)"}`
  }
  return undefined
}

/** Throws when a page of the two apps, signed in with their warm cookies, differs in shape or in its stylesheets. */
export async function expectSameMarkup(ours: App, theirs: App, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const [mine, reference] = await Promise.all(
      [ours, theirs].map(async (app) => {
        const response = await fetch(`${app.server.origin}${path}`, { headers: { cookie: app.warm } })
        if (response.status !== 200) throw new Error(`${app.id} ${path}: ${response.status}, not a page`)
        const html = await response.text()
        return { shape: markupShape(html), stylesheets: stylesheetCount(html) }
      }),
    )
    const difference =
      mine!.stylesheets !== reference!.stylesheets
        ? `${mine!.stylesheets} stylesheet(s) vs ${reference!.stylesheets}`
        : shapeDifference(mine!.shape, reference!.shape)
    if (difference !== undefined) {
      throw new Error(`${path}: the reference app no longer renders the starter's markup (${difference}); update bench/next-auth-mirror to match`)
    }
  }
}
