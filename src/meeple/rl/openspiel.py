"""OpenSpiel adapter: every registered Meeple game as a pyspiel Python game named `meeple_<game id>`.

>>> import pyspiel
>>> from meeple.rl import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("meeple_bluemooncity", {"players": 3, "seed": 7})
>>> game.num_players()
3

Chance: Meeple keeps every draw inside the state (a seeded stream), so games with chance are
SAMPLED_STOCHASTIC: no chance nodes, the k-th state a game object creates uses seed `seed + k`.
Information: the information-state string of a seat is a digest of the public history, a digest
of the seat's own actions and its current view (JSON); tensors are the seat's encoded view
(docs/rl.md). `resample_from_infostate` redeals what the seat cannot see with `game.sample`, which
lets OpenSpiel's Python IS-MCTS bot (`open_spiel.python.algorithms.ismcts`) search these games.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import meeple
from meeple.engine import Game, game_ids, get_rules
from meeple.engine.spec import GameSpec

from .core import outcome_shares
from .encoders import Encoder, make_encoder

PREFIX = "meeple_"
_REGISTERED: set[str] = set()


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def game_type(spec: GameSpec) -> pyspiel.GameType:
    """The OpenSpiel record of a Meeple game: sequential, its chance and information, terminal rewards."""
    chance = pyspiel.GameType.ChanceMode
    info = pyspiel.GameType.Information
    params: dict[str, Any] = {"players": spec.min_players, "seed": 0}
    params.update({o.name: o.default for o in spec.options})
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"Meeple {spec.title}",
        # Seats that choose at once choose in secret, one after another: sequential with hidden choices.
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.DETERMINISTIC if spec.chance == "none" else chance.SAMPLED_STOCHASTIC,
        information=info.PERFECT_INFORMATION if spec.information == "perfect" else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def register(ids: list[str] | None = None) -> list[str]:
    """Register Meeple games with pyspiel (all registered games by default); return their OpenSpiel names."""
    names = []
    for gid in ids if ids is not None else game_ids():
        name = short_name(gid)
        if name not in _REGISTERED:
            spec = get_rules(gid).spec
            pyspiel.register_game(game_type(spec), _game_class(gid))
            _REGISTERED.add(name)
        names.append(name)
    return names


def load(game_id: str, players: int | None = None, seed: int = 0, **options: Any) -> pyspiel.Game:
    """Register the game if needed and load it: `load("bluemooncity", players=3, expansion=True)`."""
    register([game_id])
    params: dict[str, Any] = {"seed": seed, **options}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(game_id), params)


def _game_class(game_id: str) -> type[MeepleSpielGame]:
    # pyspiel keeps the creator until the interpreter is gone; a class (unlike a closure) outlives
    # the module teardown, so releasing it then does not need the Python runtime.
    return type(f"MeepleSpielGame_{game_id}", (MeepleSpielGame,), {"game_id": game_id})


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Meeple game for pyspiel; parameters: `players`, `seed` and the game's options."""

    game_id = ""  # set by the subclass made for each game in register()

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_id = self.game_id
        rules = get_rules(game_id)
        spec = rules.spec
        gtype = game_type(spec)
        values = {**gtype.parameter_specification, **dict(params or {})}
        self.players = spec.check_players(int(values.pop("players")))
        self.base_seed = int(values.pop("seed"))
        self.options = spec.normalise_options(values)
        self.encoder: Encoder = make_encoder(game_id, self.players, self.options)
        self._created = 0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(rules.actions),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=spec.max_game_length,
        )
        super().__init__(gtype, info, {"players": self.players, "seed": self.base_seed, **self.options})

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self)

    def next_seed(self) -> int:
        # OpenSpiel builds every clone from a new initial state, so clones take a number too.
        seed = self.base_seed + self._created
        self._created += 1
        return seed

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MeepleObserver:
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return MeepleObserver(self.encoder, obs_type)


