"""Non-interference through Python: two games whose deck lists differ only in where
two of seat 1's cards lie give seat 0 exactly the same numbers, views, labels and events
until one of those cards comes into seat 0's sight (rule 1.10); the same for the
classic game."""

import json

import numpy as np

from epic import CLASSIC_FACE_DOWN, Game, card_names


def in_sight(view, names, owner):
    """Whether a card of `owner` with one of `names` is anywhere the viewer sees."""
    seen = [c for p in view["players"] if p["seat"] == owner for c in p["discard"] + p["hand"]]
    seen += [c for c in view["champions"] if c["owner"] == owner]
    seen += view["resolving"]
    return any(c["name"] in names for c in seen)


def swapped_decks(seed, decks):
    cards = [s["cards"] for s in json.loads(Game(decks, seed=seed).save())["setup"]["seats"]]
    theirs = cards[1]
    i = 0
    j = next(k for k in range(len(theirs)) if theirs[k] != theirs[i])
    other = list(theirs)
    other[i], other[j] = other[j], other[i]
    return cards, [cards[0], other] + cards[2:], {theirs[i], theirs[j]}


def comes_into_sight(game, action, cards):
    """Whether taking `action` shows one of `cards` (pool indexes) to everyone, judged
    from what happens as seat 1, their owner, knows it: never from what seat 0 is told,
    so a leak cannot pass for a card coming into sight."""
    public = {"InPlay", "Discard", "Supplemental", "TokenPile"}
    for e in game.clone().apply_events(action, 1):
        if e["event"] in ("revealed", "played") and mentions(e, cards):
            return True
        if e["event"] == "moved" and e["card"] in cards:
            if e["to"] in public or e.get("revealed"):
                return True
    return False


def mentions(value, cards):
    """Whether an event names one of `cards` anywhere inside it."""
    if isinstance(value, dict):
        return value.get("card") in cards or any(mentions(v, cards) for v in value.values())
    if isinstance(value, list):
        return any(mentions(v, cards) for v in value)
    return False


def seat_output(game, seat):
    return (
        game.observation(seat).tobytes(),
        game.action_mask(seat).tobytes(),
        game.action_features(seat).tobytes(),
        json.dumps(game.view(seat), sort_keys=True),
        game.labels(seat),
        game.prompt(seat),
        game.decider,
    )


class Plain:
    """A game as the comparison drives it: what a seat is told, and a way to act."""

    def __init__(self, game):
        self.epic = game

    def told(self, seat):
        return seat_output(self.epic, seat)

    def apply_action(self, action):
        self.epic.apply(action)


def compare_until_seen(seed, wrap=Plain):
    """Plays both games with the same decisions for as long as seat 0 cannot have seen
    a swapped card, checking that seat 0 is told the same (by `wrap(game).told(0)`, and
    in the events of each decision); returns how many decisions were compared."""
    decks = ["good", "evil", "sage"][: 2 + seed % 2] if seed % 5 else ["random", "random"]
    a_decks, b_decks, names = swapped_decks(seed, decks)
    cards = {i for i, name in enumerate(card_names()) if name in names}
    a, b = wrap(Game(a_decks, seed=seed)), wrap(Game(b_decks, seed=seed))
    rng = np.random.default_rng(seed)
    compared = 0
    while not a.epic.is_over:
        if in_sight(a.epic.view(0), names, 1) or in_sight(b.epic.view(0), names, 1):
            break
        assert a.told(0) == b.told(0), f"seed {seed}, decision {compared}"
        compared += 1
        # The same decision in both games: one whose words are the same in both (the
        # decider may hold a swapped card, and then its options name it).
        decider = a.epic.decider
        labels_a, labels_b = a.epic.labels(decider), b.epic.labels(decider)
        common = [label for label in labels_a if label in labels_b]
        if not common:
            break
        label = common[int(rng.integers(len(common)))]
        action_a, action_b = labels_a.index(label), labels_b.index(label)
        if comes_into_sight(a.epic, action_a, cards) or comes_into_sight(b.epic, action_b, cards):
            break
        seen_a = a.epic.clone().apply_events(action_a, 0)
        seen_b = b.epic.clone().apply_events(action_b, 0)
        assert seen_a == seen_b, f"seed {seed}, decision {compared}: {label}"
        a.apply_action(action_a)
        b.apply_action(action_b)
    return compared


def test_seat_zero_cannot_tell_where_seat_ones_cards_lie():
    compared = [compare_until_seen(seed) for seed in range(60)]
    # The property was checked at many decisions of many games, not vacuously.
    assert sum(compared) > 3000
    assert sum(n >= 20 for n in compared) >= 30


def classic_swapped_decks(seed, players):
    """Two deck lists for each seat, the same but for two cards of different names
    traded in seat 1's list, and those names."""
    game = Game(format="pack-war", players=players, seed=seed, ruleset="classic")
    cards = [s["cards"] for s in json.loads(game.save())["setup"]["seats"]]
    theirs = cards[1]
    j = next(k for k in range(len(theirs)) if theirs[k] != theirs[0])
    other = list(theirs)
    other[0], other[j] = other[j], other[0]
    return cards, [cards[0], other] + cards[2:], {theirs[0], theirs[j]}


def classic_in_public(game, names):
    """Whether a card with one of `names` lies face up where every seat sees it, judged
    from its owner's (seat 1's) view, never from seat 0's."""
    view = game.view(1)
    public = [c["name"] for c in view["in_play"] if not c["veiled"]]
    items = view["line"] + ([view["pending"]] if view["pending"] else [])
    public += [name for name, _, _ in items if not name.endswith(CLASSIC_FACE_DOWN)]
    for p in view["players"]:
        public += p["discard"] + p["discard_foreign"] + p["removed"] + p["shown"]
    return any(name in names for name in public)


def test_classic_seat_zero_cannot_tell_where_seat_ones_cards_lie():
    compared = []
    for seed in range(40):
        a_decks, b_decks, names = classic_swapped_decks(seed, 2 + seed % 3)
        a = Game(a_decks, seed=seed, ruleset="classic")
        b = Game(b_decks, seed=seed, ruleset="classic")
        rng = np.random.default_rng(seed)
        n = 0
        while not a.is_over and not (classic_in_public(a, names) or classic_in_public(b, names)):
            assert seat_output(a, 0) == seat_output(b, 0), f"seed {seed}, decision {n}"
            n += 1
            labels_a, labels_b = a.labels(a.decider), b.labels(a.decider)
            common = [label for label in labels_a if label in labels_b]
            if not common:
                break
            label = common[int(rng.integers(len(common)))]
            a.apply(labels_a.index(label))
            b.apply(labels_b.index(label))
        compared.append(n)
    assert sum(compared) > 2000
    assert sum(n >= 20 for n in compared) >= 20
