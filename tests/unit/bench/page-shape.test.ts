import { describe, expect, it } from "vitest"
import { markupShape, shapeDifference, stylesheetCount } from "../../../bench/lib/page-shape"

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title><link rel="stylesheet" href="/a.css"/></head><body class="min-h-screen">${body}</body></html>`

describe("bench:http's like-for-like page check", () => {
  it("keeps elements and classes, not text, ids, URLs or scripts", () => {
    const html = page(
      `<header class="border-b  px-4"><a href="/">Home</a></header><main><h1 id="x">Welcome, Jane</h1>` +
        `<script>self.__next_f.push([1,"<div class=\\"fake\\">"])</script><p class="text-sm">jane@example.com</p></main>`,
    )
    expect(markupShape(html)).toEqual(["body.min-h-screen", "header.border-b.px-4", "a", "main", "h1", "p.text-sm"])
  })

  it("sees the same shape in two pages that differ only in text and URLs", () => {
    const a = page(`<div class="space-y-8"><a href="/settings?x=1">Settings</a><span>Jane</span></div>`)
    const b = page(`<div class="space-y-8"><a href="/settings">Einstellungen</a><span>Bob</span></div>`)
    expect(shapeDifference(markupShape(a), markupShape(b))).toBeUndefined()
  })

  it("names the first element where a page renders more, or other classes", () => {
    const ours = markupShape(page(`<section class="p-6"><h2>Your session</h2><dl class="grid"><dt>Email</dt></dl></section>`))
    const lighter = markupShape(page(`<section class="p-6"><h2>Your session</h2></section>`))
    const restyled = markupShape(page(`<section class="p-4"><h2>Your session</h2><dl class="grid"><dt>Email</dt></dl></section>`))
    expect(shapeDifference(ours, lighter)).toBe("element 4: dl.grid vs (none)")
    expect(shapeDifference(ours, restyled)).toBe("element 2: section.p-6 vs section.p-4")
  })

  it("counts the stylesheets a page links in its head, which the body's shape leaves out", () => {
    const withStyles = page("<main></main>")
    const withoutStyles = withStyles.replace('<link rel="stylesheet" href="/a.css"/>', "")
    expect(markupShape(withStyles)).toEqual(markupShape(withoutStyles))
    expect(stylesheetCount(withStyles)).toBe(1)
    expect(stylesheetCount(withoutStyles)).toBe(0)
    expect(stylesheetCount(withStyles.replace("</head>", '<link rel="stylesheet" href="/b.css" data-precedence="next"/></head>'))).toBe(2)
  })
})
