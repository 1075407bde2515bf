// A guest plays a multiverse game (docs/multiverse.md) against the AI to the end by
// clicking, and replays it.

import { expect, test } from "@playwright/test";
import { isMultiverse, type MultiverseState } from "../src/protocol";
import { gameIdOf, playAsGuest, playByClicking, randomPicker, recordGameSockets, screenshot } from "./helpers";

/** Plays to win: a foothold, attacks and recruits first, else any option. */
function eagerPicker(seed: number): (labels: string[]) => number {
  const random = randomPicker(seed);
  const wanted = [/^Establish a foothold/, / attacks .*: C (\d+) against D (\d+)/, /^Recruit /, /^Keep/];
  return (labels) => {
    for (const pattern of wanted) {
      const i = labels.findIndex((label) => {
        const match = pattern.exec(label);
        // An attack only when it wounds (C at least D, ruling M-01).
        return match !== null && (match.length < 3 || Number(match[1]) >= Number(match[2]));
      });
      if (i >= 0) return i;
    }
    const done = labels.findIndex((label) => /^(No more attacks|Declare no attack|Done recruiting|No more blocks)/.test(label));
    return done >= 0 ? done : random(labels);
  };
}

test("a guest plays a multiverse game against the AI to the end and replays it", async ({ page }, testInfo) => {
  test.setTimeout(10 * 60_000);
  const sockets = recordGameSockets(page);
  await page.goto("/");
  await playAsGuest(page);

  const form = page.locator("form").filter({ has: page.getByTestId("new-ai-game") });
  await form.getByTestId("ruleset").selectOption("multiverse");
  const deck = form.getByLabel("Your deck");
  // The ready-made decks: the colour decks first, then the origins', each with items too.
  const options = deck.locator("option");
  await expect(options.first()).toHaveText("Server’s choice");
  await expect(options.nth(1)).toHaveText("blue");
  await expect(options.nth(6)).toHaveText("black-gear");
  await expect(options.last()).toHaveText("A deck list…");
  const format = form.locator("select").filter({ has: form.page().locator("option", { hasText: "None: any deck" }) });
  await expect(format.locator("option")).toHaveText(["None: any deck", "standard", "mixed", "restricted-moral"]);
  await deck.selectOption("black");
  await form.getByLabel("AI’s deck").selectOption("red");
  await form.getByLabel("AI level").selectOption("greedy");
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  const id = gameIdOf(page);

  // The board: no points yet, the game value, your hand by name, the AI's by its count.
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("goal")).toContainText("30 points");
  await expect(page.getByTestId("points-0")).toHaveText("0");
  const first = sockets.states().find(isMultiverse) as MultiverseState;
  const mine = first.board.players.find((p) => p.seat === first.seat)!;
  const hand = page.getByTestId("my-hand").getByTestId("hand-card");
  await expect(hand).toHaveCount(mine.hand.length);
  // A card of the hand shows its type line and text when clicked.
  await hand.first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(mine.hand[0]);
  await expect(dialog).toContainText(first.board.cards[mine.hand[0]].type_line);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await screenshot(page, testInfo, "multiverse-game-board-1280x800");

  let sawCharacters = false;
  const clicks = await playByClicking(page, {
    pick: eagerPicker(Date.now() % 1_000_000_007),
    afterClick: async () => {
      if (!sawCharacters && (await page.getByTestId("character").count()) >= 3) {
        sawCharacters = true;
        await screenshot(page, testInfo, "multiverse-game-characters");
      }
    },
  });
  console.log(`multiverse game ${id}: ${clicks} clicks, ${sockets.latestSeq()} decisions`);
  expect(sockets.notJson).toEqual([]);

  const final = sockets.last();
  expect(final && isMultiverse(final), "every State of the game has a multiverse board").toBe(true);
  const result = final!.result!;
  await expect(page.getByTestId("game-over")).toContainText(result.text);
  expect(result.text).toMatch(/Points: /);
  await expect(page.getByTestId("option")).toHaveCount(0);
  const log = await page.getByTestId("log").locator("li").allInnerTexts();
  expect(log.some((line) => line.startsWith("--- Turn 1: "))).toBe(true);
  expect(log.at(-1)).toBe(result.text);
  await screenshot(page, testInfo, "multiverse-game-over");

  // The replay steps through it to the same end.
  await page.getByTestId("replay-button").click();
  await expect(page).toHaveURL(new RegExp(`#/replay/${id}$`));
  const frame = page.getByTestId("replay-frame");
  await expect(frame).toHaveText(`0 / ${final!.seq}`);
  await expect(page.getByTestId("points-0")).toHaveText("0");
  await page.keyboard.press("End");
  await expect(frame).toHaveText(`${final!.seq} / ${final!.seq}`);
  await expect(page.locator(".game-over-replay")).toContainText(result.text);
  expect(await page.getByTestId("log").locator("li").allInnerTexts()).toEqual(log);
});

test("a countdown game asks for its rounds and shows the round under way", async ({ page }) => {
  await page.goto("/");
  await playAsGuest(page);
  const form = page.locator("form").filter({ has: page.getByTestId("new-ai-game") });
  await form.getByTestId("ruleset").selectOption("multiverse");
  await expect(form.getByTestId("variant-number")).toHaveCount(0);
  await form.getByLabel("Variant").selectOption("countdown-N");
  const rounds = form.getByTestId("variant-number");
  await expect(rounds).toHaveValue("1");
  await rounds.fill("4");
  await form.getByLabel("AI level").selectOption("greedy");
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  await expect(page.getByTestId("countdown")).toHaveText(/Round [01] of 4/);
  await expect(page.getByTestId("log")).toContainText("or the most points after 4 rounds");
});
