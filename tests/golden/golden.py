"""Golden replays: seeded games of every built-in game, recorded as digests, so that a refactor proves it plays alike.

A recorded game is its game id, player count, options, seed and policy. Playing it again must give the same
digests, kept apart by what they cover so that a deliberate change to one of them is re-recorded alone:

* `log`: the full action log (the truth);
* `result`: the final `Result`;
* `events`: every viewer's event lines and log lines (secret choices hidden) over the whole game;
* `views`: every seat's and the spectator's view, every `VIEW_EVERY` actions and at the end;
* `observations`: the game's RL encoder's vector of each seat at the same moments (encoding the view; an encoder's
  `encode_state` must give the same vector there, or the replay fails).

Policies: `random` plays, for a seat drawn among the deciders, a legal action drawn from a stream seeded by the
game's seed (`meeple.engine.rng`); `greedy` gives every seat the greedy bot seeded by the game's seed and the seat.
For a few games per player count the whole log is kept as well, and replaying it must give the same digests.

Record (rewrites the golden files; `--parts` re-records only those digests and reports which others differ):

    PYTHONPATH=src:tests python -m golden.golden record [--game G] [--parts views,observations]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import meeple
from meeple.agents import make_agent
from meeple.engine import Game, GameSpec, InvalidOptions, get_rules
from meeple.engine.rng import Stream

DATA = Path(__file__).parent / "data"
FORMAT = "meeple-golden/1"
PARTS = ("log", "result", "events", "views", "observations")
GAMES = ("bluemooncity", "cityofremnants", "coloma")
# Games recorded per game and player count; every GREEDY_EVERY-th of them is played by greedy bots.
RECORDED = 200
GREEDY_EVERY = 10
VIEW_EVERY = 97  # views and observations are digested every this many actions, and at the end
POLICY_SALT = 0x601D
# Whole logs are kept for the first greedy game of each player count and the first game of the fewest players.
FULL_LOG_GREEDY = GREEDY_EVERY - 1
# Checked by default (the test suite stays fast): per player count, the games at these positions; the whole
# recording with MEEPLE_GOLDEN=all.
DEFAULT_CHECKED = (0, 1, GREEDY_EVERY - 1)


@dataclass(frozen=True)
class Entry:
    """One recorded game: how to play it again and what it gave."""

    players: int
    seed: int
    options: dict[str, Any]
    policy: str
    actions: int
    digests: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "options": self.options, "policy": self.policy,
                "actions": self.actions, **self.digests}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Entry:
        return cls(data["players"], data["seed"], data["options"], data["policy"], data["actions"],
                   {part: data[part] for part in PARTS})

    @property
    def label(self) -> str:
        return f"p{self.players} seed {self.seed} {self.policy} {self.options}"


# ---------------------------------------------------------------- playing
def option_cycle(spec: GameSpec) -> list[dict[str, Any]]:
    """Every combination of option values, in a fixed order (games cycle through them by seed)."""
    combos: list[dict[str, Any]] = [{}]
    for option in spec.options:
        combos = [{**c, option.name: value} for c in combos for value in option.choices]
    return combos


def planned(game_id: str, count: int = RECORDED) -> list[tuple[int, int, dict[str, Any], str]]:
    """(players, seed, options, policy) of every game recorded for a game."""
    spec = get_rules(game_id).spec
    out = []
    for players in range(spec.min_players, spec.max_players + 1):
        combos = [c for c in option_cycle(spec) if _starts(game_id, players, c)]
        for i in range(count):
            seed = 1000 * players + i
            policy = "greedy" if i % GREEDY_EVERY == GREEDY_EVERY - 1 else "random"
            out.append((players, seed, combos[i % len(combos)], policy))
    return out


def _starts(game_id: str, players: int, options: dict[str, Any]) -> bool:
    try:
        meeple.new_game(game_id, players, 0, options)
    except InvalidOptions:
        return False
    return True


def chooser(policy: str, game: Game) -> Callable[[Game], tuple[int, str | int]]:
    """The policy as a function from the game to (seat, action)."""
    pick = Stream(game.seed, POLICY_SALT)
    if policy == "random":
        def random_move(g: Game) -> tuple[int, str | int]:
            deciders = g.deciders()
            seat = deciders[pick.below(len(deciders))]
            legal = g.legal_indices(seat)
            return seat, legal[pick.below(len(legal))]
        return random_move
    if policy == "greedy":
        bots = [make_agent("greedy", seed=game.seed * 8 + seat) for seat in range(game.players)]

        def greedy_move(g: Game) -> tuple[int, str | int]:
            deciders = g.deciders()
            seat = deciders[pick.below(len(deciders))]
            return seat, bots[seat].choose(g.seat_table(seat))
        return greedy_move
    raise ValueError(f"unknown golden policy {policy!r}")


class Digests:
    """Running digests of one game, part by part."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hashes = {part: hashlib.sha256() for part in PARTS}
        self.encoder = _encoder(game)

    def add(self, part: str, value: Any) -> None:
        self.hashes[part].update(_canonical(value))

    def moment(self) -> None:
        """Every viewer's view and every seat's observation now."""
        game = self.game
        viewers: list[int | None] = [None, *range(game.players)]
        for viewer in viewers:
            view = game.view(viewer)
            self.add("views", [viewer, view])
            if viewer is not None and self.encoder is not None:
                observed = _vector_bytes(self.encoder.encode(view))
                self.hashes["observations"].update(observed)
                # The faster path from the state must give the same vector: checked here, not digested, so that a
                # game's observations digest does not change when its encoder gains `encode_state`.
                if hasattr(self.encoder, "encode_state"):
                    vector = self.encoder.encode_state(game.rules, game.state, viewer)
                    if _vector_bytes(vector) != observed:
                        raise AssertionError(f"{game.game_id}: encode_state differs from encoding the view of seat "
                                             f"{viewer} at log position {game.log_length()}")

    def finish(self) -> dict[str, str]:
        game = self.game
        self.moment()
        self.add("log", game.full_log())
        self.add("result", game.result().to_dict())
        for viewer in [None, *range(game.players)]:
            self.add("events", [viewer, game.events(viewer), game.log(viewer=viewer)])
        return {part: h.hexdigest()[:16] for part, h in self.hashes.items()}


