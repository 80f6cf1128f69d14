/**
 * Import rules for the library (lib/auth), checked by `npm run lint`.
 *
 * The layers, lowest first, are the ones docs/architecture.md describes. A
 * module may import its own layer and the layers below it, never one above;
 * and no module of lib/auth may sit in an import cycle, type-only imports
 * included (they still tie the files' meaning together).
 */
const layers = [
  {
    name: "foundation",
    // security-log/types.ts is the log's vocabulary (types only), named by the adapter contract.
    path: ["^lib/auth/(types|errors|symbols|constants)\\.ts$", "^lib/auth/security-log/types\\.ts$", "^lib/auth/organizations/(types|team-types)\\.ts$", "^lib/auth/sso/types\\.ts$"],
  },
  {
    name: "toolkit",
    path: [
      "^lib/auth/(jwe|http|rate-limit)/",
      // access/: the access-control definition and a user's roles and ban, plain data and functions.
      "^lib/auth/access/",
      // env.ts reads AUTH_* variables from a record it is given: plain functions, like jwt or cookies.
      "^lib/auth/(jwt|token|cookies|csrf|redirect|hash|logger|profile-text|env|cause-chain|breached-password)\\.ts$",
      // email/templates.ts renders a mail from plain data (escape and styles only), so a provider's
      // default sender (providers/nodemailer.ts) may use it.
      "^lib/auth/email/(normalize|templates|subject-line)\\.ts$",
      // valid-since-cache.ts and standing-cache.ts are self-contained cache classes; the configuration's
      // types name them (session.revocationCache, access.standing), so it sits below them although its folder is a flow.
      "^lib/auth/session/(user-agent|valid-since-cache|standing-cache)\\.ts$",
      // The revocation channel: its interface (named by session.revocationChannel), its two transports and the caches' subscription.
      "^lib/auth/session/(revocation-channel|revocation-listener|revocation-store)\\.ts$",
      "^lib/auth/revocation-transports/",
      "^lib/auth/relying-party/encoding\\.ts$",
      "^lib/auth/pages/(escape|styles|icons|urls)\\.ts$",
      "^lib/auth/two-factor/(totp|secret-box|recovery-codes)\\.ts$",
      // The device key of a sign-in, and the counting and logging of failed log writes: plain functions.
      "^lib/auth/security-log/(device|failures)\\.ts$",
      // The organization roles' definition and the slug rules: plain data and functions.
      "^lib/auth/organizations/(roles|team-roles|slug)\\.ts$",
      // Single sign-on's plain parts: domain rules, the DNS record check, the service URLs, role mapping.
      "^lib/auth/sso/(domain-name|dns-check|urls|role-mapping|secret)\\.ts$",
    ],
  },
  {
    name: "contracts",
    // session-lookup.ts: which of an adapter's session reads the library calls.
    path: ["^lib/auth/providers/", "^lib/auth/adapters/(types|capabilities|session-lookup|foreign-adapter)\\.ts$"],
  },
  { name: "config", path: "^lib/auth/config/(?!resolve\\.ts$)" },
  {
    name: "flows",
    path: [
      "^lib/auth/(context|callbacks|events)\\.ts$",
      "^lib/auth/(session|oauth|relying-party|webauthn|email|pages|actions)/",
      // The rest of two-factor/ (totp, secret-box, recovery-codes are toolkit): its sign-in and enrolment flows.
      "^lib/auth/two-factor/",
      // The rest of security-log/: writing an entry for a request, listing, pruning, the new-device check.
      "^lib/auth/security-log/",
      // The rest of sso/ but its operations: SAML and OpenID Connect sign-in, linking, the SSO requirement.
      "^lib/auth/sso/(?!manage|operations)",
    ],
  },
  // config/resolve.ts assembles the resolved config from every flow's parts, so it sits with the core.
  { name: "core", path: ["^lib/auth/(auth|index|access-tokens|two-factor-settings|revoke-sessions)\\.ts$", "^lib/auth/config/resolve\\.ts$", "^lib/auth/admin/", "^lib/auth/organizations/", "^lib/auth/sso/(manage|operations)\\.ts$"] },
  { name: "frameworks", path: "^lib/auth/(frameworks|next|express|sveltekit)/" },
]

// Side modules: each may import only the layers named here.
const sides = [
  { name: "react", path: "^lib/auth/react/", may: ["foundation"] },
  { name: "prisma-adapter", path: "^lib/auth/adapters/prisma/", may: ["foundation", "toolkit", "contracts"] },
  // Tables an app adds beside a foreign Auth.js adapter's, over the app's own SQL driver.
  { name: "adapter-companion", path: "^lib/auth/adapters/companion/", may: ["foundation", "toolkit", "contracts"] },
]

const asArray = (p) => (Array.isArray(p) ? p : [p])
const upward = layers.flatMap((layer, i) =>
  layers.slice(i + 1).map((higher) => ({
    name: `${layer.name}-not-above`,
    comment: `${layer.name} must not import ${higher.name}: arrows point down the layers (docs/architecture.md)`,
    severity: "error",
    from: { path: asArray(layer.path) },
    // A folder may straddle two layers (pages/escape.ts is toolkit, pages/signin.ts a flow):
    // a module matched by this layer or a lower one is never "above".
    to: {
      path: asArray(higher.path),
      pathNot: layers.slice(0, i + 1).flatMap((l) => asArray(l.path)),
      dependencyTypesNot: ["npm", "core"],
    },
  })),
)
const sideRules = sides.map((side) => {
  const allowed = layers.filter((l) => side.may.includes(l.name)).flatMap((l) => asArray(l.path))
  return {
    name: `${side.name}-imports`,
    comment: `${side.name} may import only ${side.may.join(", ")} and its own folder`,
    severity: "error",
    from: { path: side.path },
    to: { path: "^lib/auth/", pathNot: [...allowed, side.path] },
  }
})

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "no import cycle in the library, type-only imports included",
      severity: "error",
      from: { path: "^lib/auth/" },
      to: { circular: true },
    },
    {
      name: "library-knows-no-app",
      comment: "lib/auth imports only itself, Node.js and packages: never the app",
      severity: "error",
      from: { path: "^lib/auth/" },
      to: { pathNot: ["^lib/auth/", "^node_modules/"], dependencyTypesNot: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "no-unlayered-module",
      comment: "every module of lib/auth belongs to a layer or a side module named in this file",
      severity: "error",
      from: { path: "^lib/auth/" },
      to: {
        path: "^lib/auth/",
        pathNot: [...layers.flatMap((l) => asArray(l.path)), ...sides.map((s) => s.path)],
      },
    },
    ...upward,
    ...sideRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^lib/generated/", "\\.d\\.ts$"] },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
}
