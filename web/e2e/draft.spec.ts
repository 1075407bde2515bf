// Drafting in the browser: a Sealed pool built into a deck by clicking, a Pack Draft
// picked by clicking against AI drafters; then the game of the decks built.

import { expect, test, type Page } from "@playwright/test";
import { isDraft, type DraftState, type EpicState } from "../src/protocol";
import { gameIdOf, playAsGuest, recordGameSockets, screenshot, type Recorder } from "./helpers";

/** Starts a game against the random AI from the home page's form, with these table choices. */
async function newDraftedGame(page: Page, format: string, players: string, pool?: string): Promise<void> {
  const form = page.locator("form").filter({ has: page.getByTestId("new-ai-game") });
  await form.getByLabel("Format").selectOption(format);
  if (pool !== undefined) await form.getByTestId("sealed-pool").fill(pool);
  await form.getByLabel("Players").selectOption(players);
  // Drafted decks are no one's choice: the deck selects go.
  await expect(form.getByLabel("Your deck")).toHaveCount(0);
  await form.getByLabel("AI level").selectOption("random");
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  await expect(page.getByTestId("draft-board")).toBeVisible();
}

/** The last draft State the page received. */
function lastDraft(sockets: Recorder): DraftState {
  const state = sockets.states().filter(isDraft).at(-1);
  if (!state) throw new Error("no draft State yet");
  return state;
}

/** Waits until a State with a higher seq than `seq` has arrived. */
async function after(sockets: Recorder, seq: number): Promise<void> {
  await expect.poll(() => sockets.latestSeq(), { timeout: 20_000 }).toBeGreaterThan(seq);
}

/** Once the game begins: my seat's cards (hand and deck) are the deck I built. */
async function gameOfMyDeck(page: Page, sockets: Recorder, cards: number): Promise<EpicState> {
  await expect(page.getByTestId("board")).toBeVisible({ timeout: 30_000 });
  const game = sockets.states().at(-1) as EpicState;
  expect(isDraft(game)).toBe(false);
  const me = game.board.players.find((p) => p.seat === game.seat)!;
  expect(me.hand_count + me.deck_count).toBe(cards);
  return game;
}

test("a guest builds a Sealed deck from a pool of 33 by clicking, then plays it", async ({ page }, testInfo) => {
  test.setTimeout(5 * 60_000);
  const sockets = recordGameSockets(page);
  await page.goto("/");
  await playAsGuest(page);
  await newDraftedGame(page, "sealed", "2", "33");
  const id = gameIdOf(page);

  // Building: the whole pool is the deck at first, and Done waits for exactly 30.
  const deck = page.getByTestId("draft-deck").getByTestId("draft-deck-card");
  await expect(deck).toHaveCount(33);
  await expect(page.getByTestId("deck-summary")).toContainText("cut 3 more to make exactly 30");
  await expect(page.locator('[data-testid="option"]:enabled')).toHaveCount(0);
  const pool = lastDraft(sockets).board.deck.map((card) => card.name).sort();
  await screenshot(page, testInfo, "draft-sealed-building");
  for (let cut = 1; cut <= 3; cut++) {
    const seq = sockets.latestSeq();
    await deck.first().click();
    await after(sockets, seq);
    await expect(page.getByTestId("draft-left-out").getByTestId("draft-left-out-card")).toHaveCount(cut);
  }
  // A card cut can be put back, and cut again.
  let seq = sockets.latestSeq();
  await page.getByTestId("draft-left-out").getByTestId("draft-left-out-card").first().click();
  await after(sockets, seq);
  await expect(deck).toHaveCount(31);
  seq = sockets.latestSeq();
  await deck.last().click();
  await after(sockets, seq);
  await expect(page.getByTestId("deck-summary")).toContainText("exactly 30: ready");
  const built = lastDraft(sockets).board;
  expect([...built.deck, ...built.left_out].map((card) => card.name).sort()).toEqual(pool);

  // Done: the AI builds its own, and the game of the two decks begins.
  const done = page.locator('[data-testid="option"]:enabled');
  await expect(done).toHaveCount(1);
  await expect(done).toHaveText("Done: play these 30 cards");
  await done.click();
  const game = await gameOfMyDeck(page, sockets, 30);
  const mine = built.deck.map((card) => card.name);
  const me = game.board.players.find((p) => p.seat === game.seat)!;
  for (const card of me.hand) expect(mine).toContain(card.name);
  await expect(page.getByTestId("log")).toContainText("Every deck is built: the game begins.");
  await screenshot(page, testInfo, "draft-sealed-game");
  console.log(`sealed game ${id}: built 30 of 33, ${sockets.latestSeq()} decisions`);
});

test("a guest drafts three packs against two AI drafters by clicking, then plays", async ({ page }, testInfo) => {
  test.setTimeout(5 * 60_000);
  const sockets = recordGameSockets(page);
  await page.goto("/");
  await playAsGuest(page);
  await newDraftedGame(page, "pack-draft", "3");

  const pack = page.getByTestId("draft-pack").getByTestId("draft-pack-card");
  let picks = 0;
  while (!(await page.getByTestId("board").isVisible())) {
    const state = sockets.states().at(-1);
    const mine = state !== undefined && isDraft(state) && state.decision?.seat === state.seat;
    if (!mine || (await pack.count()) === 0) {
      await page.waitForTimeout(40);
      continue;
    }
    const draft = state as DraftState;
    // Only my own pack is ever shown, and the others' picks are counts.
    expect(draft.board.pack.length).toBeGreaterThan(0);
    expect(draft.board.picks).toHaveLength(picks);
    if (picks === 4) await screenshot(page, testInfo, "draft-pack-picking");
    const seq = sockets.latestSeq();
    await pack.first().click();
    await after(sockets, seq);
    picks += 1;
  }
  expect(picks).toBe(30);
  await gameOfMyDeck(page, sockets, 30);
  const log = page.getByTestId("log");
  await expect(log).toContainText("picked a card.");
  await expect(log).not.toContainText(/AI \(random\) picked (?!a card)/);
});
