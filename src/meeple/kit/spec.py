"""A game's spec from its package, by the one shape every game has (docs/adding-a-game.md)."""

from __future__ import annotations

from typing import Any

from meeple.engine.spec import GameSpec


def game_spec(package: str, players: tuple[int, int], **fields: Any) -> GameSpec:
    """The spec of the game in `package`, played by `players` (the fewest, the most): its id is the package's own
    name and its RL encoder the `make_encoder` of the package's `encoder` module; `fields` are the spec's others.

    >>> spec = game_spec("meeple.games.mygame", (2, 4), title="My Game", version=1, description="Build a city.")
    >>> spec.id, spec.package, spec.encoder, spec.min_players, spec.max_players
    ('mygame', 'meeple.games.mygame', 'meeple.games.mygame.encoder:make_encoder', 2, 4)
    """
    fewest, most = players
    return GameSpec(id=package.rpartition(".")[2], package=package, encoder=f"{package}.encoder:make_encoder",
                    min_players=fewest, max_players=most, **fields)
