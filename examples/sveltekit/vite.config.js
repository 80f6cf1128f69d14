import { sveltekit } from "@sveltejs/kit/vite"
import { defineConfig } from "vite"

export default defineConfig({
  plugins: [sveltekit()],
  // The library is outside this folder.
  server: { fs: { allow: ["../../lib", "../../server"] } },
})
