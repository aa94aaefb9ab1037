import net from "node:net";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests of the back office: the production build on a throw-away embedded database
 * (e2e/serve.ts) on a free port, in Debian's Chromium. Workers inherit the port through the
 * environment, so they all talk to the one server the main process started.
 */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A guard against a hang, not a speed target: in CI the tests share two cores with a test pass
  // (a sign-out test took 57 s of the minute it had there, 34 s alone, most of it waiting for a
  // two-factor step the admin had not used yet: e2e/support.ts, nextCode).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: "only-on-failure",
    // A failure keeps its trace (network, console, DOM at each step): `npx playwright show-trace`.
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    command: "node --import tsx e2e/serve.ts",
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}/api/health`,
    // The first run builds the app.
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
  },
});
