"""The board in plain text, from one seat's view (what the environments' ``ansi`` and
``human`` render modes show)."""

from __future__ import annotations

from typing import Any


def board_text(view: dict[str, Any], labels: list[str] | None = None) -> str:
    """The view of :meth:`epic.Game.view` as lines of text: each player's health, gold
    and cards, their champions, and the viewer's options when it decides."""
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
    if view.get("winners") is not None:
        winners = view["winners"]
        lines.append("Game over: " + ("a draw" if not winners else f"won by seat {winners}"))
    for i, label in enumerate(labels or []):
        lines.append(f"  [{i}] {label}")
    return "\n".join(lines)
