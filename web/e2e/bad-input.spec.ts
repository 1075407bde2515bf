// Bad messages on a game socket, sent from the browser with its session cookie:
// each is answered with {"type": "error"} and the game does not move.

import { expect, test, type Page } from "@playwright/test";
import type { GameSummary, ServerMessage } from "../src/protocol";
import { gameIdOf, playAsGuest, recordGameSockets } from "./helpers";

type Exchange = { sent: string; replies: ServerMessage[]; closed: boolean };

/**
 * Opens a socket of its own to the game, in the page (so with the page's
 * cookie), waits for the first State, then sends each message in turn and
 * collects what comes back within `wait` ms.
 */
async function sendRaw(page: Page, id: string, messages: string[], wait = 1_500) {
  return page.evaluate(
    async ({ id, messages, wait }) => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const ws = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(id)}/ws`);
      let inbox: unknown[] = [];
      let closed = false;
      let wake: (() => void) | null = null;
      ws.onmessage = (event) => {
        inbox.push(JSON.parse(String(event.data)));
        wake?.();
      };
      ws.onclose = () => {
        closed = true;
        wake?.();
      };
      const until = (ready: () => boolean, ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(done, ms);
          function done() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = () => {
            if (ready()) done();
          };
          if (ready()) done();
        });
      await until(() => inbox.length > 0 || closed, 10_000);
      const first = inbox;
      const exchanges: { sent: string; replies: unknown[]; closed: boolean }[] = [];
      for (const message of messages) {
        inbox = [];
        if (closed) {
          exchanges.push({ sent: message, replies: [], closed });
          continue;
        }
        ws.send(message);
        // Wait for a reply, then a little longer for anything else it brings.
        await until(() => inbox.length > 0 || closed, wait);
        await new Promise((resolve) => setTimeout(resolve, 150));
        exchanges.push({ sent: message, replies: inbox, closed });
      }
      ws.close();
      return { first, exchanges };
    },
    { id, messages, wait },
  ) as Promise<{ first: ServerMessage[]; exchanges: Exchange[] }>;
}

async function decisions(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/games/${encodeURIComponent(id)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as GameSummary).decisions;
}

test("garbage and stale decisions on the socket are refused and change nothing", async ({
  page,
  browser,
}) => {
  const sockets = recordGameSockets(page);
  await page.goto("/");
  await playAsGuest(page);
  await page.getByLabel("AI level").selectOption("random");
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  const id = gameIdOf(page);

  // One real decision first, so that there is an older seq to send again.
  const option = page.locator('[data-testid="option"]:enabled');
  await option.first().click();
  // Then it is my decision again, and the game waits for me.
  await expect(option.first()).toBeEnabled();
  await expect
    .poll(() => {
      const last = sockets.last();
      return last !== undefined && last.seq >= 1 && last.decision?.seat === last.seat;
    })
    .toBe(true);
  const state = sockets.last()!;
  const seq = state.seq;
  const count = state.decision!.options.length;
  expect(await decisions(page, id)).toBe(seq);

  const bad = [
    "this is not JSON",
    "{",
    "[]",
    "42",
    JSON.stringify({ type: "bogus" }),
    JSON.stringify({ type: "decide" }),
    JSON.stringify({ type: "decide", seq: String(seq), option: 0 }),
    JSON.stringify({ type: "decide", seq: seq - 1, option: 0 }), // stale
    JSON.stringify({ type: "decide", seq: seq + 1, option: 0 }), // not yet
    JSON.stringify({ type: "decide", seq, option: count }), // no such option
    JSON.stringify({ type: "decide", seq, option: -1 }),
  ];
  const { first, exchanges } = await sendRaw(page, id, bad);
  expect(first[0]).toMatchObject({ type: "state", seq, seat: state.seat });
  for (const exchange of exchanges) {
    const errors = exchange.replies.filter((reply) => reply.type === "error");
    expect(errors, `reply to ${exchange.sent}`).toHaveLength(1);
    expect(errors[0], `reply to ${exchange.sent}`).toMatchObject({ type: "error", message: expect.any(String) });
    // Nothing else moves: any State sent along is still at the same seq.
    for (const reply of exchange.replies) {
      if (reply.type === "state") expect(reply.seq, `state after ${exchange.sent}`).toBe(seq);
    }
  }
  expect(exchanges.every((exchange) => !exchange.closed), "the socket stays open").toBe(true);

  // Someone who holds no seat cannot decide either.
  const stranger = await browser.newContext();
  try {
    const spectator = await stranger.newPage();
    await spectator.goto("/");
    const { first: seen, exchanges: refused } = await sendRaw(spectator, id, [
      JSON.stringify({ type: "decide", seq, option: 0 }),
    ]);
    expect(seen[0]).toMatchObject({ type: "state", seq, seat: null });
    expect(refused[0].replies.filter((reply) => reply.type === "error")).toHaveLength(1);
  } finally {
    await stranger.close();
  }

  // The game is where it was: the page got no new State, nor does the server count a decision.
  expect(sockets.latestSeq()).toBe(seq);
  expect(await decisions(page, id)).toBe(seq);
  await expect(page.getByTestId("option").first()).toBeEnabled();

  // And it still plays: a click moves it on.
  await option.first().click();
  await expect.poll(() => sockets.latestSeq()).toBeGreaterThan(seq);
  expect(await decisions(page, id)).toBeGreaterThan(seq);
});

test("a deck list the format does not allow is refused in words, and a good one is played", async ({ page }) => {
  await page.goto("/");
  await playAsGuest(page);
  const form = page.locator("form").filter({ has: page.getByTestId("new-ai-game") });
  await form.getByLabel("Format").selectOption("full-constructed");
  await form.getByTestId("my-deck").selectOption({ label: "A deck list…" });
  await form.getByTestId("my-deck-list").fill("3 Not A Card\n2 Thundarus");
  await form.getByTestId("new-ai-game").click();
  await expect(page.locator(".notice-error")).toContainText("Not A Card");
  await expect(page).not.toHaveURL(/#\/game\//);

  // Thirty real cards, no format: the game starts with them.
  await form.getByLabel("Format").selectOption({ label: "None: any deck" });
  await form.getByTestId("my-deck-list").fill("3 Thundarus\n27 Raging T-Rex");
  await form.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  const id = gameIdOf(page);
  const summary = (await (await page.request.get(`/api/games/${id}`)).json()) as GameSummary;
  expect(summary.seats[0].deck).toBe("custom");
});
