"""The public facade: one object per game in play, used by bots, faces and tests alike."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import IllegalAction, SaveError, ScenarioError
from .messages import Catalogue, catalogue_of
from .registry import get_rules
from .rules import REVEAL, Event, Result, Rules
from .spec import GameSpec
from .table import SeatTable

SAVE_FORMAT = "meeple-game/1"


class Game:
    """A game in play: its rules, options, seed, current state and the action log that produced it."""

    def __init__(
        self,
        rules: Rules[Any],
        state: Any,
        players: int,
        seed: int,
        options: dict[str, Any],
        scenario: Mapping[str, Any] | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> None:
        self.rules = rules
        self.state = state
        self.players = players
        self.seed = seed
        self.options = options
        self.scenario_description = scenario
        self.settings = dict(settings or {})
        self._start = rules.copy(state)  # the position before the log: undo rebuilds the game from here
        self._log: list[tuple[int, str]] = []
        # Per applied action, whether its seat may take it back while its turn lasts (see `undo`).
        self._undoable: list[bool] = []
        # Per applied action, its events as (message id, parameters, seats or None) of plain values: a long game
        # keeps thousands of them, and tuples and dicts of texts and numbers are left alone by the collector.
        self._events: list[tuple[_StoredEvent, ...]] = []
        # Log positions of secret choices not revealed yet, with the seat that made each.
        self._secret: dict[int, int] = {}

    # -- reading -----------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.rules.spec.id

    @property
    def spec(self) -> Any:
        return self.rules.spec

    def deciders(self) -> list[int]:
        """Seats that must act now (empty when the game is over)."""
        return list(self.rules.deciders(self.state))

    def legal_indices(self, seat: int) -> list[int]:
        """Integer indices of the legal actions of a seat, ascending."""
        self._check_seat(seat)
        return self.rules.legal(self.state, seat)

    def legal_actions(self, seat: int) -> list[str]:
        """Canonical texts of the legal actions of a seat, sorted."""
        text = self.rules.actions.text
        return sorted(text(i) for i in self.legal_indices(seat))

    def action_mask(self, seat: int) -> list[bool]:
        """One flag per entry of the game's fixed action index: True where the action is legal."""
        mask = [False] * len(self.rules.actions)
        for i in self.legal_indices(seat):
            mask[i] = True
        return mask

    def action_index(self, action: str) -> int:
        return self.rules.actions.parse(action)

    def action_text(self, index: int) -> str:
        return self.rules.actions.text(index)

    def is_over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def result(self) -> Result:
        if not self.is_over():
            raise ValueError("the game is not over yet")
        return self.rules.result(self.state)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What a seat (or a spectator, None) may see, as JSON-able data."""
        if seat is not None:
            self._check_seat(seat)
        return self.rules.view(self.state, seat)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        """The views of several seats of the current position at once (cheaper than one `view` per seat; the
        views may share their public parts, so they are read-only)."""
        wanted = list(seats)
        for seat in wanted:
            if seat is not None:
                self._check_seat(seat)
        return self.rules.views(self.state, wanted)

    def render(self, seat: int | None = None, color: bool = False, catalogue: Catalogue | None = None) -> str:
        """The text board as `seat` sees it, in the language of `catalogue` (English when None)."""
        return self.rules.render(self.state, seat, color, catalogue)

    def screens(self, seat: int | None = None, color: bool = False,
                catalogue: Catalogue | None = None) -> dict[str, str]:
        """The text board as `seat` sees it, cut into the screens of a small terminal (see `Rules.screens`)."""
        return self.rules.screens(self.state, seat, color, catalogue)

    def explain(self, seat: int | None, words: Sequence[str]) -> list[Event] | None:
        """The game's answer to a question about the table as `seat` may read it (see `Rules.explain`)."""
        if seat is not None:
            self._check_seat(seat)
        return self.rules.explain(self.state, seat, list(words))

    def log(self, *, viewer: int | None, start: int = 0) -> list[tuple[int, str | None]]:
        """The actions applied so far (from action `start`, counting from 0), as (seat, canonical text), as
        `viewer` (a seat, or None for a spectator) may read them: another seat's secret choice that the game has
        not revealed yet shows as (seat, None)."""
        secret = self._secret
        if not secret:
            return list(self._log[start:])
        return [(seat, None if start + i in secret and secret[start + i] != viewer else text)
                for i, (seat, text) in enumerate(self._log[start:])]

    def full_log(self, start: int = 0) -> list[tuple[int, str]]:
        """Every action applied so far, secret choices included: the truth, for the authority that stores and
        replays the game (a server, a save file), never for a player's eyes."""
        return self._log[start:]

    def log_length(self) -> int:
        """How many actions were applied so far."""
        return len(self._log)

    def pending_secrets(self) -> dict[int, int]:
        """Log positions of secret choices the game has not revealed yet -> the seat that made each."""
        return dict(self._secret)

    def events(self, viewer: int | None, start: int = 0) -> list[list[dict[str, Any]]]:
        """Per applied action from `start`, the events `viewer` may read, as `{"msg": id, "params": {...}}`
        (render them with `messages.Catalogue`)."""
        return [[{"msg": msg, "params": dict(params)} for msg, params, seats in evs
                 if seats is None or viewer in seats]
                for evs in self._events[start:]]

    # -- acting ------------------------------------------------------------------
    def apply(self, seat: int, action: str | int) -> list[Event]:
        """Apply one action of a seat; an illegal one raises IllegalAction and changes nothing.

        Returns the events of the action (the engine's `reveal` markers taken out)."""
        self._check_seat(seat)
        idx = self._parse(action)
        rules = self.rules
        state = self.state
        if rules.is_over(state):
            raise IllegalAction("the game is over", msg="engine.game_over")
        if seat not in rules.deciders(state):
            raise IllegalAction(f"seat {seat} does not decide now (deciding: {self._deciders_text()})",
                                msg="engine.not_deciding",
                                params={"seat": seat, "deciding_seats": list(rules.deciders(state))})
        reason = rules.check(state, seat, idx)
        if reason is not None:
            raise self._refusal(idx, reason)
        secret = rules.secret(state, seat, idx)
        work = rules.copy(state)
        events: list[Event] = []
        rules.apply(work, seat, idx, events)
        self.state = work
        if secret:
            self._secret[len(self._log)] = seat
        self._log.append((seat, rules.actions.text(idx)))
        revealed = any(e.msg == REVEAL for e in events)
        if revealed:
            events = self._reveal(events)
        self._undoable.append(not (secret or revealed) and rules.undoable(state, work, seat, idx, events))
        if self._secret and rules.is_over(work):
            self._secret.clear()  # a finished game has nothing left to hide
        self._events.append(tuple(_stored(e) for e in events))
        return events

    def _reveal(self, events: list[Event]) -> list[Event]:
        """Take the engine's reveal markers out of `events`, revealing the secret choices they name."""
        kept = []
        for e in events:
            if e.msg != REVEAL:
                kept.append(e)
                continue
            seats = e.params.get("seats")
            for pos, who in list(self._secret.items()):
                if seats is None or who in seats:
                    del self._secret[pos]
        return kept

    # -- taking back -------------------------------------------------------------
    def undo_refusal(self, seat: int) -> Event | None:
        """Why `seat` may not take back the last action now (a message of the engine's catalogue), or None.

        A seat may take back its own actions, the last first, while its turn lasts (it still decides) and as
        long as none of them drew a card, rolled a die or revealed a secret (`Rules.undoable`)."""
        self._check_seat(seat)
        if self.is_over():
            return Event("engine.undo.over")
        if not self._log:
            return Event("engine.undo.nothing")
        last, action = self._log[-1]
        if last != seat:
            return Event("engine.undo.not_yours", {"seat": last})
        if seat not in self.rules.deciders(self.state):
            return Event("engine.undo.turn_over")
        if not self._undoable[-1]:
            return Event("engine.undo.hidden", {"action": action})
        return None

    def can_undo(self, seat: int) -> bool:
        return self.undo_refusal(seat) is None

    def undo(self, seat: int) -> tuple[int, str]:
        """Take back the last action, which must be `seat`'s (see `undo_refusal`), and return it.

        Undo is an operation on the log, which stays the truth: the game is rebuilt from its starting position
        and the log without its last action. A refusal raises IllegalAction and changes nothing."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            text = self.catalogue().text(reason.msg, reason.params)
            raise IllegalAction(f"cannot take back an action: {text}", msg=reason.msg, params=dict(reason.params))
        taken = self._log[-1]
        self._rebuild(self._log[:-1])
        return taken

    def _rebuild(self, actions: Sequence[tuple[int, str]]) -> None:
        self.state = self.rules.copy(self._start)
        self._log, self._events, self._secret, self._undoable = [], [], {}, []
        for seat, action in actions:
            self.apply(seat, action)

    def timeout_action(self, seat: int) -> str | None:
        """The game's default move for `seat` when its time runs out (None when the game names none)."""
        self._check_seat(seat)
        if seat not in self.deciders():
            return None
        index = self.rules.timeout_action(self.state, seat)
        if index is None or index not in self.legal_indices(seat):
            return None
        return self.rules.actions.text(index)

    def seat_table(self, seat: int) -> SeatTable:
        """What a bot deciding for `seat` may use: the seat's view, legal actions and samples, never this game."""
        self._check_seat(seat)
        return SeatTable(self.rules, self.state, seat, self.players)

    def copy(self) -> Game:
        other = Game(self.rules, self.rules.copy(self.state), self.players, self.seed, dict(self.options),
                     self.scenario_description, self.settings)
        other._start = self._start  # never changed in place: `_rebuild` copies it
        other._log = list(self._log)
        other._undoable = list(self._undoable)
        other._events = list(self._events)
        other._secret = dict(self._secret)
        return other

    def sample(self, seat: int, rng: int) -> Any:
        """A full state consistent with a seat's view (hidden cards redealt from stream `rng`)."""
        return self.rules.sample(self.state, seat, rng)

    # -- saving ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The save: options, seed and the whole action log, secret choices included (for the authority)."""
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "version": self.rules.spec.version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "scenario": self.scenario_description,
            "settings": self.settings,
            "actions": [[s, a] for s, a in self._log],
        }

    def to_json(self) -> str:
        """The game as JSON text: options, seed and action log (the log is the truth)."""
        return json.dumps(self.to_dict(), indent=None, separators=(",", ":"))

    # -- helpers -----------------------------------------------------------------
    def _parse(self, action: str | int) -> int:
        if isinstance(action, bool):
            raise IllegalAction(f"{action!r} is not an action")
        if isinstance(action, int):
            if not 0 <= action < len(self.rules.actions):
                raise IllegalAction(f"action index {action} is outside 0..{len(self.rules.actions) - 1}")
            return action
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a text or an index, not {type(action).__name__}")
        return self.rules.actions.parse(action)

    def _refusal(self, idx: int, reason: str | Event) -> IllegalAction:
        """The error for a refused action; a reason given as a message is rendered in English and kept as data."""
        action = self.rules.actions.text(idx)
        if isinstance(reason, str):
            return IllegalAction(f"{action!r} is not allowed now: {reason}", msg="engine.not_allowed",
                                 params={"action": repr(action), "reason": reason})
        text = self.catalogue().text(reason.msg, reason.params)
        return IllegalAction(f"{action!r} is not allowed now: {text}", msg=reason.msg, params=dict(reason.params))

    def catalogue(self) -> Catalogue:
        """The game's messages in English, then the engine's (faces add their own languages)."""
        return catalogue_of(self.rules)

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"seat must be a number from 0 to {self.players - 1}, not {seat!r}")

    def _deciders_text(self) -> str:
        d = self.rules.deciders(self.state)
        return ", ".join(str(s) for s in d) or "nobody"


