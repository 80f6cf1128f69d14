// No adapter: CI builds the app and serves it with `vite preview`. Add the adapter for your
// host (e.g. @sveltejs/adapter-node) to deploy it.
/** @type {import('@sveltejs/kit').Config} */
const config = {
  kit: {
    // The library lives in this repository's lib/auth; apps that copy it use their own path.
    alias: { $auth: "../../lib/auth" },
  },
}
export default config
