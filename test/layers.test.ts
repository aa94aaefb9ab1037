/**
 * The layers (ARCHITECTURE.md, "The rule of the arrows") are checked by `npm run lint`, through
 * dependency-cruiser and .dependency-cruiser.cjs: the tree passes, and an import that breaks a rule,
 * planted for the test and removed after it, fails with the rule's name. No database, no server.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { checkoutTurn } from "./support/checkout-turn";

// The planted files are in the checkout's lib/, where the other pass's run of this file would see
// them in its check of the whole tree: one run at a time.
const turn = checkoutTurn("layers-test");
after(() => turn.release());

const CRUISER = path.join("node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

/** dependency-cruiser over `files` with the project's configuration: its exit status and its report. */
function cruise(files: string[]): { status: number | null; report: string } {
  const run = spawnSync(
    process.execPath,
    [CRUISER, "--config", ".dependency-cruiser.cjs", "--output-type", "err", ...files],
    { encoding: "utf8" },
  );
  return { status: run.status, report: `${run.stdout}${run.stderr}` };
}

/** Writes `files` (path → source), runs `check`, and removes them, whatever happens. */
function withPlanted(files: Record<string, string>, check: () => void): void {
  const made = new Set<string>();
  try {
    for (const [file, source] of Object.entries(files)) {
      const folder = path.dirname(file);
      if (!fs.existsSync(folder)) {
        fs.mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      fs.writeFileSync(file, `// Planted by test/layers.test.ts, removed after it.\n${source}`);
    }
    check();
  } finally {
    for (const file of Object.keys(files)) fs.rmSync(file, { force: true });
    for (const folder of made) fs.rmSync(folder, { recursive: true, force: true });
  }
}

const planted = (name: string) => `zz-planted-${process.pid}-${name}`;

test("npm run lint runs Biome and the layers' check, and the tree keeps the layers", () => {
  const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8"));
  assert.match(scripts.lint, /^biome check \. && npm run --silent lint:layers$/);
  const run = spawnSync("npm", ["run", "--silent", "lint:layers"], { encoding: "utf8" });
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /no dependency violations found/);
});

test("a domain file that imports lib/http fails, naming the rule", () => {
  const file = `lib/domain/customer-accounts/${planted("http")}.ts`;
  withPlanted({ [file]: 'export { failure } from "@/lib/http/respond";\n' }, () => {
    const { status, report } = cruise([file]);
    assert.notEqual(status, 0, report);
    assert.match(report, new RegExp(`error layer:lib/domain/customer-accounts: ${file} → lib/http/respond\\.ts`));
  });
});

test("a lower noun that imports a higher one fails; the higher importing the lower passes", () => {
  const lower = `lib/domain/tokens/${planted("up")}.ts`;
  const higher = `lib/domain/customer-compliance/${planted("down")}.ts`;
  withPlanted(
    {
      [lower]: 'export { readCustomer } from "@/lib/domain/customer-compliance/read-customer";\n',
      [higher]: 'export { newToken } from "@/lib/domain/tokens/new-token";\n',
    },
    () => {
      const { status, report } = cruise([lower, higher]);
      assert.notEqual(status, 0, report);
      assert.match(
        report,
        new RegExp(`error layer:lib/domain/tokens: ${lower} → lib/domain/customer-compliance/read-customer\\.ts`),
      );
      assert.doesNotMatch(report, new RegExp(higher));
    },
  );
});

test("the service importing lib/entry/server or test code, and two files importing each other, fail", () => {
  const route = `app/${planted("server")}/route.ts`;
  const domain = `lib/domain/audit/${planted("tooling")}.ts`;
  const [first, second] = [`lib/domain/audit/${planted("a")}.ts`, `lib/domain/audit/${planted("b")}.ts`];
  withPlanted(
    {
      [route]: 'export { setSecurityHeaders } from "@/lib/entry/server/security-headers";\n',
      [domain]: 'export { createTestDatabase } from "@/tooling/throwaway-database";\n',
      [first]: `export { b } from "./${path.basename(second, ".ts")}";\nexport const a = 1;\n`,
      [second]: `export { a } from "./${path.basename(first, ".ts")}";\nexport const b = 2;\n`,
    },
    () => {
      const { status, report } = cruise([route, domain, first, second]);
      assert.notEqual(status, 0, report);
      assert.match(report, new RegExp(`error layer:app: ${route} → lib/entry/server/security-headers\\.ts`));
      assert.match(report, new RegExp(`error product-not-test-code: ${domain} → tooling/throwaway-database\\.ts`));
      assert.match(report, new RegExp(`error no-circular: ${first} →`));
    },
  );
});