_StoredEvent = tuple[str, Mapping[str, Any], tuple[int, ...] | None]


def _stored(event: Event) -> _StoredEvent:
    """An event as plain values (parameters' lists as tuples, so that the collector leaves them alone)."""
    params = {k: tuple(v) if isinstance(v, list) else v for k, v in event.params.items()}
    return event.msg, params, None if event.seats is None else tuple(sorted(event.seats))


def new_game(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    **settings: str,
) -> Game:
    """Start a new game of a registered game."""
    rules = get_rules(game_id, **settings)
    spec = rules.spec
    n = spec.check_players(players)
    opts = spec.normalise_options(options)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    return Game(rules, rules.setup(n, opts, seed), n, seed, opts, settings=settings)


def replay(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Sequence[tuple[int, str] | Sequence[Any]],
    **settings: str,
) -> Game:
    """Rebuild a game from its seed, options and action log."""
    game = new_game(game_id, players, seed, options, **settings)
    _replay_into(game, actions)
    return game


def scenario(game_id: str, description: Mapping[str, Any], **settings: str) -> Game:
    """Build a game from a human-readable description of a position (see each game's RULES.md)."""
    if not isinstance(description, Mapping):
        raise ScenarioError(f"a scenario description is a mapping of fields, not {type(description).__name__}")
    rules = get_rules(game_id, **settings)
    desc = dict(description)
    state = rules.scenario(desc)
    players = int(desc.get("players", 0)) or _players_of(rules, state)
    seed = int(desc.get("seed", 0))
    opts = rules.spec.normalise_options(desc.get("options"))
    return Game(rules, state, players, seed, opts, scenario=desc, settings=settings)