def _encoder(game: Game) -> Any:
    from meeple.rl.encoders import make_encoder  # numpy: only where observations are digested

    return make_encoder(game.game_id, game.players, game.options)


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_plain).encode()


def _plain(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=repr)
    raise TypeError(f"not plain data: {type(value).__name__}")


def _vector_bytes(vector: Any) -> bytes:
    import numpy as np

    return np.ascontiguousarray(vector, dtype=np.float32).tobytes()


def position(entry: Entry) -> int:
    """Where a game stands among those of its player count (its seed's last digits)."""
    return entry.seed - 1000 * entry.players


def play(game_id: str, players: int, seed: int, options: dict[str, Any], policy: str) -> Game:
    """Play one golden game to its end with its policy, digesting views on the way."""
    game = meeple.new_game(game_id, players, seed, options)
    return _drive(game, chooser(policy, game), None)


def replayed(game_id: str, players: int, seed: int, options: dict[str, Any],
             log: Sequence[Sequence[Any]]) -> Game:
    """Play a recorded log again, action by action, digesting views on the way."""
    game = meeple.new_game(game_id, players, seed, options)
    moves = iter(log)
    return _drive(game, lambda g: tuple(next(moves)), len(log))  # type: ignore[arg-type,return-value]


def _drive(game: Game, move: Callable[[Game], tuple[int, str | int]], length: int | None) -> Game:
    digests = Digests(game)
    limit = game.spec.max_game_length
    while not game.is_over():
        if game.log_length() >= limit or game.log_length() == length:
            raise AssertionError(f"not over after {game.log_length()} actions")
        if game.log_length() % VIEW_EVERY == 0:
            digests.moment()
        seat, action = move(game)
        game.apply(seat, action)
    game.golden = digests.finish()  # type: ignore[attr-defined]
    return game


