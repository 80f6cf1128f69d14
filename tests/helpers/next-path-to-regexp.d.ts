// The matcher Next.js compiles `headers()`/`redirects()` sources with (path-to-regexp 6),
// shipped untyped inside next; only the function the header tests use.
declare module "next/dist/compiled/path-to-regexp" {
  export function pathToRegexp(path: string): RegExp
}