def _players_of(rules: Rules[Any], state: Any) -> int:
    return int(rules.to_data(state)["players"])


def load_game(text: str) -> Game:
    """Load a game saved with `Game.to_json()`, replaying its log and checking every action.

    A save of an older rules version loads only if the game declares that version in `spec.replays` and every
    position of the replay passes `Rules.replay_difference`; otherwise SaveError says why.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"not a saved game: invalid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game: expected format {SAVE_FORMAT!r}")
    for key in ("game", "players", "seed", "actions"):
        if key not in data:
            raise SaveError(f"saved game has no {key!r}")
    settings = data.get("settings") or {}
    older = _older_version(get_rules(data["game"], **settings).spec, data.get("version"))
    if data.get("scenario"):
        try:
            game = scenario(data["game"], data["scenario"], **settings)
        except ScenarioError as exc:
            raise SaveError(f"the saved position cannot be built: {exc}") from None
    else:
        game = new_game(data["game"], data["players"], data["seed"], data.get("options"), **settings)
    _replay_into(game, data["actions"], older)
    return game


def _older_version(spec: GameSpec, saved: Any) -> int | None:
    """The older rules version a save was made under, when these rules can replay it; None for the current one."""
    if saved is None or saved == spec.version:  # saves from before versions were recorded count as current
        return None
    if isinstance(saved, int) and not isinstance(saved, bool) and saved in spec.replays:
        return saved
    can = f"can replay saves of versions {', '.join(map(str, spec.replays))} only" if spec.replays else \
        "cannot replay saves of other versions"
    raise SaveError(f"saved with {spec.id} rules version {saved}; this Meeple plays version {spec.version} and {can}")


def _replay_into(game: Game, actions: Sequence[Any], older: int | None = None) -> None:
    _check_older(game, older, 0, not actions)
    for n, entry in enumerate(actions):
        try:
            seat, action = entry
            game.apply(int(seat), action)
        except (IllegalAction, TypeError, ValueError) as exc:
            raise SaveError(f"action {n + 1} of the log ({entry!r}) cannot be replayed: {exc}") from None
        _check_older(game, older, n + 1, n + 1 == len(actions))


def _check_older(game: Game, older: int | None, done: int, last: bool) -> None:
    if older is None:
        return
    reason = game.rules.replay_difference(older, game.state, last)
    if reason is not None:
        where = "in the starting position" if done == 0 else f"after action {done} of the log"
        raise SaveError(
            f"saved with {game.game_id} rules version {older}, which version {game.rules.spec.version} cannot replay "
            f"as it was played: {reason} ({where})"
        )
