// The origin logic is framework-free and lives in the core (lib/auth/http/origin.ts); this
// path is kept for the Next.js layer's existing imports.
export * from "../http/origin"
