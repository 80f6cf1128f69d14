/**
 * Prints where a V8 .cpuprofile spends its time: self time per function and
 * inclusive time of selected frames. Usage: tsx bench/lib/cpuprofile-summary.ts FILE [top]
 */
import { readFileSync } from "node:fs"

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const [file, topArg = "30"] = process.argv.slice(2)
if (!file) throw new Error("usage: cpuprofile-summary FILE [top]")
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile
const top = Number(topArg)

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)

const selfUs = new Map<number, number>()
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0)

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame
  const short = url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*\/main\//, "")
  return `${functionName || "(anonymous)"} ${short ? `${short}:${lineNumber + 1}` : ""}`.trim()
}

const self = new Map<string, number>()
const inclusive = new Map<string, number>()
for (const [id, us] of selfUs) {
  const node = byId.get(id)!
  self.set(label(node), (self.get(label(node)) ?? 0) + us)
  const seen = new Set<string>()
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur)!)
    if (seen.has(l)) continue
    seen.add(l)
    inclusive.set(l, (inclusive.get(l) ?? 0) + us)
  }
}

const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`
console.log(`total ${(totalUs / 1000).toFixed(0)} ms sampled\n\nself time:`)
for (const [l, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${l}`)
console.log(`\ninclusive time:`)
for (const [l, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${l}`)