class _Table:
    """The Meeple game behind a state; copies share the rules and saves keep the state, not the log."""

    def __init__(self, game: Game, encoder: Encoder) -> None:
        self.game = game
        self.encoder = encoder
        self.clear()

    def clear(self) -> None:
        """Forget the cached views (after every action)."""
        self.views: dict[int | None, tuple[dict[str, Any], str]] = {}  # per viewer: view and its JSON
        self.vectors: dict[int | None, np.ndarray] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        g = self.game
        # A bare copy of the state: the action log is not needed here and would make clones O(length).
        copy = Game(g.rules, g.rules.copy(g.state), g.players, g.seed, g.options, settings=g.settings)
        return _Table(copy, self.encoder)

    def view(self, viewer: int | None) -> tuple[dict[str, Any], str]:
        """The view of a seat and its canonical JSON, cached until the next action."""
        cached = self.views.get(viewer)
        if cached is None:
            view = self.game.view(viewer)
            cached = (view, json.dumps(view, sort_keys=True, separators=(",", ":")))
            self.views[viewer] = cached
        return cached

    def vector(self, viewer: int | None) -> np.ndarray:
        """The encoded view of a seat, cached until the next action."""
        cached = self.vectors.get(viewer)
        if cached is None:
            cached = self.encoder.encode(self.view(viewer)[0])
            self.vectors[viewer] = cached
        return cached

    def __getstate__(self) -> dict[str, Any]:
        g = self.game
        return {"game": g.game_id, "settings": g.settings, "players": g.players, "seed": g.seed,
                "options": g.options, "state": g.rules.to_data(g.state)}  # the encoder is rebuilt on load

    def __setstate__(self, data: dict[str, Any]) -> None:
        rules = get_rules(data["game"], **data["settings"])
        self.game = Game(rules, rules.from_data(data["state"]), data["players"], data["seed"], data["options"],
                         settings=data["settings"])
        self.encoder = make_encoder(data["game"], data["players"], data["options"])
        self.clear()


