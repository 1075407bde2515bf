"""The board in plain text, from one seat's view (what the environments' ``ansi`` and
``human`` render modes show), for a game of either ruleset."""

from __future__ import annotations

from typing import Any

from epic import Game


def board_text(game: Game, seat: int) -> str:
    """What ``seat`` sees of ``game`` as lines of text: each player's numbers and
    cards, the cards in play (and the classic game's line), and the seat's options
    when it decides."""
    view, labels = game.view(seat), game.labels(seat)
    if game.ruleset == "classic":
        lines = _classic_lines(view)
    else:
        lines = _lines(view)
    if view.get("winners") is not None:
        winners = view["winners"]
        lines.append("Game over: " + ("a draw" if not winners else f"won by seat {winners}"))
    for i, label in enumerate(labels):
        lines.append(f"  [{i}] {label}")
    return "\n".join(lines)


def _lines(view: dict[str, Any]) -> list[str]:
    """A 2017 game's view (:meth:`epic.Game.view`)."""
    lines = [f"Turn {view['turn']}, {view['phase']} phase, seat {view['active']} active"]
    for p in view["players"]:
        seat = p["seat"]
        out = " (out)" if p["eliminated"] else ""
        lines.append(
            f"Seat {seat}{out}: {p['health']} health, {p['gold']} gold, "
            f"{p['hand_count']} in hand, {p['deck_count']} in deck, "
            f"{len(p['discard'])} in discard"
        )
        if p["hand"]:
            lines.append("  hand: " + ", ".join(c["name"] for c in p["hand"]))
        if p.get("deck_known"):
            known = (
                f"{d['card']['name']} ({d['from_top'] + 1} of {p['deck_count']} from the top)"
                for d in p["deck_known"]
            )
            lines.append("  known in deck: " + ", ".join(known))
        for c in view["champions"]:
            if c["controller"] != seat:
                continue
            state = [
                word
                for word, on in (
                    ("expended", c["expended"]),
                    ("attacking", c["attacking"]),
                    ("blocking", c["blocking"]),
                )
                if on
            ]
            damage = f", {c['damage']} damage" if c["damage"] else ""
            extra = f" ({', '.join(state)})" if state else ""
            lines.append(f"  #{c['obj']} {c['name']} {c['offense']}/{c['defense']}{damage}{extra}")
    return lines


def _classic_lines(view: dict[str, Any]) -> list[str]:
    """A classic game's view (:meth:`epic.Game.view`)."""
    if view["step"] == "mulligan":
        moment = "Mulligans before the first turn"
    else:
        step = view["step"].replace("_", "-")
        moment = f"Turn {view['turn']}, {step} step, seat {view['active']} active"
    if view["decision"] is not None:
        decider, kind = view["decision"]
        moment += f", seat {decider} to decide ({kind})"
    lines = [moment]
    for seat, p in enumerate(view["players"]):
        out = " (out)" if p["out"] else ""
        hand = p["hand"]
        held = len(hand) if isinstance(hand, list) else hand
        lines.append(
            f"Seat {seat}{out}: {p['mojo']} Mojo, {p['actions']} actions, {held} in hand, "
            f"{p['deck']} in deck, {len(p['discard']) + len(p['discard_foreign'])} in discard"
        )
        if isinstance(hand, list) and hand:
            lines.append("  hand: " + ", ".join(hand))
        for c in view["in_play"]:
            if c["controller"] != seat:
                continue
            stats = f" {c['stats'][0]}/{c['stats'][1]}" if c["stats"] else ""
            state = [c["pose"]] if c["pose"] != "prepared" else []
            state += ["face down"] if c["veiled"] else []
            state += [f"{c['damage']} damage"] if c["damage"] else []
            extra = f" ({', '.join(state)})" if state else ""
            lines.append(f"  {c['name']}{stats}{extra}")
    for name, ability, controller in reversed(view["line"]):
        what = f"{name}'s ability" if ability else name
        lines.append(f"  on the line: {what} (seat {controller})")
    return lines
