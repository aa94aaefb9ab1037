/**
 * The rule of the arrows (ARCHITECTURE.md) as dependency-cruiser's configuration: `npm run lint` fails
 * on an import that breaks it. The layers' order is one list, from the ground up; the rules that forbid
 * an import upward are generated from it, so a folder's place is said once.
 *
 * TypeScript 7 has no JavaScript API, so dependency-cruiser reads .ts and .tsx with its own parser
 * (acorn): it is given files (globs), not folders, and resolves `@/…` through tsconfig.json.
 */

/**
 * Bottom to top. A folder imports only from itself and from the layers below its own; the folders of
 * one layer import none of each other. Each domain noun is a layer of its own, so of two nouns one
 * is below the other: a noun imports only the nouns below it, and no two folders import each other.
 */
const LAYERS = [
  ["lib/platform/errors"],
  ["lib/platform/config"],
  ["lib/platform/secrets", "lib/platform/csv"],
  ["lib/platform/runtime"],
  ["lib/platform/validation"],
  ["lib/platform/db"],
  ["lib/platform/auth-secret", "lib/platform/cache"],
  // lib/domain: one noun per step, lowest first.
  ["lib/domain/passwords"],
  ["lib/domain/two-factor"],
  ["lib/domain/tokens"],
  ["lib/domain/rate-limits"],
  ["lib/domain/access"],
  ["lib/domain/signing-keys"],
  ["lib/domain/audit"],
  ["lib/domain/api-clients"],
  ["lib/domain/reference-data"],
  ["emails"],
  ["lib/domain/email"],
  ["lib/domain/webhooks"],
  // Issue 37: whether e-mails and webhooks go out (paused on a restored copy), and whether this
  // AUTH_SECRET opens what a database holds sealed.
  ["lib/domain/dispatch"],
  ["lib/domain/sealed-secrets"],
  ["lib/domain/staff"],
  // A customer, by sub-noun: the account itself, its credentials, its sessions, passkeys, the
  // profile, what compliance sees and does, payment authorisations, screening, the customer's data rights.
  ["lib/domain/customer-accounts"],
  ["lib/domain/customer-credentials"],
  ["lib/domain/customer-sessions"],
  ["lib/domain/passkeys"],
  ["lib/domain/customer-profiles"],
  ["lib/domain/customer-compliance"],
  ["lib/domain/payment-authorisations"],
  ["lib/domain/screening"],
  ["lib/domain/customer-data-rights"],
  ["lib/domain/retention"],
  ["lib/domain/dashboard"],
  // The edge: HTTP, the back office's screens, the route files.
  ["lib/http"],
  ["components"],
  ["app"],
  // lib/entry: the composition roots, which only scripts/ imports.
  ["lib/entry/cli"],
  ["lib/entry/server"],
  // What starts the service, and what measures it: neither imports the other.
  ["scripts", "bench"],
];

/** The path pattern of a folder (everything under it) or of one file. */
const pattern = (place) => `^${place.replace(/[.]/g, "\\.")}${place.endsWith(".ts") ? "$" : "/"}`;

const layerRules = LAYERS.flatMap((layer, index) =>
  layer.flatMap((place) => {
    const forbidden = [...layer.filter((other) => other !== place), ...LAYERS.slice(index + 1).flat()];
    if (forbidden.length === 0) return [];
    return {
      name: `layer:${place}`,
      comment: `${place} imports only from itself and the layers below it (LAYERS in .dependency-cruiser.cjs), none of ${forbidden.join(", ")}`,
      severity: "error",
      from: { path: pattern(place) },
      to: { path: forbidden.map(pattern) },
    };
  }),
);

/** Product code: what runs in the service (scripts/ aside, which starts it). */
const PRODUCT = "^(lib|app|components|emails)/";

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "no-circular",
      comment: "Files that import each other (directly or through others): one of them belongs below the other.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "product-not-test-code",
      comment: "The service never imports tests, the browser tests, the tooling they share with scripts/, or scripts/.",
      severity: "error",
      from: { path: PRODUCT },
      to: { path: "^(test|e2e|tooling|scripts|bench)/" },
    },
    {
      name: "scripts-not-tests",
      comment: "scripts/ and test/ share what both need through tooling/, never through each other.",
      severity: "error",
      from: { path: "^(scripts|bench)/" },
      to: { path: "^(test|e2e)/" },
    },
    {
      name: "tests-not-scripts",
      comment:
        "test/ and scripts/ share what both need through tooling/, never through each other; a test of a script's own arithmetic (the bench's slices) is the one exception.",
      severity: "error",
      from: { path: "^(test|e2e)/" },
      to: { path: "^(scripts|bench)/", pathNot: "^bench/slices\\.ts$" },
    },
    {
      name: "tooling-stands-alone",
      comment: "tooling/ is what scripts/ and the tests share: it imports none of them.",
      severity: "error",
      from: { path: "^tooling/" },
      to: { path: "^(scripts|bench|test|e2e)/" },
    },
    {
      name: "no-unresolvable",
      comment: "An import of the project's own that the cruiser cannot resolve cannot be checked against the layers.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^(@/|[.])" },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules"] },
    // Prisma's generated client, and the typed client's own package.
    exclude: { path: ["node_modules", "^lib/generated/", "^test/typed-client/"] },
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
