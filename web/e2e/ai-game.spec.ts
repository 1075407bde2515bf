// Sign up, play a whole game against the AI by clicking, then step through its replay.

import { expect, test } from "@playwright/test";
import type { GameSummary } from "../src/protocol";
import {
  freshName,
  gameIdOf,
  playAsGuest,
  playByClicking,
  randomPicker,
  recordGameSockets,
  screenshot,
} from "./helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

test("a new account plays a game against the AI to the end and replays it", async ({ page }, testInfo) => {
  test.setTimeout(10 * 60_000);
  const sockets = recordGameSockets(page);
  await page.setViewportSize(DESKTOP);

  // Sign up.
  const name = freshName("e2e");
  await page.goto("/");
  await page.getByTestId("signup-name").fill(name);
  await page.getByTestId("signup-password").fill("a long enough password");
  await page.getByTestId("signup").click();
  await expect(page.locator(".greeting")).toContainText(name);

  // A game against the random AI, the quickest to answer.
  const level = page.getByLabel("AI level");
  await level.selectOption("random");
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  const id = gameIdOf(page);
  await expect(page.getByTestId("board")).toBeVisible();

  /** The board on a phone's screen: shown, kept, and as wide as the screen. */
  const onPhone = async () => {
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId("board")).toBeVisible();
    await screenshot(page, testInfo, "ai-game-board-375x740");
    // The page fits the phone's width: nothing to scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "horizontal overflow on a 375 px wide screen").toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);
  };
  let sawHand = false;
  let midGameShot = false;
  let phoneShot = false;
  const started = Date.now();
  const seed = started % 1_000_000_007;
  const clicks = await playByClicking(page, {
    pick: randomPicker(seed),
    afterClick: async (n) => {
      if (!sawHand) {
        const cards = await page.getByTestId("my-hand").getByTestId("hand-card").count();
        sawHand = cards > 0;
      }
      if (!midGameShot && sawHand && n >= 12) {
        midGameShot = true;
        await expect(page.getByTestId("log").locator("li").first()).toBeVisible();
        await screenshot(page, testInfo, "ai-game-board-1280x800");
      }
      if (!phoneShot && n >= 24) {
        phoneShot = true;
        await onPhone();
      }
    },
  });
  console.log(
    `game ${id} (seed ${seed}): ${clicks} clicks, ${sockets.latestSeq()} decisions in ${Math.round((Date.now() - started) / 1000)} s`,
  );

  expect(sawHand, "the board showed cards in my hand").toBe(true);
  expect(sockets.notJson).toEqual([]);
  if (!midGameShot) await screenshot(page, testInfo, "ai-game-board-1280x800");
  // A short game: the board at its end, then.
  if (!phoneShot) await onPhone();

  // Game over: the banner repeats the server's result, which says who won.
  const over = page.getByTestId("game-over");
  await expect(over).toBeVisible();
  const final = sockets.last();
  expect(final?.result, "the last State carries the result").toBeTruthy();
  const result = final!.result!;
  await expect(over).toContainText(result.text);
  const overText = (await over.innerText()).toLowerCase();
  if (result.winners.length === 0) {
    expect(overText).toContain("draw");
  } else {
    const winners = result.winners.map((seat) =>
      seat === final!.seat ? "you win" : `${final!.board.players[seat].name.toLowerCase()} wins`,
    );
    expect(winners.some((winner) => overText.includes(winner)), `"${overText}" says ${winners.join(", ")}`).toBe(
      true,
    );
  }
  expect(await page.getByTestId("log").locator("li").count()).toBeGreaterThan(10);
  // The log followed the game to its last line, through the phone and back.
  await expect
    .poll(() =>
      page.getByTestId("log").evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight),
    )
    .toBeLessThan(24);
  await expect(page.getByTestId("log").locator("li").last()).toBeInViewport();
  await expect(page.getByTestId("option")).toHaveCount(0);
  await screenshot(page, testInfo, "ai-game-over");
  const liveLog = await page.getByTestId("log").locator("li").allInnerTexts();

  // The replay: frame 0 is the start, one frame per decision.
  await page.getByTestId("replay-button").click();
  await expect(page).toHaveURL(new RegExp(`#/replay/${id}$`));
  const frame = page.getByTestId("replay-frame");
  const last = final!.seq;
  await expect(frame).toHaveText(`0 / ${last}`);
  await expect(page.getByTestId("replay-prev")).toBeDisabled();
  await page.getByTestId("replay-next").click();
  await expect(frame).toHaveText(`1 / ${last}`);
  await page.getByTestId("replay-next").click();
  await expect(frame).toHaveText(`2 / ${last}`);
  await page.getByTestId("replay-prev").click();
  await expect(frame).toHaveText(`1 / ${last}`);
  await expect(page.getByTestId("board")).toBeVisible();
  await screenshot(page, testInfo, "ai-game-replay");
  // The last frame is the end of the game.
  await page.keyboard.press("End");
  await expect(frame).toHaveText(`${last} / ${last}`);
  await expect(page.getByTestId("replay-next")).toBeDisabled();
  await expect(page.locator(".game-over-replay")).toContainText(result.text);
  // Its log, at the end, is the one the game showed.
  expect(await page.getByTestId("log").locator("li").allInnerTexts()).toEqual(liveLog);
});

test("a player concedes after thinking twice, and the AI wins", async ({ page }) => {
  await page.goto("/");
  await playAsGuest(page);
  await page.getByTestId("new-ai-game").click();
  await expect(page).toHaveURL(/#\/game\//);
  const id = gameIdOf(page);
  await expect(page.getByTestId("board")).toBeVisible();

  // Asked to confirm; keeping on changes nothing.
  await page.getByTestId("concede-button").click();
  await page.getByRole("button", { name: "Keep playing" }).click();
  await expect(page.getByTestId("game-over")).toHaveCount(0);

  await page.getByTestId("concede-button").click();
  await page.getByTestId("concede-confirm").click();
  await expect(page.getByTestId("game-over")).toContainText("conceded");
  await expect(page.getByTestId("concede-button")).toHaveCount(0);
  const summary = (await (await page.request.get(`/api/games/${id}`)).json()) as GameSummary;
  expect(summary.status).toBe("over");
  expect(summary.winners).toEqual([1]);
});
