// A guest plays a classic (2009) game against the AI to the end by clicking, and replays it.

import { expect, test } from "@playwright/test";
import { isClassic, type ClassicState } from "../src/protocol";
import { gameIdOf, playAsGuest, playByClicking, randomPicker, recordGameSockets, screenshot } from "./helpers";

test("a guest plays a classic game against the AI to the end and replays it", async ({ page }, testInfo) => {
  test.setTimeout(10 * 60_000);
  const sockets = recordGameSockets(page);
  await page.goto("/");
  await playAsGuest(page);

  // The classic game's decks are offered once it is chosen.
  const form = page.locator("form").filter({ has: page.getByTestId("new-ai-game") });
  await form.getByTestId("ruleset").selectOption("classic");
  const deck = form.getByLabel("Your deck");
  await expect(deck.locator("option")).toHaveText(["Server’s choice", "order", "chaos", "A deck list…"]);
  await expect(form.getByLabel("Format").locator("option")).toHaveText(["None: any deck", "designed"]);
  await deck.selectOption("order");
  await form.getByLabel("AI’s deck").selectOption("chaos");
  await form.getByLabel("AI level").selectOption("random");
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  const id = gameIdOf(page);

  // The board: your 30 Mojo and five cards (the AI may have taken its mulligan already,
  // at a cost in Mojo), the AI's hand by its count only.
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("moment")).toBeVisible();
  await expect(page.getByTestId("mojo-0")).toHaveText("30");
  const hand = page.getByTestId("my-hand").getByTestId("hand-card");
  await expect(hand).toHaveCount(5);
  await expect(page.getByTestId("opponent-hand-count")).toHaveText("5");
  // A card of the hand shows its type line and text when clicked.
  const first = sockets.states().find(isClassic) as ClassicState;
  const name = first.board.players[0].hand[0];
  await hand.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText(first.board.cards[name].type_line);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await screenshot(page, testInfo, "classic-game-board-1280x800");

  let sawLine = false;
  const clicks = await playByClicking(page, {
    pick: randomPicker(Date.now() % 1_000_000_007),
    afterClick: async () => {
      if (!sawLine && (await page.getByTestId("line-item").count()) > 0) {
        sawLine = true;
        await screenshot(page, testInfo, "classic-game-line");
      }
    },
  });
  console.log(`classic game ${id}: ${clicks} clicks, ${sockets.latestSeq()} decisions`);
  expect(sockets.notJson).toEqual([]);

  const final = sockets.last();
  expect(final && isClassic(final), "every State of the game has a classic board").toBe(true);
  const result = final!.result!;
  await expect(page.getByTestId("game-over")).toContainText(result.text);
  await expect(page.getByTestId("option")).toHaveCount(0);
  const log = await page.getByTestId("log").locator("li").allInnerTexts();
  expect(log.some((line) => line.startsWith("--- Turn 1: "))).toBe(true);
  expect(log.some((line) => line.startsWith("You: "))).toBe(true);
  expect(log.at(-1)).toBe(result.text);
  await screenshot(page, testInfo, "classic-game-over");

  // The replay steps through it to the same end.
  await page.getByTestId("replay-button").click();
  await expect(page).toHaveURL(new RegExp(`#/replay/${id}$`));
  const frame = page.getByTestId("replay-frame");
  await expect(frame).toHaveText(`0 / ${final!.seq}`);
  await expect(page.getByTestId("mojo-0")).toHaveText("30");
  await expect(page.getByTestId("mojo-1")).toHaveText("30");
  await page.keyboard.press("End");
  await expect(frame).toHaveText(`${final!.seq} / ${final!.seq}`);
  await expect(page.locator(".game-over-replay")).toContainText(result.text);
  expect(await page.getByTestId("log").locator("li").allInnerTexts()).toEqual(log);
});