def digests_of(game: Game) -> dict[str, str]:
    return game.golden  # type: ignore[attr-defined,no-any-return]


# ---------------------------------------------------------------- files
def path_of(game_id: str) -> Path:
    return DATA / f"{game_id}.json"


def logs_path_of(game_id: str) -> Path:
    return DATA / f"{game_id}.logs.json"


def load(game_id: str) -> list[Entry]:
    data = json.loads(path_of(game_id).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["game"] == game_id, path_of(game_id)
    return [Entry.from_dict(e) for e in data["games"]]


def load_logs(game_id: str) -> list[dict[str, Any]]:
    data = json.loads(logs_path_of(game_id).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["game"] == game_id, logs_path_of(game_id)
    games: list[dict[str, Any]] = data["games"]
    return games


def _write(path: Path, game_id: str, games: Iterable[dict[str, Any]], note: str) -> None:
    lines = ",\n".join(json.dumps(g, sort_keys=True, separators=(",", ":")) for g in games)
    head = json.dumps({"format": FORMAT, "game": game_id, "note": note})[:-1]
    path.write_text(f'{head}, "games": [\n{lines}\n]}}\n', encoding="utf-8")


def record(game_id: str, parts: Sequence[str], count: int) -> list[str]:
    """Play and write the golden files of a game; with some `parts` only, keep the others and list differences."""
    only = set(parts) != set(PARTS)
    old = {(e.players, e.seed): e for e in load(game_id)} if only else {}
    entries, logs, differences = [], [], []
    per_count: dict[int, int] = {}
    for players, seed, options, policy in planned(game_id, count):
        game = play(game_id, players, seed, options, policy)
        digests = digests_of(game)
        before = old.get((players, seed))
        if before is not None:
            differences += [f"{game_id} p{players} seed {seed}: {p}" for p in PARTS
                            if p not in parts and before.digests[p] != digests[p]]
            digests = {p: digests[p] if p in parts else before.digests[p] for p in PARTS}
        entries.append(Entry(players, seed, options, policy, game.log_length(), digests).to_dict())
        position = per_count.get(players, 0)
        per_count[players] = position + 1
        if position == FULL_LOG_GREEDY or (position == 0 and len(per_count) == 1):
            logs.append({"players": players, "seed": seed, "options": options, "policy": policy,
                         "log": [list(a) for a in game.full_log()]})
    note = "digests of seeded games; re-record with: PYTHONPATH=src:tests python -m golden.golden record"
    _write(path_of(game_id), game_id, entries, note)
    if "log" in parts:  # the kept logs go with the log digests: re-recorded only with them
        _write(logs_path_of(game_id), game_id, logs, "whole logs of some of the golden games")
    return differences


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("record",))
    parser.add_argument("--game", action="append", choices=GAMES, help="a game to record (default: all)")
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"the digests to re-record, comma-separated (default: {','.join(PARTS)})")
    parser.add_argument("--count", type=int, default=RECORDED, help="games per game and player count")
    args = parser.parse_args(argv)
    parts = [p for p in args.parts.split(",") if p]
    if unknown := set(parts) - set(PARTS):
        parser.error(f"unknown parts {sorted(unknown)}; the parts are {', '.join(PARTS)}")
    if set(parts) != set(PARTS) and args.count != RECORDED:
        parser.error("--count changes which games are recorded: re-record every part with it, not --parts")
    differences: list[str] = []
    for game_id in args.game or GAMES:
        start = time.perf_counter()
        differences += record(game_id, parts, args.count)
        print(f"{game_id}: recorded in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    for line in differences:
        print(f"differs (kept as recorded): {line}", file=sys.stderr)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
