import { defineConfig, globalIgnores } from "eslint/config"
import nextCoreWebVitals from "eslint-config-next/core-web-vitals"
import nextTypeScript from "eslint-config-next/typescript"

// eslint-config-next 16 ships flat-config arrays; no FlatCompat bridge needed.
export default defineConfig([
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    rules: {
      // A leading underscore marks a binding that exists only to be left out,
      // e.g. `const { exp: _exp, ...claims } = token`.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Server-only code never renders React, but a plain function named `use`
    // (e.g. a pool helper) trips the React 19 `use` hook rules there.
    files: ["lib/db/**", "lib/accounts/**", "scripts/**", "bench/**", "prisma/**"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
    },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "artifacts/**",
    "examples/sveltekit/.svelte-kit/**",
  ]),
])
