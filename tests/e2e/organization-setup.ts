/**
 * What the organization specs set up straight in the server's SQLite file
 * (the pages that do it are proved elsewhere), and how they read a toast.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import Database from "better-sqlite3"
import type { Page } from "@playwright/test"

function openDatabase(databaseFile: string): Database.Database {
  const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
  db.pragma("busy_timeout = 5000")
  return db
}

/** An organization owned by `ownerEmail`. */
export function createOrganization(databaseFile: string, ownerEmail: string): { slug: string; name: string } {
  const id = randomUUID().slice(0, 8)
  const org = { id: `e2e-org-${id}`, slug: `team-${id}`, name: `Team ${id}` }
  const db = openDatabase(databaseFile)
  try {
    const owner = db.prepare('SELECT id FROM "User" WHERE email = ?').get(ownerEmail.toLowerCase()) as { id: string }
    db.prepare('INSERT INTO "Organization" (id, name, slug) VALUES (?, ?, ?)').run(org.id, org.name, org.slug)
    db.prepare('INSERT INTO "Member" (id, "organizationId", "userId", roles) VALUES (?, ?, ?, ?)').run(`e2e-member-${id}`, org.id, owner.id, "owner")
  } finally {
    db.close()
  }
  return { slug: org.slug, name: org.name }
}

/** Adds `email`'s account to the organization as a plain member. */
export function addMember(databaseFile: string, slug: string, email: string): void {
  const db = openDatabase(databaseFile)
  try {
    const user = db.prepare('SELECT id FROM "User" WHERE email = ?').get(email.toLowerCase()) as { id: string }
    const org = db.prepare('SELECT id FROM "Organization" WHERE slug = ?').get(slug) as { id: string }
    db.prepare('INSERT INTO "Member" (id, "organizationId", "userId", roles) VALUES (?, ?, ?, ?)').run(`e2e-member-${randomUUID().slice(0, 8)}`, org.id, user.id, "member")
  } finally {
    db.close()
  }
}

/** A toast (sonner) that says `text`. */
export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text })
