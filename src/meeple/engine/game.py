"""The public facade: one object per game in play, used by bots, faces and tests alike."""

from __future__ import annotations

import bisect
import json
from collections.abc import Collection, Iterable, Mapping, Sequence
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
        self._secrets = _Secrets()
        # Actions applied `quiet` (seat, index), after the last position whose events are recorded, and that
        # position: their events, secret choices and undo information are worked out when first read.
        self._quiet: list[tuple[int, int]] = []
        self._quiet_from: Any = None

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
        """The actions applied so far (from log position `start`, counting from 0), as (seat, canonical text), as
        `viewer` (a seat, or None for a spectator) may read them.

        Another seat's secret choice that the game has not revealed yet shows as one entry (seat, None) once the
        choice is complete, however many steps it took, and not at all while that seat is still making it."""
        return [(seat, text) for seat, text, _ in self.history(viewer, start)]

    def history(self, viewer: int | None, start: int = 0) -> list[tuple[int, str | None, list[dict[str, Any]]]]:
        """What `viewer` may read of the actions from log position `start`: per entry of `log(viewer=...)`, the
        seat, the canonical text (None for a secret choice not revealed to the viewer) and the events the viewer
        may read (`{"msg": id, "params": {...}}`). The events of another seat's pending secret steps come with the
        entry of the whole choice."""
        self._catch_up()
        secrets = self._secrets
        out: list[tuple[int, str | None, list[dict[str, Any]]]] = []
        for pos in range(start, len(self._log)):
            for choice in secrets.closed_at.get(pos, ()):
                owner = self._log[choice[0]][0]
                if owner != viewer and any(p in secrets.pending for p in choice):
                    said = [e for p in choice for e in _readable(self._events[p], viewer)]
                    out.append((owner, None, said or [{"msg": "engine.secret", "params": {"seat": owner}}]))
            seat, text = self._log[pos]
            if seat != viewer and pos in secrets.pending:
                continue  # shown with its whole choice (above), never step by step
            out.append((seat, text, _readable(self._events[pos], viewer)))
        return out

    def full_log(self, start: int = 0) -> list[tuple[int, str]]:
        """Every action applied so far, secret choices included: the truth, for the authority that stores and
        replays the game (a server, a save file), never for a player's eyes."""
        return self._log[start:]

    def log_length(self) -> int:
        """How many actions were applied so far."""
        return len(self._log)

    def pending_secrets(self) -> dict[int, int]:
        """Log positions of secret choices the game has not revealed yet -> the seat that made each."""
        self._catch_up()
        return {pos: seat for pos, (seat, _) in self._secrets.pending.items()}

    def events(self, viewer: int | None, start: int = 0) -> list[list[dict[str, Any]]]:
        """Per applied action from log position `start`, the events `viewer` may read, as `{"msg": id, "params":
        {...}}` (render them with `messages.Catalogue`). One list per action, so its length counts the steps of
        every secret choice: for the authority and finished games; what a player reads comes from `history`."""
        self._catch_up()
        return [_readable(evs, viewer) for evs in self._events[start:]]

    # -- public moments -------------------------------------------------------------
    def moments(self) -> int:
        """How many public moments the game has had: actions every seat sees happen. A secret choice made in
        several steps is one moment, when it is complete; the steps before are seen by no other seat. A server
        numbers the positions it shows by this count, so that nobody can count another seat's secret steps."""
        self._catch_up()
        return len(self._secrets.moment_ends)

    def moments_at(self, length: int) -> int:
        """How many public moments the game had when its log was `length` actions long."""
        self._catch_up()
        return bisect.bisect_right(self._secrets.moment_ends, length)

    def moment_start(self, moment: int) -> int:
        """The log length right after public moment `moment` (0 for the start)."""
        self._catch_up()
        ends = self._secrets.moment_ends
        if not 0 <= moment <= len(ends):
            raise ValueError(f"moment {moment} is outside 0..{len(ends)}")
        return ends[moment - 1] if moment else 0

    def moment_end(self, moment: int) -> int:
        """The last log length at which the game stood at public moment `moment`: the position a viewer who saw
        that moment acted in (steps nobody else could see may have followed it)."""
        self._catch_up()
        ends = self._secrets.moment_ends
        if not 0 <= moment <= len(ends):
            raise ValueError(f"moment {moment} is outside 0..{len(ends)}")
        return ends[moment] - 1 if moment < len(ends) else len(self._log)

    # -- acting ------------------------------------------------------------------
    def apply(self, seat: int, action: str | int, listed: Collection[int] | None = None, *,
              quiet: bool = False) -> list[Event]:
        """Apply one action of a seat; an illegal one raises IllegalAction and changes nothing.

        `listed`: the seat's legal actions in the current position, when the caller has just read them (`legal`):
        an action among them is accepted without asking the rules again. Returns the events of the action (the
        engine's `reveal` markers taken out).

        `quiet`: for a caller that reads no events (a learning environment): the rules apply the action without
        writing events and it returns []. The events, secret choices and undo information of quiet actions are
        worked out when something first reads them, by playing the actions again from the last position whose
        events are recorded (the rules play alike with or without events)."""
        self._check_seat(seat)
        idx = self._parse(action)
        rules = self.rules
        state = self.state
        if listed is None or idx not in listed:
            if rules.is_over(state):
                raise IllegalAction("the game is over", msg="engine.game_over")
            if seat not in rules.deciders(state):
                raise IllegalAction(f"seat {seat} does not decide now (deciding: {self._deciders_text()})",
                                    msg="engine.not_deciding",
                                    params={"seat": seat, "deciding_seats": list(rules.deciders(state))})
            reason = rules.check(state, seat, idx)
            if reason is not None:
                raise self._refusal(idx, reason)
        if quiet:
            work = rules.copy(state)
            rules.apply(work, seat, idx)
            if not self._quiet:
                self._quiet_from = state
            self._quiet.append((seat, idx))
            self.state = work
            self._log.append((seat, rules.actions.text(idx)))
            return []
        self._catch_up()
        kind = _secret_kind(rules.secret(state, seat, idx))
        work = rules.copy(state)
        events: list[Event] = []
        rules.apply(work, seat, idx, events)
        self.state = work
        pos = len(self._log)
        self._log.append((seat, rules.actions.text(idx)))
        secrets = self._secrets
        if kind is not None:
            secrets.add(pos, seat, kind)
        revealed = any(e.msg == REVEAL for e in events)
        if revealed:
            events = self._reveal(events)
        # A step of a secret choice draws and rolls nothing by itself (what resolves a choice reveals it), so the
        # seat may take it back until it is revealed; any other action as the game says.
        self._undoable.append(not revealed and (kind is not None or rules.undoable(state, work, seat, idx, events)))
        closed = secrets.close(rules, work) if secrets.open else []
        if closed:
            secrets.closed_at[pos] = closed
        if kind is None or closed:
            secrets.moment_ends.append(pos + 1)
        if secrets.pending and rules.is_over(work):
            secrets.pending.clear()  # a finished game has nothing left to hide
        self._events.append(tuple(_stored(e) for e in events))
        return events

    def _catch_up(self) -> None:
        """Record the events, secret choices and undo information of the quiet actions (see `apply`)."""
        if not self._quiet:
            return
        quiet, self._quiet = self._quiet, []
        now, log = self.state, self._log
        self.state, self._log = self._quiet_from, log[:len(log) - len(quiet)]
        self._quiet_from = None
        for seat, idx in quiet:
            self.apply(seat, idx, (idx,))
        self.state = now  # the same position: readers may hold this object

    def _reveal(self, events: list[Event]) -> list[Event]:
        """Take the engine's reveal markers out of `events`, revealing exactly the secret choices they name."""
        kept = []
        for e in events:
            if e.msg == REVEAL:
                self._secrets.reveal(e.params.get("seats"), e.params.get("kinds"))
            else:
                kept.append(e)
        return kept

    # -- taking back -------------------------------------------------------------
    def undo_refusal(self, seat: int) -> Event | None:
        """Why `seat` may not take back the last action now (a message of the engine's catalogue), or None.

        A seat may take back its own actions, the last first, while its turn lasts (it still decides) and as
        long as none of them drew a card, rolled a die or revealed a secret (`Rules.undoable`); its own secret
        choice, step by step, until a rule reveals it."""
        self._check_seat(seat)
        self._catch_up()
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
        self._log, self._events, self._secrets, self._undoable = [], [], _Secrets(), []
        self._quiet, self._quiet_from = [], None
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
        other._secrets = self._secrets.copy()
        other._quiet = list(self._quiet)
        other._quiet_from = self._quiet_from  # never changed in place: `_catch_up` applies on copies
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

    def to_json(self, settings: Mapping[str, Any] | None = None) -> str:
        """The game as JSON text: options, seed and action log (the log is the truth). `settings`, when given, is
        recorded instead of the game's own (the arena records the data file by the path it was given, where its
        workers opened it by another)."""
        save = self.to_dict()
        if settings is not None:
            save["settings"] = dict(settings)
        return json.dumps(save, indent=None, separators=(",", ":"))

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