def _chain(digest: str, item: str) -> str:
    return hashlib.blake2b(f"{digest}\n{item}".encode(), digest_size=12).hexdigest()


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]
    """A Meeple game in play, as OpenSpiel sees it."""

    def __init__(self, game: MeepleSpielGame) -> None:
        super().__init__(game)
        self._seed = game.next_seed()
        self._table: _Table | None = None
        self._public = ""  # digest of the public event lines so far
        self._own = [""] * game.players  # per seat, digest of its own actions

    @property
    def table(self) -> _Table:
        """The Meeple game behind this state and its cached views (the game is created on first use)."""
        if self._table is None:
            g = self.get_game()
            self._table = _Table(meeple.new_game(g.game_id, g.players, self._seed, g.options), g.encoder)
        return self._table

    @property
    def meeple(self) -> Game:
        """The Meeple game behind this state (read it; act through `apply_action`)."""
        return self.table.game

    def current_player(self) -> int:
        game = self.meeple
        if game.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return game.deciders()[0]

    def _legal_actions(self, player: int) -> list[int]:
        return self.meeple.legal_indices(player)

    def _apply_action(self, action: int) -> None:
        table = self.table
        game = table.game
        seat = game.deciders()[0]
        events = game.apply(seat, int(action))
        table.clear()
        public = [e.to_dict() for e in events if e.visible_to(None)]
        self._public = _chain(self._public, json.dumps([seat, public]))
        self._own[seat] = _chain(self._own[seat], game.action_text(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.meeple.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.meeple.is_over()

    def returns(self) -> list[float]:
        game = self.meeple
        if not game.is_over():
            return [0.0] * game.players
        return outcome_shares(game.result(), game.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleSpielState:
        """A state the seat cannot tell from this one: hidden cards redealt by `game.sample`."""
        clone: MeepleSpielState = self.clone()
        game = self.meeple
        stream = int(probability_sampler() * (1 << 53))
        state = game.sample(player_id, stream)
        sampled = Game(game.rules, state, game.players, game.seed, game.options, settings=game.settings)
        clone._table = _Table(sampled, self.table.encoder)
        # Other seats' private digests would carry their real choices into the sample.
        clone._own = [d if s == player_id else "resampled" for s, d in enumerate(self._own)]
        return clone

    def view(self, player: int | None) -> dict[str, Any]:
        """What a seat (or a spectator, None) sees now."""
        return self.table.view(player)[0]

    def __str__(self) -> str:
        game = self.meeple
        return json.dumps(game.rules.to_data(game.state), sort_keys=True, separators=(",", ":"))


class MeepleObserver:
    """Strings and tensors of one seat's view (or the spectator's, for public-only observations)."""

    def __init__(self, encoder: Encoder, iig_obs_type: Any) -> None:
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations with every player's private information are not offered: "
                             "Meeple shows a seat only its own view")
        if not iig_obs_type.public_info:
            raise ValueError("observations without the public information are not offered")
        self.encoder = encoder
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _viewer(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        self.tensor[:] = state.table.vector(self._viewer(player))

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        view = state.table.view(self._viewer(player))[1]
        if not self.perfect_recall:
            return view
        own = "" if self.public_only else f"own {state._own[player]}\n"
        return f"public {state._public}\n{own}{view}"


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's MCTS-family bots from the game's own heuristic (`rules.evaluate`).

    It reads the whole state it is given, so use it with IS-MCTS, which evaluates only states
    resampled from the searching seat's information (plain MCTS would see hidden cards).
    Random rollouts of a long game cost thousands of Python steps; this costs one call per seat.
    """

    def evaluate(self, state: MeepleSpielState) -> np.ndarray:
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=np.float64)
        game = state.meeple
        return np.asarray([game.rules.evaluate(game.state, p) for p in range(game.players)], dtype=np.float64)

    def prior(self, state: MeepleSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class MeepleBot(pyspiel.Bot):  # type: ignore[misc]
    """A Meeple bot (`random`, `greedy`, `ismcts:200` ...) as an OpenSpiel bot of one seat, so that OpenSpiel's
    tools (`evaluate_bots`, tournaments) can pit it against theirs. It decides from its seat's table only, as
    everywhere in Meeple, and keeps nothing between decisions: `restart_at` and `inform_action` do nothing.
    """

    def __init__(self, level: str, player: int, seed: int = 0) -> None:
        from meeple.agents import make_agent

        super().__init__()
        self.player = player
        self.agent = make_agent(level, seed=seed)

    def step(self, state: MeepleSpielState) -> int:
        game = state.meeple
        return game.action_index(self.agent.choose(game.seat_table(self.player)))

    def restart_at(self, state: MeepleSpielState) -> None:
        """Nothing to do: the bot reads the state it is given at every decision."""

    def inform_action(self, state: MeepleSpielState, player_id: int, action: int) -> None:
        """Nothing to do: the bot reads the state it is given at every decision."""

    def provides_policy(self) -> bool:
        return False


class Restartable(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel Python bot that keeps nothing between its decisions (the Python `ISMCTSBot` and `MCTSBot`
    search afresh at every step), made usable by `evaluate_bots`: OpenSpiel's tools call `restart_at` and
    `inform_action`, which those bots do not define, and pyspiel's base class then raises "RestartAt(state) not
    implemented". Both calls do nothing here; every other call goes to the bot."""

    def __init__(self, bot: Any) -> None:
        super().__init__()
        self.bot = bot

    def step(self, state: Any) -> int:
        return int(self.bot.step(state))

    def step_with_policy(self, state: Any) -> Any:
        return self.bot.step_with_policy(state)

    def provides_policy(self) -> bool:
        return bool(getattr(self.bot, "provides_policy", lambda: False)())

    def restart_at(self, state: Any) -> None:
        """Nothing to undo: the bot searches from the state it is given."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: the bot searches from the state it is given."""

    def restart(self) -> None:
        """Nothing to reset."""
