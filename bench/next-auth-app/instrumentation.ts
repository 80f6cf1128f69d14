// Nothing to do at start-up. The file exists so that Next.js does not pick up the starter's
// instrumentation.ts from the folder above (Turbopack's root).
export function register(): void {}