class _Secrets:
    """The secret choices of a game in play: which log positions are still hidden, which choices are still being
    made (a choice is the run of one seat's secret steps of one kind), and the public moments."""

    def __init__(self) -> None:
        self.pending: dict[int, tuple[int, str]] = {}  # log position -> (seat, kind), not revealed yet
        self.open: dict[tuple[int, str], list[int]] = {}  # (seat, kind) -> positions of a choice being made
        self.closed_at: dict[int, list[list[int]]] = {}  # log position -> choices complete after that action
        self.moment_ends: list[int] = []  # the log length after each public moment

    def copy(self) -> _Secrets:
        other = _Secrets()
        other.pending = dict(self.pending)
        other.open = {k: list(v) for k, v in self.open.items()}
        other.closed_at = dict(self.closed_at)
        other.moment_ends = list(self.moment_ends)
        return other

    def add(self, pos: int, seat: int, kind: str) -> None:
        self.pending[pos] = (seat, kind)
        self.open.setdefault((seat, kind), []).append(pos)

    def close(self, rules: Rules[Any], state: Any) -> list[list[int]]:
        """The choices that are complete in `state`: revealed, or their seat has no secret step of their kind left."""
        over = rules.is_over(state)
        deciders = () if over else rules.deciders(state)
        closed = []
        for (seat, kind), positions in list(self.open.items()):
            revealed = not any(p in self.pending for p in positions)  # a rule revealed it: it is over
            if not revealed and seat in deciders and any(_secret_kind(rules.secret(state, seat, a)) == kind
                                        for a in rules.legal(state, seat)):
                continue
            del self.open[seat, kind]
            closed.append(positions)
        return closed

    def reveal(self, seats: Sequence[int] | None, kinds: Sequence[str] | None) -> None:
        for pos, (seat, kind) in list(self.pending.items()):
            if (seats is None or seat in seats) and (kinds is None or kind in kinds):
                del self.pending[pos]


def _secret_kind(answer: str | bool | None) -> str | None:
    """The kind of a secret step as `Rules.secret` answers it (True: the kind "secret"), or None."""
    if answer is True:
        return "secret"
    return answer or None


def _readable(events: tuple[_StoredEvent, ...], viewer: int | None) -> list[dict[str, Any]]:
    return [{"msg": msg, "params": dict(params)} for msg, params, seats in events
            if seats is None or viewer in seats]


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
