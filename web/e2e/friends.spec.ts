// Two browsers in one game, and a spectator: no one is ever sent a card hidden from them.

import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { isEpic, type EpicState, type GameSummary, type State } from "../src/protocol";
import {
  gameIdOf,
  playAsGuest,
  playByClicking,
  randomPicker,
  recordGameSockets,
  screenshot,
  type Recorder,
} from "./helpers";

/** Enough decisions to see both hands change many times, when a game runs long. */
const DECISIONS = 150;

/**
 * Every card object number a message carries outside `seat`'s hand: the `obj`
 * of every card anywhere in it, and the `card` every option names.
 */
function objsOutsideHand(state: EpicState, seat: number): Set<number> {
  const found = new Set<number>();
  const visit = (value: unknown, skip: unknown) => {
    if (value === skip || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, skip);
      return;
    }
    for (const [key, field] of Object.entries(value)) {
      if ((key === "obj" || key === "card") && typeof field === "number") found.add(field);
      else visit(field, skip);
    }
  };
  const hand = state.board.players.find((p) => p.seat === seat)?.hand;
  visit(state, hand);
  return found;
}

function bySeq(states: EpicState[]): Map<number, EpicState[]> {
  const map = new Map<number, EpicState[]>();
  for (const state of states) map.set(state.seq, [...(map.get(state.seq) ?? []), state]);
  return map;
}

function player(state: EpicState, seat: number) {
  const p = state.board.players.find((candidate) => candidate.seat === seat);
  if (!p) throw new Error(`no seat ${seat} at seq ${state.seq}`);
  return p;
}

/**
 * What `viewer` was sent at each seq hides `owner`'s hand as `owner` was sent it
 * then: none of its cards anywhere but among the revealed cards of that hand,
 * those a subset of it, and the same hand count. Returns how many States were
 * compared, and how many hidden cards in all.
 */
function checkHidden(owner: EpicState[], viewer: EpicState[], label: string) {
  const viewed = bySeq(viewer);
  let compared = 0;
  let cards = 0;
  for (const own of owner) {
    const seat = own.seat;
    if (seat === null) throw new Error("the owner's states have no seat");
    const mine = player(own, seat);
    const hand = new Map(mine.hand.map((card) => [card.obj, card]));
    expect(mine.hand_count, `${label}: hand_count of my own hand at seq ${own.seq}`).toBe(hand.size);
    for (const other of viewed.get(own.seq) ?? []) {
      compared += 1;
      cards += hand.size;
      const where = `${label}, seq ${own.seq}`;
      const outside = objsOutsideHand(other, seat);
      const leaked = [...hand.keys()].filter((obj) => outside.has(obj));
      expect(leaked, `${where}: cards of the hand sent outside it`).toEqual([]);
      const seen = player(other, seat);
      for (const card of seen.hand) {
        expect(hand.get(card.obj), `${where}: revealed card ${card.obj} is in the hand`).toEqual(card);
      }
      expect(seen.hand_count, `${where}: hand_count`).toBe(mine.hand_count);
    }
  }
  return { compared, cards };
}

/** The States of a 2017 game, which these are. */
function epic(states: State[]): EpicState[] {
  return states.map((state) => {
    if (!isEpic(state)) throw new Error(`a ${state.board.ruleset} board at seq ${state.seq}`);
    return state;
  });
}

function seatOf(recorder: Recorder): number {
  const seat = recorder.states().find((s) => s.seat !== null)?.seat;
  if (seat === undefined || seat === null) throw new Error("no seated State received");
  return seat;
}

async function playerPage(page: Page) {
  await expect(page.getByTestId("board")).toBeVisible();
  await expect(page.getByTestId("my-hand")).toBeVisible();
}

