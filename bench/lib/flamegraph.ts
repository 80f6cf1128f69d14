/**
 * Turns a V8 .cpuprofile into what docs/perf/ keeps: an SVG flame graph
 * (frames under 0.2% of the busy time left out, so the file stays small and
 * readable; hover a frame for its name and share) and a text summary (busy
 * time by part of the stack, top self time, folded stacks of the heaviest paths).
 * Idle time is left out: shares are of the time the process was working.
 */
import { readFileSync } from "node:fs"

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

interface Frame {
  label: string
  category: Category
  self: number
  total: number
  children: Frame[]
}

type Category = "next" | "react" | "auth library" | "app + auth library (bundled)" | "prisma/sqlite" | "node" | "gc" | "other"

const COLORS: Record<Category, string> = {
  next: "#f0a35e",
  react: "#b48ce0",
  "auth library": "#6fa8dc",
  "app + auth library (bundled)": "#7dc77d",
  "prisma/sqlite": "#e6c64c",
  node: "#bbbbbb",
  gc: "#e06666",
  other: "#d9d9d9",
}

function shortUrl(url: string): string {
  return url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "")
    .replace(/^.*\/\.next(?:-bench)?\/server\//, ".next/server/")
}

function categoryOf(node: ProfileNode): Category {
  const { url, functionName } = node.callFrame
  if (functionName === "(garbage collector)") return "gc"
  if (url.startsWith("node:")) return "node"
  if (/prisma|better-sqlite3/.test(url)) return "prisma/sqlite"
  if (/node_modules\/next\/dist\/compiled\/(?:react|next-server\/app-page)/.test(url) || /react-dom|react-server/.test(url)) return "react"
  if (url.includes("node_modules/next/")) return "next"
  // Bundled code first: the reference app's folder name contains "next-auth" too.
  if (url.includes("/.next")) return "app + auth library (bundled)"
  if (url.includes("/lib/auth/") || url.includes("@auth/core") || url.includes("node_modules/next-auth")) return "auth library"
  return url === "" ? "other" : "other"
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame
  const where = url ? ` ${shortUrl(url)}:${lineNumber + 1}` : ""
  return `${functionName || "(anonymous)"}${where}`
}

export interface FlameGraph {
  svg: string
  summary: string
  busyMs: number
}

/** Only the samples between `fromUs` and `toUs` after the profile started count: the load, not start-up or shutdown. */
export function flameGraph(file: string, title: string, window: { fromUs: number; toUs: number } = { fromUs: 0, toUs: Infinity }): FlameGraph {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const selfUs = new Map<number, number>()
  let at = 0
  profile.samples.forEach((id, i) => {
    const delta = Math.max(0, profile.timeDeltas[i] ?? 0)
    at += delta
    if (at < window.fromUs || at > window.toUs) return
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta)
  })

  const build = (node: ProfileNode): Frame | undefined => {
    if (node.callFrame.functionName === "(idle)") return undefined
    const children = (node.children ?? []).map((id) => build(byId.get(id)!)).filter((f): f is Frame => f !== undefined)
    const self = selfUs.get(node.id) ?? 0
    const total = self + children.reduce((sum, c) => sum + c.total, 0)
    return { label: label(node), category: categoryOf(node), self, total, children: children.sort((a, b) => b.total - a.total) }
  }
  const root = build(profile.nodes[0]!)!
  const busy = root.total

  // Self time by category, and by function.
  const byCategory = new Map<Category, number>()
  const byFunction = new Map<string, number>()
  const walk = (frame: Frame) => {
    byCategory.set(frame.category, (byCategory.get(frame.category) ?? 0) + frame.self)
    byFunction.set(frame.label, (byFunction.get(frame.label) ?? 0) + frame.self)
    frame.children.forEach(walk)
  }
  walk(root)
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`
  const lines = [`${title}`, `busy ${(busy / 1000).toFixed(0)} ms sampled (idle left out)`, "", "self time by part:"]
  for (const [category, us] of [...byCategory].sort((a, b) => b[1] - a[1])) lines.push(`${pct(us)}  ${category}`)
  lines.push("", "top self time:")
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) lines.push(`${pct(us)}  ${name}`)
  lines.push("", "heaviest stacks (folded, busy-time share):")
  const folded: Array<[string, number]> = []
  const fold = (frame: Frame, stack: string[]) => {
    const here = [...stack, frame.label.split(" ")[0]!]
    if (frame.self > 0) folded.push([here.join(";"), frame.self])
    frame.children.forEach((c) => fold(c, here))
  }
  fold(root, [])
  for (const [stack, us] of folded.sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`${pct(us)}  ${stack}`)

  // The SVG: one row per depth, widths by total time; tiny frames are dropped.
  const width = 1200
  const rowHeight = 16
  const minUs = busy * 0.002
  const rects: string[] = []
  let depthMax = 0
  const place = (frame: Frame, x: number, depth: number) => {
    const w = (frame.total / busy) * width
    depthMax = Math.max(depthMax, depth)
    const share = ((100 * frame.total) / busy).toFixed(1)
    const text = frame.label.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
    const y = depth * rowHeight
    const chars = Math.floor((w - 4) / 6.5)
    const shown = chars >= 4 ? (text.length > chars ? `${text.slice(0, chars - 1)}…` : text) : ""
    rects.push(
      `<g><title>${text} (${share}%)</title><rect x="${x.toFixed(1)}" y="${y}" width="${Math.max(w - 0.5, 0.5).toFixed(1)}" height="${rowHeight - 1}" fill="${COLORS[frame.category]}"/>${shown ? `<text x="${(x + 2).toFixed(1)}" y="${y + 11.5}">${shown}</text>` : ""}</g>`,
    )
    let childX = x
    for (const child of frame.children) {
      if (child.total < minUs) continue
      place(child, childX, depth + 1)
      childX += (child.total / busy) * width
    }
  }
  place({ ...root, label: `all busy time: ${title}` }, 0, 0)
  const legendY = (depthMax + 1) * rowHeight + 8
  const legend = Object.entries(COLORS)
    .map(([name, color], i) => `<rect x="${i * 140}" y="${legendY}" width="12" height="12" fill="${color}"/><text x="${i * 140 + 16}" y="${legendY + 10}">${name}</text>`)
    .join("")
  const height = legendY + 20
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="11">\n<!-- ${title}: an icicle graph (callers above callees), widths = share of busy CPU time; hover for names. Frames under 0.2% omitted. -->\n${rects.join("\n")}\n${legend}\n</svg>\n`
  return { svg, summary: `${lines.join("\n")}\n`, busyMs: busy / 1000 }
}
