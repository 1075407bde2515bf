// End-to-end tests: the built client (`npm run build` -> dist) served by the
// `epic` server binary, driven in Chromium. Run with `npm run e2e`.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.EPIC_E2E_PORT ?? 18473);
const baseURL = `http://127.0.0.1:${port}`;
// The server binary, relative to web/ unless absolute.
const server = process.env.EPIC_BIN ?? "../target/release/epic";

// A fresh database folder for each run. The runner loads this file again in
// its worker processes, which inherit the environment: only the first load
// makes the folder, and removes it when the run ends.
let data = process.env.EPIC_E2E_DATA;
if (data === undefined) {
  const made = mkdtempSync(path.join(tmpdir(), "epic-e2e-"));
  data = made;
  process.env.EPIC_E2E_DATA = made;
  process.on("exit", () => rmSync(made, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: "list",
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: `${JSON.stringify(server)} serve --port ${port} --data ${JSON.stringify(data)} --client dist`,
    url: `${baseURL}/api/options`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
