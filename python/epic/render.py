"""The board in plain text, from one seat's view (what the environments' ``ansi`` and
``human`` render modes show), for a game of any ruleset: the ruleset's own words for
the board (:meth:`epic.Game.board_text`), the result, and the seat's options when it
decides."""

from __future__ import annotations

from epic import Game


def board_text(game: Game, seat: int) -> str:
    """What ``seat`` sees of ``game`` as lines of text: the board as the terminal game
    shows it, then the result once the game is over, then the seat's options, numbered
    as its actions, when it decides."""
    lines = [game.board_text(seat)]
    winners = game.winners
    if winners is not None:
        lines.append("Game over: " + ("a draw" if not winners else f"won by seat {winners}"))
    lines.extend(f"  [{i}] {label}" for i, label in enumerate(game.labels(seat)))
    return "\n".join(lines)
