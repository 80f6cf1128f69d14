// Placeholder so the root layout of the template is complete from day one.
// The next issue fills this file with the app's auth configuration
// (providers, adapter, session strategy) built on lib/auth.
export {}