test("two guests play a friend game; neither, nor a spectator, sees a hidden card", async ({
  browser,
}, testInfo) => {
  test.setTimeout(8 * 60_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const contextS = await browser.newContext();
  try {
    const a = await contextA.newPage();
    const b = await contextB.newPage();
    const s = await contextS.newPage();
    const socketsA = recordGameSockets(a);
    const socketsB = recordGameSockets(b);
    const socketsS = recordGameSockets(s);

    // A: a guest who creates a game with a friend and reads the invite link.
    await a.goto("/");
    await playAsGuest(a);
    await a.getByTestId("new-friend-game").click();
    const invite = (await a.getByTestId("invite-link").innerText()).trim();
    expect(invite).toMatch(/#\/join\/[^/]+\/[^/]+$/);
    await a.getByRole("button", { name: "Go to the game" }).click();
    await expect(a).toHaveURL(/#\/game\//);
    const id = gameIdOf(a);
    expect(invite).toContain(`/join/${id}/`);

    // B: opens the link in its own browser, signs in as a guest, and joins with a deck
    // of its own choosing.
    await b.goto(invite);
    await playAsGuest(b);
    await expect(b.getByTestId("join-panel")).toBeVisible();
    await b.getByTestId("join-deck").selectOption("sage");
    await screenshot(b, testInfo, "join-with-own-deck");
    await b.getByTestId("join-game").click();
    await expect(b).toHaveURL(new RegExp(`#/game/${id}$`));
    const joined = (await (await b.request.get(`/api/games/${id}`)).json()) as GameSummary;
    expect(joined.seats.find((seat) => seat.seat === joined.your_seat)?.deck).toBe("sage");
    await playerPage(a);
    await playerPage(b);

    // A spectator, not signed in.
    await s.goto(`/#/game/${id}`);
    await expect(s.getByTestId("board")).toBeVisible();
    await expect(s.getByTestId("my-hand")).toHaveCount(0);

    // A friend game has a live move timer unless the form says otherwise.
    const summary = (await (await a.request.get(`/api/games/${id}`)).json()) as GameSummary;
    expect(summary.timer).toBe("live");
    const moveSeconds = summary.move_seconds;
    expect(moveSeconds, "the form's default is the server's live timer").toBe(120);

    const seatA = seatOf(socketsA);
    const seatB = seatOf(socketsB);
    expect(seatA).not.toBe(seatB);

    // A game with a friend has a game clock for each player, shown to everyone.
    expect(summary.clock_seconds, "the server's clock for a live game with a friend").toBe(1200);
    for (const page of [a, b, s]) {
      for (const seat of [seatA, seatB]) {
        await expect(page.getByTestId(`clock-${seat}`)).toContainText(/Clock \d+:\d\d|Out of time/);
      }
    }

    // Both play by clicking, each in its own loop, until the game ends or runs long.
    const enough = () => Math.max(socketsA.latestSeq(), socketsB.latestSeq()) >= DECISIONS;
    const started = Date.now();
    let shot = false;
    let countdownsSeen = 0;
    const [clicksA, clicksB] = await Promise.all([
      playByClicking(a, {
        pick: randomPicker(started),
        stop: enough,
        afterClick: async (n) => {
          if (!shot && n >= 10) {
            shot = true;
            await screenshot(a, testInfo, "friend-game-player-a");
          }
          // The move timer never shows more time than a move has.
          for (const text of await a.locator(".countdown").allInnerTexts()) {
            const [minutes, seconds] = /(\d+):(\d\d)/.exec(text)!.slice(1).map(Number);
            expect(minutes * 60 + seconds, `countdown "${text}"`).toBeLessThanOrEqual(moveSeconds);
            countdownsSeen += 1;
          }
        },
      }),
      playByClicking(b, { pick: randomPicker(started + 1), stop: enough }),
    ]);
    // Let a decision still on its way arrive everywhere.
    await a.waitForTimeout(300);
    await expect
      .poll(() => {
        const seqs = [socketsA, socketsB, socketsS].map((r) => r.latestSeq());
        return seqs.every((x) => x === seqs[0]);
      })
      .toBe(true);
    // The check above looked at a countdown at least once.
    expect(countdownsSeen, "the move timer was shown").toBeGreaterThan(0);
    const seq = socketsA.latestSeq();
    const over = socketsA.last()?.result != null;
    console.log(
      `game ${id}: A ${clicksA} clicks, B ${clicksB} clicks, ${seq} decisions, ` +
        `${over ? "over" : "stopped"} after ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(clicksA).toBeGreaterThan(0);
    expect(clicksB).toBeGreaterThan(0);
    if (over) {
      await expect(a.getByTestId("game-over")).toBeVisible();
      await expect(b.getByTestId("game-over")).toBeVisible();
      await expect(s.getByTestId("game-over")).toBeVisible();
    }
    await screenshot(s, testInfo, "friend-game-spectator");

    const statesA = epic(socketsA.states());
    const statesB = epic(socketsB.states());
    const statesS = epic(socketsS.states());
    try {
      for (const recorder of [socketsA, socketsB, socketsS]) {
        expect(recorder.notJson).toEqual([]);
        expect(recorder.messages.filter((m) => m.message.type === "error")).toEqual([]);
      }
      expect(statesA.every((state) => state.seat === seatA)).toBe(true);
      expect(statesB.every((state) => state.seat === seatB)).toBe(true);

      // A and B, paired by seq: each one's hand stays hidden from the other.
      const least = Math.min(seq, DECISIONS) / 2;
      for (const check of [
        checkHidden(statesB, statesA, "B's hand in A's view"),
        checkHidden(statesA, statesB, "A's hand in B's view"),
      ]) {
        expect(check.compared).toBeGreaterThanOrEqual(least);
        expect(check.cards).toBeGreaterThanOrEqual(check.compared);
      }

      // The spectator: no options, and no card of a hand but those everyone saw
      // (revealed for loyalty, or returned from play, known until they leave the hand),
      // the very ones the opponent is shown at the same seq.
      expect(statesS.length).toBeGreaterThan(10);
      const viewOf = { [seatA]: bySeq(statesB), [seatB]: bySeq(statesA) };
      let comparedHands = 0;
      for (const state of statesS) {
        expect(state.seat).toBeNull();
        expect(state.decision?.options ?? []).toEqual([]);
        for (const p of state.board.players) {
          const shown = p.hand.map((card) => card.obj).sort((x, y) => x - y);
          for (const opponent of viewOf[p.seat].get(state.seq) ?? []) {
            const revealed = player(opponent, p.seat).hand.map((card) => card.obj).sort((x, y) => x - y);
            expect(shown, `seat ${p.seat}'s hand as the spectator sees it at seq ${state.seq}`).toEqual(revealed);
            comparedHands += 1;
          }
        }
      }
      expect(comparedHands, "hands the spectator and the opponent were both shown").toBeGreaterThan(statesS.length);
      for (const check of [
        checkHidden(statesA, statesS, "A's hand in the spectator's view"),
        checkHidden(statesB, statesS, "B's hand in the spectator's view"),
      ]) {
        expect(check.compared).toBeGreaterThan(10);
        expect(check.cards).toBeGreaterThan(check.compared);
      }
    } catch (error) {
      // What each one was sent, to see what went wrong.
      for (const [who, states] of [["a", statesA], ["b", statesB], ["spectator", statesS]] as const) {
        await writeFile(testInfo.outputPath(`states-${who}.json`), JSON.stringify(states, null, 1));
      }
      throw error;
    }
  } finally {
    await contextA.close();
    await contextB.close();
    await contextS.close();
  }
});

