"""Game metadata declared as records: the spec of a game and of its options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOptions

JSONScalar = str | int | float | bool | None


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, default, the values it accepts and a help line."""

    name: str
    default: JSONScalar
    choices: tuple[JSONScalar, ...]
    help: str = ""

    def parse(self, text: str) -> JSONScalar:
        """The value a text stands for (`true`, `5`, `open`), as given on a command line; refuses other texts."""
        word = text.strip()
        for choice in self.choices:
            if word == _plain(choice) or (isinstance(choice, bool) and word.lower() in _BOOL_WORDS[choice]):
                return choice
        valid = ", ".join(_plain(c) for c in self.choices)
        raise InvalidOptions(f"option {self.name!r} cannot be {text!r}; valid values: {valid}")


_BOOL_WORDS = {True: ("true", "yes", "on", "1"), False: ("false", "no", "off", "0")}


def _plain(value: JSONScalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


# How a game hides each kind of value its `Rules.hidden_values` lists (the kind is the value's first item), which
# tells the conformance suite how to look for a leak of it:
HIDING: Mapping[str, str] = {
    "cards": "a list whose contents and order the viewer does not know (another seat's hand, a face-down pile)",
    "order": "a list whose contents are public but not their order (a shuffled deck whose cards are listed)",
    "choice": "a pending secret choice, a number (a dial, a bid), hidden until the game reveals it",
    "number": "a hidden number (a total kept face down)",
    "stream": "the game's random stream: the dice and draws to come",
}


@dataclass(frozen=True)
class GameSpec:
    """What every face needs to know about a game before playing it."""

    id: str
    title: str
    version: int
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    information: str = "imperfect"  # "perfect" or "imperfect"
    chance: str = "seeded"  # "none" or "seeded": every draw comes from the state's own stream
    simultaneous: bool = False  # several seats may have to decide at once
    max_game_length: int = 10_000  # upper bound on the number of actions in one game
    num_distinct_actions: int = 0  # size of the fixed action index
    description: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    # What the faces load from the game, each only by the face that uses it (the engine imports none of them):
    package: str = ""  # the game's package: its HOWTO.md, and its browser renderer in `web/` (renderer.js)
    encoder: str = ""  # "module:factory" of its RL observation encoder, factory(players, options) (rl face)
    metrics: tuple[str, ...] = ()  # names of `Rules.statistics` the arena shows in its summary
    # A game whose seats are not alike (asymmetric roles: City of Remnants' gangs) names the `Rules.statistics` entry
    # that gives each seat's role, one name per seat; the arena then reports win rates by role. "": no roles.
    roles: str = ""
    # Older rules versions whose saves can still be loaded: each is replayed under the current rules and checked
    # position by position with `Rules.replay_difference`. Saves of other older versions are refused.
    replays: tuple[int, ...] = ()
    # Iterations per decision of the search bot at its default budget (`ismcts`) in this game; 0: the bot's own
    # default. A game whose positions are slow to play out sets it so that a decision stays quick.
    search_iterations: int = 0
    # Whether the search bot may stop a decision early once it is settled (`meeple.agents.ismcts._settled`). A game
    # whose plan values crowd at 0 and 1 (a logistic of a score lead) may turn it off: there, actions within the
    # indifference can still differ by whole points.
    search_settles: bool = True
    # Player counts at which the search bot values the positions where its iterations stop with the value network
    # the game ships for that count (`learned-<N>p.npz` in its package, trained by `meeple train --players N`)
    # instead of `Rules.plan_value`: where a value learnt from whole games judges the others' coming turns better
    # than the game's heuristics (Blue Moon City at 4 players). (): `plan_value` at every count.
    search_networks: tuple[int, ...] = ()
    # The setting each named bot level plays in this game where the default one would not step about 70 % above
    # the level below ({"hard": "ismcts:60"}; see `meeple.agents.levels.NAMED_LEVELS`); a level not named keeps
    # the default setting. Iteration budgets only, so that games between levels are reproducible.
    bot_levels: Mapping[str, str] = field(default_factory=dict)
    # What `meeple bench bots` holds this game's bots to: win rates by matchup ("greedy_vs_random",
    # "ismcts_vs_greedy"; a matchup not named keeps the bench's default) and the search bot's speed
    # ("ismcts_iterations_per_s") or median decision time ("median_decision_seconds", at most).
    bot_targets: Mapping[str, float] = field(default_factory=dict)
    # What the game hides: each kind of `Rules.hidden_values` -> how it is hidden, one of HIDING. A game that hides
    # nothing (perfect information, no chance) declares nothing; a public game with seeded dice hides its stream.
    hides: Mapping[str, str] = field(default_factory=dict)
    # Whether the seats act in an order (someone moves first). False for a game where everybody decides at once
    # every time: the arena then shows no figures by turn position.
    turn_order: bool = True

    def __post_init__(self) -> None:
        wrong = {kind: how for kind, how in self.hides.items() if how not in HIDING}
        if wrong:
            raise ValueError(f"{self.id}: hides {wrong}; a kind is hidden as one of {', '.join(HIDING)}")
        counts = self.search_networks
        if not isinstance(counts, tuple) or not all(type(n) is int for n in counts):
            raise ValueError(f"{self.id}: search_networks is a tuple of player counts, such as (4,), not {counts!r}")
        outside = [n for n in counts if not self.min_players <= n <= self.max_players]
        if outside:
            raise ValueError(f"{self.id}: search_networks names player counts the game is not played with: {outside}; "
                             f"it is played by {self.min_players} to {self.max_players} players")
        if counts and not self.encoder:
            raise ValueError(f"{self.id}: search_networks needs the game's observation encoder (encoder), which "
                             f"its networks read")

    def option_names(self) -> list[str]:
        return [o.name for o in self.options]

    def defaults(self) -> dict[str, JSONScalar]:
        return {o.name: o.default for o in self.options}

    def normalise_options(self, options: Mapping[str, Any] | None) -> dict[str, JSONScalar]:
        """Fill defaults and refuse unknown options or values with a message listing the valid ones."""
        result = self.defaults()
        if options is None:
            return result
        if not isinstance(options, Mapping):
            raise InvalidOptions(f"options must be a mapping of names to values, not {type(options).__name__}")
        by_name = {o.name: o for o in self.options}
        for name, value in options.items():
            if name not in by_name:
                valid = ", ".join(sorted(by_name)) or "none"
                raise InvalidOptions(f"{self.id} has no option {name!r}; valid options: {valid}")
            spec = by_name[name]
            if value not in spec.choices or type(value) is not type(spec.default):
                valid = ", ".join(_show(c) for c in spec.choices)
                raise InvalidOptions(f"option {name!r} of {self.id} cannot be {_show(value)}; valid values: {valid}")
            result[name] = value
        return result

    def parse_options(self, pairs: Mapping[str, str]) -> dict[str, JSONScalar]:
        """Options given as texts (`-o layout=open`), checked and filled with the defaults."""
        by_name = {o.name: o for o in self.options}
        parsed: dict[str, JSONScalar] = {}
        for name, text in pairs.items():
            if name not in by_name:
                valid = ", ".join(sorted(by_name)) or "none"
                raise InvalidOptions(f"{self.id} has no option {name!r}; valid options: {valid}")
            parsed[name] = by_name[name].parse(text)
        return self.normalise_options(parsed)

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(f"players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        return players


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)
