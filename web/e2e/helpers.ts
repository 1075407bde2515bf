// Shared by the end-to-end tests: recording the game socket's messages,
// playing a game by clicking, screenshots.

import { expect, type Page, type TestInfo } from "@playwright/test";
import path from "node:path";
import type { ServerMessage, State } from "../src/protocol";

/** Every JSON message the page's game sockets receive, in order, with the socket it came on. */
export type Recorder = {
  messages: { socket: number; message: ServerMessage }[];
  /** Frames that were not JSON (there should be none). */
  notJson: string[];
  states: () => State[];
  /** The highest seq received so far, or -1. */
  latestSeq: () => number;
  /** The last State received, if any. */
  last: () => State | undefined;
};

export function recordGameSockets(page: Page): Recorder {
  const messages: Recorder["messages"] = [];
  const notJson: string[] = [];
  let sockets = 0;
  page.on("websocket", (ws) => {
    if (!/\/api\/games\/[^/]+\/ws$/.test(ws.url())) return;
    const socket = sockets++;
    ws.on("framereceived", ({ payload }) => {
      const text = typeof payload === "string" ? payload : payload.toString("utf8");
      try {
        messages.push({ socket, message: JSON.parse(text) as ServerMessage });
      } catch {
        notJson.push(text);
      }
    });
  });
  const states = () =>
    messages.map((m) => m.message).filter((m): m is State => m.type === "state");
  return {
    messages,
    notJson,
    states,
    latestSeq: () => states().reduce((max, s) => Math.max(max, s.seq), -1),
    last: () => states().at(-1),
  };
}

/** The game id in the page's URL (`#/game/{id}` or `#/replay/{id}`). */
export function gameIdOf(page: Page): string {
  const match = /#\/(?:game|replay)\/([^/?#]+)/.exec(page.url());
  if (!match) throw new Error(`no game in the URL ${page.url()}`);
  return decodeURIComponent(match[1]);
}

export type PlayOptions = {
  /** Which of the enabled options (their labels) to click on the `n`th click (from 0). */
  pick?: (labels: string[], n: number) => number;
  /** Checked before each move: true stops the loop (e.g. enough decisions made). */
  stop?: () => boolean;
  /** Called after each click with the number of clicks so far. */
  afterClick?: (clicks: number) => Promise<void>;
};

/** A small seeded random number generator (mulberry32): numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Any option at random, except taking back the last play: a player who plays
 * a card and undoes it again and again never finishes the game.
 */
export function randomPicker(seed: number): (labels: string[]) => number {
  const random = seededRandom(seed);
  return (labels) => {
    const allowed = labels.map((label, i) => ({ label, i })).filter(({ label }) => !/\bundo\b/i.test(label));
    const from = allowed.length > 0 ? allowed : labels.map((label, i) => ({ label, i }));
    return from[Math.floor(random() * from.length)].i;
  };
}

/**
 * Plays by clicking an enabled option button whenever there is one, until
 * the game-over banner shows (or `stop` says so). Returns the number of clicks.
 */
export async function playByClicking(page: Page, options: PlayOptions = {}): Promise<number> {
  const pick = options.pick ?? randomPicker(Date.now());
  const over = page.getByTestId("game-over");
  const enabled = page.locator('[data-testid="option"]:enabled');
  let clicks = 0;
  for (;;) {
    if (options.stop?.()) break;
    if (await over.isVisible()) break;
    const labels = await enabled.allInnerTexts();
    if (labels.length === 0) {
      await page.waitForTimeout(40);
      continue;
    }
    const index = Math.min(labels.length - 1, Math.max(0, pick(labels, clicks)));
    try {
      await enabled.nth(index).click({ timeout: 2_000 });
    } catch {
      // The options changed between reading and clicking: look again.
      continue;
    }
    clicks += 1;
    await options.afterClick?.(clicks);
  }
  return clicks;
}

/** A screenshot kept with the test results: test-results/screenshots/{name}.png. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const file = path.join(testInfo.project.outputDir, "screenshots", `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Signs in as a new guest by clicking "Play as guest". */
export async function playAsGuest(page: Page): Promise<void> {
  await page.getByTestId("guest").click();
  await expect(page.getByTestId("guest")).toBeHidden();
}

/** A name no other test run has used. */
export function freshName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