test("a guest finds a friend's game in the lobby and joins it with the seat's deck", async ({ browser }) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  try {
    const a = await contextA.newPage();
    const b = await contextB.newPage();
    await a.goto("/");
    await playAsGuest(a);
    await a.getByTestId("new-friend-game").click();
    await a.getByRole("button", { name: "Go to the game" }).click();
    await expect(a).toHaveURL(/#\/game\//);
    const id = gameIdOf(a);
    const before = (await (await a.request.get(`/api/games/${id}`)).json()) as GameSummary;
    const open = before.seats.find((seat) => seat.open);
    expect(open, "the friend's seat is open").toBeDefined();

    // B signs in as a guest on the home page and finds the game in the lobby.
    await b.goto("/");
    await playAsGuest(b);
    const row = b.getByTestId("lobby").locator(".game-row").filter({ has: b.locator(`a[href="#/join/${id}"]`) });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByTestId("lobby-join").click();
    await expect(b).toHaveURL(new RegExp(`#/join/${id}$`));
    await expect(b.getByTestId("join-panel")).toBeVisible();
    await b.getByTestId("join-game").click();
    await expect(b).toHaveURL(new RegExp(`#/game/${id}$`));
    await playerPage(a);
    await playerPage(b);

    const after = (await (await b.request.get(`/api/games/${id}`)).json()) as GameSummary;
    expect(after.status).toBe("playing");
    expect(after.your_seat).toBe(open!.seat);
    expect(after.seats.find((seat) => seat.seat === open!.seat)?.deck).toBe(open!.deck);
    // The game is no longer in the lobby.
    const lobby = (await (await b.request.get("/api/games/open")).json()) as GameSummary[];
    expect(lobby.map((game) => game.id)).not.toContain(id);
  } finally {
    await contextA.close();
    await contextB.close();
  }
});
