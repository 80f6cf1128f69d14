/**
 * Check: `declare module "next-auth"` blocks that widen next-auth's Session,
 * User or JWT types. The starter's types are its own; the fields go on the
 * session callback's result instead (the guide, "Imports").
 */
import { SyntaxKind } from "ts-morph"
import type { AppProject } from "./app-project"
import { moduleTarget } from "./module-map"
import { guideSection } from "./guide"
import type { Report } from "./report"

export function checkModuleAugmentation(app: AppProject, report: Report): void {
  for (const file of app.files) {
    for (const declaration of file.getDescendantsOfKind(SyntaxKind.ModuleDeclaration)) {
      const nameNode = declaration.getNameNode()
      if (!nameNode.isKind(SyntaxKind.StringLiteral)) continue
      const specifier = nameNode.getLiteralValue()
      if (!moduleTarget(specifier)) continue
      report.findings.push({
        kind: "manual",
        file: app.relative(file),
        line: declaration.getStartLineNumber(),
        message: `declare module "${specifier}" widens next-auth's types; type your session callback's result instead (${guideSection("imports")})`,
      })
    }
  }
}
