// No adapter: the example is built with `vite build` and served by `vite preview`. Add the
// adapter for your host (e.g. @sveltejs/adapter-node) to deploy it.
/** @type {import('@sveltejs/kit').Config} */
const config = {
  kit: {
    alias: {
      // The library lives in this repository's lib/auth; an app that copies it uses its own path.
      $auth: "../../lib/auth",
      // The starter's Prisma client (lib/db) and password hashing (server/accounts), which this example borrows.
      $starter: "../../lib",
      $server: "../../server",
    },
  },
}
export default config
