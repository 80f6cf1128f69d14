// Where each provider's schema, migrations and Prisma config live in this project.
import path from "node:path"
import { fileURLToPath } from "node:url"
import type { DatabaseProvider } from "./url"

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url))

export interface ProviderLayout {
  readonly schemaPath: string
  readonly migrationsDir: string
  readonly configPath: string
}

const RELATIVE: Record<DatabaseProvider, ProviderLayout> = {
  sqlite: {
    schemaPath: "prisma/schema.prisma",
    migrationsDir: "prisma/migrations",
    configPath: "prisma.config.ts",
  },
  postgresql: {
    schemaPath: "prisma/postgres/schema.prisma",
    migrationsDir: "prisma/postgres/migrations",
    configPath: "prisma/postgres/prisma.config.ts",
  },
}

export function providerLayout(provider: DatabaseProvider, root = PROJECT_ROOT): ProviderLayout {
  const relative = RELATIVE[provider]
  return {
    schemaPath: path.join(root, relative.schemaPath),
    migrationsDir: path.join(root, relative.migrationsDir),
    configPath: path.join(root, relative.configPath),
  }
}
