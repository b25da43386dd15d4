"""City of Remnants observation encoder: the documented vector of one seat's view (docs/rl.md, "City of Remnants
encoder").

Declared in the spec (`encoder="meeple.games.cityofremnants.encoder:make_encoder"`); the RL faces import it only
through that declaration. Built from `game.view(seat)`, so it cannot show what the seat may not see: other hands,
draw piles, deck orders, cards committed face down before the reveal and the other Reset discards are not in the
view (COR-4.4). `encode_state` gives the same vector read from the state (faster; it reads only what the view
shows, and the tests compare both).

Seats are relative: slot 0 is the viewer (the spectator's view counts as seat 0), slot 1 the next seat in seat
order, and so on, so one policy can play any seat. Every value lies in [0, 1]: counts are divided by the scale
named in the layout and clipped. Cards, development types, YCU tokens and coordinate cards are indexed in the order
the data file lists them; the phases, effect stages, action kinds and turn modifiers are the engine's. A word the
encoder does not know raises ValueError rather than being dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from meeple.kit import Layout, clipped, index_of, scaled_text, seat_order

from .data import NSPACE, Components, load_components, space_name

SPACES = range(NSPACE)

MAX_SEATS = 4
PLAYER_COUNTS = (2, 3, 4)
SIDES = ("A", "B")
PHASES = ("setup", "leaders", "reset", "pre", "recruit", "bid", "buy", "produce", "build", "sell", "refresh", "move",
          "move_end", "post", "effect", "commit", "pick_token", "bribe", "option", "reroll", "lose", "patrol",
          "buy_renown", "over")
ACTION_KINDS = (None, "recruit", "buy", "produce", "sell", "refresh", "move")
ACTION_COUNTS = ("count", "sold", "used", "chosen")
MODS = ("bm_discount", "dev_discount", "extra_move", "min_first_bid", "move_range")
MOD_WORDS = (("bm_discount", "black market discount"), ("dev_discount", "development discount"),
             ("extra_move", "extra moves"), ("min_first_bid", "minimum first bid"), ("move_range", "move range"))
# The supply field's numbers in order, by their scale's name.
SUPPLY = (("gm_deck", "gang member deck"), ("bm_deck", "black market deck"), ("coord_deck", "coordinate deck"),
          ("bag", "YCU tokens in the bag"), ("renown_supply", "renown supply"), ("products", "product supply"),
          ("removed", "cards removed from the game"))
STAGES = ("", "trash", "recruit_fixed", "sell_extra", "add_products", "move_figures", "place_from_pool", "coord",
          "search_card", "search_pick", "remove_ycu", "strip_card", "strip_pick")
LEVELS = ("Slums", "Midtown", "Heights")
ROLES = ("attacker", "defender")
BATTLE_KINDS = ("rival", "ycu")
DIE_FACES = 4  # battle dice show 0, 1, 2 or 3 (COR-2.7)
SCALE = {
    "round": 30, "arc": 20_000, "influence": 7, "renown": 200, "figures": 16, "hand": 12, "draw": 40, "award": 20,
    "turns": 4, "gm_deck": 31, "bm_deck": 30, "coord_deck": 20, "bag": 20, "renown_supply": 200, "products": 54,
    "removed": 40, "cost": 6000, "left": 5, "bid": 10_000, "committed": 10, "dice": 5, "pay": 3000, "attack": 8,
    "total": 30, "killed": 4, "space_figures": 2, "space_tokens": 2, "space_attack": 16, "space_bribe": 6000,
    "tile_products": 4, "done": 4, "depth": 3, "action": 4, "reset": 4,
    "bm_discount": 2000, "dev_discount": 3000, "extra_move": 3, "min_first_bid": 1000, "move_range": 4,
}


def _scaled(x: float, scale: str) -> float:
    return clipped(x, SCALE[scale])


def _index(vocab: Sequence[Any] | dict[Any, int], word: Any, what: str) -> int:
    return index_of(vocab, word, what, "cityofremnants")


def build_layouts(comp: Components) -> tuple[Layout, Layout, Layout]:
    """The main layout, the per-seat block and the per-space block, for the components of one data file."""
    cards, devs, tokens, coords = len(comp.cards), len(comp.devs), len(comp.tokens), len(comp.coords)
    seat = Layout()
    seat.add("present", 1, "1 if this relative seat is in the game")
    seat.add("gang", 4, "one-hot gang: " + ", ".join(g.key for g in comp.gangs))
    seat.add("numbers", 12, "ARC / 20000, influence / 7, renown tokens / 200, overflow / 200, score / 200, turns "
             "taken this round / 4, figures in the pool / 16, in reserve / 16, on the board / 16, hand size / 12, "
             "draw pile / 40, renown award it would get now / 20")
    seat.add("discard", cards, "its discard pile (public), per card")
    seat.add("tableau", cards, "its Permanent cards in play, per card")
    space = Layout()
    space.add("board", 5, "usable (not a hazard), one-hot level (Slums, Midtown, Heights), "
                          "renown award / the largest on the board")
    space.add("entry", MAX_SEATS, "relative seat whose entry space this is")
    space.add("figures", MAX_SEATS, "figures per relative seat / 2")
    space.add("ycu", 3, "YCU tokens here / 2, their total attack / 16, their total bribe / 6000")
    space.add("development", devs, "one-hot development type covering the space (" + " ".join(d.id for d in comp.devs)
              + ")")
    space.add("tile", 1 + MAX_SEATS, "product tokens on the development / 4, one-hot relative seat controlling it")
    space.add("marks", 2, "the enemy space of the current move, the space of the battle under way")
    main = Layout()
    main.add("players", len(PLAYER_COUNTS), "one-hot player count 2, 3, 4")
    main.add("side", len(SIDES), "one-hot board side A, B")
    main.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
    main.add("round", 1, "round / 30")
    main.add("first", MAX_SEATS, "one-hot relative seat of the first player")
    main.add("active", MAX_SEATS, "one-hot relative seat of the active player (all 0: none)")
    main.add("deciders", MAX_SEATS, "relative seats that must decide now")
    main.add("action", len(ACTION_KINDS) + len(ACTION_COUNTS), "one-hot declared action (none, recruit, buy, "
             "produce, sell, refresh, move), then its count, products sold, developments used, cards chosen, / 4")
    main.add("mods", len(MODS), "the active player's turn modifiers: " + scaled_text(SCALE, MOD_WORDS))
    main.add("supply", len(SUPPLY), scaled_text(SCALE, SUPPLY))
    main.add("market", cards, "cards in the gang member row or the black market row, per card")
    main.add("market_discard", cards, "cards in the gang member or black market discard pile, per card")
    main.add("removed", cards, "cards removed from the game, per card")
    main.add("bag", tokens, "YCU tokens in the bag, per token (" + " ".join(t.id for t in comp.tokens) + ")")
    main.add("coords", 4 * coords, "per coordinate card: shown this round, then discarded, then known to the viewer, "
             "then its depth in the deck (position / 3) when known")
    main.add("drafted", 3 * devs, "per development type: drafted for this game, tiles left / 5, its cost for the "
             "viewer / 6000")
    main.add("auction", 2 + cards + 4 * MAX_SEATS, "auction under way, its card one-hot, the high bid / 10000, then "
             "one-hot relative seats of the high bidder, the declarer, the bidder to answer, and those out")
    main.add("battle", 17 + 2 * (MAX_SEATS + len(ROLES) + 3 + DIE_FACES + cards), "battle under way, one-hot kind "
             "(rival, YCU), one-hot relative seat to answer, the token fought (present, attack / 8, bribe / 3000), "
             "the bribe cost offered / 3000, result (resolved, totals / 30 per side, one-hot winning side, figures "
             "killed / 4), then per side (attacker first): one-hot relative seat, one-hot role, cards committed / 10, "
             "its cards known to the viewer, ARC paid / 3000, dice per face 0-3 / 5, its cards per card")
    main.add("effect", 1 + len(STAGES) + cards + 1 + 2 * coords + cards + MAX_SEATS + cards, "the viewer's card "
             "effect under way, one-hot stage (none, " + ", ".join(STAGES[1:]) + "), one-hot card, choices made / 4, "
             "coordinate cards looked at, their chosen order (position / 3), the pile searched per card, one-hot "
             "relative seat stripped, that seat's hand per card")
    main.add("revealed", cards + MAX_SEATS, "cards the last action revealed (played, battle commits, Reset "
             "discards), per card, then Reset discards per relative seat / 4")
    main.add("reset", MAX_SEATS, "relative seats done with their Reset discard")
    main.add("hand", cards, "the viewer's own hand, per card")
    main.add("reset_chosen", cards, "the viewer's own Reset discard chosen so far, per card")
    main.add("lose_from", cards, "cards the viewer may lose as a casualty now, per card")
    main.add("end", 1 + MAX_SEATS, "game over; the relative seats ranked first then (score, ARC, influence, figures)")
    main.add("seats", MAX_SEATS * seat.size, "per relative seat 0-3 (0 = the viewer), the seat block")
    main.add("spaces", NSPACE * space.size, "per space A1, B1 .. G7 (row by row), the space block")
    return main, seat, space


class CityOfRemnantsEncoder:
    """The City of Remnants vector (see `layout`, `seat_layout`, `space_layout` and docs/rl.md), seat-relative,
    values in [0, 1]; the same size for 2, 3 and 4 players (absent seats stay 0)."""

    low = 0.0
    high = 1.0

    def __init__(self, comp: Components | None = None) -> None:
        comp = comp or load_components(None)
        self.comp = comp
        self.layout, self.seat_layout, self.space_layout = build_layouts(comp)
        self.size = self.layout.size
        self.off = self.layout.offsets()
        self.soff = self.seat_layout.offsets()
        self.poff = self.space_layout.offsets()
        self.cards = {c.id: i for i, c in enumerate(comp.cards)}
        self.devs = {d.id: i for i, d in enumerate(comp.devs)}
        self.tokens = {t.id: i for i, t in enumerate(comp.tokens)}
        self.coords = {c.id: i for i, c in enumerate(comp.coords)}
        self.gangs = {g.key: i for i, g in enumerate(comp.gangs)}
        self.spaces = {space_name(sp): sp for sp in range(NSPACE)}
        self.boards = {side: self._board(side) for side in comp.boards}
        # per engine (data file) of the games encoded from their state: its tables (`encoder_state.py`)
        self._tables: dict[int, Any] = {}

    def encode_state(self, rules: Any, state: Any, seat: int | None) -> np.ndarray:
        """The vector of `encode(rules.view(state, seat))`, read straight from the state (no view is built). It
        reads only what the view shows the seat (see `encoder_state.py`)."""
        return encode_state(self, rules.eng, state, seat)

    def _board(self, side: str) -> np.ndarray:
        """The fixed part of the space blocks for one board side: usable, level and award of every space."""
        board = self.comp.boards[side]
        width, o = self.space_layout.size, self.poff["board"]
        out = np.zeros(NSPACE * width, dtype=np.float32)
        top = max(board.award) or 1  # awards are `[design]` values: scaled by the data's own largest
        for sp in range(NSPACE):
            if board.usable(sp):
                out[sp * width + o] = 1.0
                out[sp * width + o + 1 + _index(LEVELS, board.level[sp], "level")] = 1.0
                out[sp * width + o + 4] = board.award[sp] / top
        return out

    def encode(self, view: Mapping[str, Any]) -> np.ndarray:
        v = np.zeros(self.size, dtype=np.float32)
        off = self.off
        players = len(view["players"])
        rel = seat_order(view.get("you"), players)

        v[off["players"] + _index(PLAYER_COUNTS, players, "player count")] = 1.0
        v[off["side"] + _index(SIDES, view["side"], "board side")] = 1.0
        v[off["phase"] + _index(PHASES, view["phase"], "phase")] = 1.0
        v[off["round"]] = _scaled(view["round"], "round")
        v[off["first"] + rel(view["first"])] = 1.0
        if view["active"] is not None and int(view["active"]) >= 0:
            v[off["active"] + rel(view["active"])] = 1.0
        for seat in view["deciders"]:
            v[off["deciders"] + rel(seat)] = 1.0
        self._action(view["action"], v)
        for name, amount in view["mods"].items():
            v[off["mods"] + _index(MODS, name, "turn modifier")] = _scaled(amount, name)
        o = off["supply"]
        for i, (value, scale) in enumerate(((view["gm_deck"], "gm_deck"), (view["bm_deck"], "bm_deck"),
                                            (view["coord_deck"], "coord_deck"), (len(view["bag"]), "bag"),
                                            (view["renown_supply"], "renown_supply"),
                                            (view["product_supply"], "products"),
                                            (len(view["removed"]), "removed"))):
            v[o + i] = _scaled(value, scale)
        self._cards(view["gm_row"] + view["bm_row"], off["market"], v)
        self._cards(view["gm_discard"] + view["bm_discard"], off["market_discard"], v)
        self._cards(view["removed"], off["removed"], v)
        for token in view["bag"]:
            v[off["bag"] + _index(self.tokens, token, "YCU token")] = 1.0
        self._coords(view, v)
        for d in view["drafted"]:
            i = 3 * _index(self.devs, d["id"], "development")
            v[off["drafted"] + i] = 1.0
            v[off["drafted"] + i + 1] = _scaled(d["left"], "left")
            v[off["drafted"] + i + 2] = _scaled(d["cost"], "cost")
        if "auction" in view:
            self._auction(view["auction"], v, rel)
        battle = view.get("battle")
        if battle is not None:
            self._battle(battle, v, rel)
        if "effect" in view:
            self._effect(view["effect"], v, rel)
        self._revealed(view["revealed"], v, rel)
        for seat, done in enumerate(view.get("reset_done", ())):
            if done:
                v[off["reset"] + rel(seat)] = 1.0
        self._cards(view.get("hand", ()), off["hand"], v)
        self._cards(view.get("reset_chosen", ()), off["reset_chosen"], v)
        self._cards(view.get("lose_from", ()), off["lose_from"], v)
        if view["over"]:
            v[off["end"]] = 1.0
            keys = [(p["score"], p["arc"], p["influence"], p["on_board"]) for p in view["players"]]
            for seat, key in enumerate(keys):
                if key == max(keys):
                    v[off["end"] + 1 + rel(seat)] = 1.0
        for seat, p in enumerate(view["players"]):
            self._seat(p, v, off["seats"] + rel(seat) * self.seat_layout.size)
        self._spaces(view, v, rel, battle)
        return v

    # -- blocks -----------------------------------------------------------------------
    def _cards(self, ids: Sequence[str], start: int, v: np.ndarray) -> None:
        for card in ids:
            v[start + _index(self.cards, card, "card")] = 1.0

    def _action(self, action: Mapping[str, Any], v: np.ndarray) -> None:
        o = self.off["action"]
        v[o + _index(ACTION_KINDS, action["kind"], "action")] = 1.0
        for key, value in action.items():
            if key == "kind":
                continue
            amount = len(value) if isinstance(value, list) else value
            v[o + len(ACTION_KINDS) + _index(ACTION_COUNTS, key, "action detail")] = _scaled(amount, "action")

    def _coords(self, view: Mapping[str, Any], v: np.ndarray) -> None:
        o = self.off["coords"]
        for block, key in enumerate(("coord_shown", "coord_discard")):
            for c in view[key]:
                v[o + 4 * _index(self.coords, c, "coordinate card") + block] = 1.0
        for depth, c in enumerate(view.get("known_coords", ())):
            i = 4 * _index(self.coords, c, "coordinate card")
            v[o + i + 2] = 1.0
            v[o + i + 3] = _scaled(depth + 1, "depth")

    def _auction(self, a: Mapping[str, Any], v: np.ndarray, rel: Any) -> None:
        o = self.off["auction"]
        cards = len(self.cards)
        v[o] = 1.0
        v[o + 1 + _index(self.cards, a["card"], "card")] = 1.0
        v[o + 1 + cards] = _scaled(a["high"], "bid")
        seats = o + 2 + cards
        for block, key in enumerate(("bidder", "declarer", "turn")):
            if a[key] is not None and int(a[key]) >= 0:
                v[seats + block * MAX_SEATS + rel(a[key])] = 1.0
        for seat in a["out"]:
            v[seats + 3 * MAX_SEATS + rel(seat)] = 1.0

    def _battle(self, b: Mapping[str, Any], v: np.ndarray, rel: Any) -> None:
        o = self.off["battle"]
        v[o] = 1.0
        v[o + 1 + _index(BATTLE_KINDS, b["kind"], "battle kind")] = 1.0
        if b["who"] is not None and int(b["who"]) >= 0:
            v[o + 3 + rel(b["who"])] = 1.0
        if b["token"] is not None:
            token = self.comp.tokens[_index(self.tokens, b["token"], "YCU token")]
            v[o + 7] = 1.0
            v[o + 8] = _scaled(token.attack, "attack")
            v[o + 9] = _scaled(token.bribe, "pay")
        v[o + 10] = _scaled(b.get("bribe", 0), "pay")
        result = b["result"]
        unknown = set(result) - {"totals", "win", "killed"}
        if unknown:
            raise ValueError(f"cityofremnants encoder: unknown battle result {sorted(unknown)!r} in the view")
        if result:
            v[o + 11] = 1.0
            v[o + 12] = _scaled(result["totals"][0], "total")
            v[o + 13] = _scaled(result["totals"][1], "total")
            v[o + 14 + _index((0, 1), result["win"], "winning side")] = 1.0
            v[o + 16] = _scaled(result["killed"], "killed")
        width = MAX_SEATS + len(ROLES) + 3 + DIE_FACES + len(self.cards)
        for side in (0, 1):
            s = o + 17 + side * width
            if int(b["seats"][side]) >= 0:
                v[s + rel(b["seats"][side])] = 1.0
            if b["roles"][side]:
                v[s + MAX_SEATS + _index(ROLES, b["roles"][side], "battle role")] = 1.0
            s += MAX_SEATS + len(ROLES)
            v[s] = _scaled(b["committed"][side], "committed")
            v[s + 1] = float(b["cards"][side] is not None)
            v[s + 2] = _scaled(b["paid"][side], "pay")
            for face in b["dice"][side]:
                v[s + 3 + _index(range(DIE_FACES), face, "die face")] += 1.0 / SCALE["dice"]
            self._cards(b["cards"][side] or (), s + 3 + DIE_FACES, v)
        np.clip(v[o:o + self.layout.field("battle").size], 0.0, 1.0, out=v[o:o + self.layout.field("battle").size])

    def _effect(self, e: Mapping[str, Any], v: np.ndarray, rel: Any) -> None:
        o = self.off["effect"]
        cards, coords = len(self.cards), len(self.coords)
        v[o] = 1.0
        v[o + 1 + _index(STAGES, e["stage"], "effect stage")] = 1.0
        o += 1 + len(STAGES)
        if e["card"] is not None:
            v[o + _index(self.cards, e["card"], "card")] = 1.0
        v[o + cards] = _scaled(e["done"], "done")
        o += cards + 1
        for c in e.get("look", ()):
            v[o + _index(self.coords, c, "coordinate card")] = 1.0
        for depth, c in enumerate(e.get("order", ())):
            v[o + coords + _index(self.coords, c, "coordinate card")] = _scaled(depth + 1, "depth")
        o += 2 * coords
        self._cards(e.get("pile", ()), o, v)
        o += cards
        if "rival" in e:
            v[o + rel(e["rival"])] = 1.0
        self._cards(e.get("rival_hand", ()), o + MAX_SEATS, v)

    def _revealed(self, shown: Mapping[str, Any], v: np.ndarray, rel: Any) -> None:
        o = self.off["revealed"]
        for key, value in shown.items():
            if key == "cards":
                self._cards(value, o, v)
            elif key == "battle":
                for side in value:
                    self._cards(side, o, v)
            elif key == "reset":
                for seat, discards in enumerate(value):
                    self._cards(discards, o, v)
                    v[o + len(self.cards) + rel(seat)] = _scaled(len(discards), "reset")
            else:
                raise ValueError(f"cityofremnants encoder: unknown revealed record {key!r} in the view")

    def _seat(self, p: Mapping[str, Any], v: np.ndarray, start: int) -> None:
        so = {k: start + x for k, x in self.soff.items()}
        v[so["present"]] = 1.0
        if p["gang"] is not None:
            v[so["gang"] + _index(self.gangs, p["gang"], "gang")] = 1.0
        numbers = ((p["arc"], "arc"), (p["influence"], "influence"), (p["renown"], "renown"),
                   (p["overflow"], "renown"), (p["score"], "renown"), (p["turns"], "turns"), (p["pool"], "figures"),
                   (p["reserve"], "figures"), (p["on_board"], "figures"), (p["hand_size"], "hand"),
                   (p["draw_size"], "draw"), (p["award"], "award"))
        for i, (value, scale) in enumerate(numbers):
            v[so["numbers"] + i] = _scaled(value, scale)
        self._cards(p["discard"], so["discard"], v)
        self._cards(p["tableau"], so["tableau"], v)

    def _spaces(self, view: Mapping[str, Any], v: np.ndarray, rel: Any, battle: Mapping[str, Any] | None) -> None:
        po = self.poff
        width = self.space_layout.size
        start = self.off["spaces"]
        if view["side"] not in self.boards:
            raise ValueError(f"cityofremnants encoder: unknown board side {view['side']!r} in the view")
        v[start:start + NSPACE * width] = self.boards[view["side"]]
        tokens = self.comp.tokens
        for seat, p in enumerate(view["players"]):
            if p["entry"] is not None:
                v[start + _index(self.spaces, p["entry"], "space") * width + po["entry"] + rel(seat)] = 1.0
        for name, counts in view["figures"].items():
            o = start + _index(self.spaces, name, "space") * width + po["figures"]
            for seat, n in enumerate(counts):
                if n:
                    v[o + rel(seat)] = _scaled(n, "space_figures")
        for name, ids in view["ycu"].items():
            o = start + _index(self.spaces, name, "space") * width + po["ycu"]
            here = [tokens[_index(self.tokens, t, "YCU token")] for t in ids]
            v[o] = _scaled(len(here), "space_tokens")
            v[o + 1] = _scaled(sum(t.attack for t in here), "space_attack")
            v[o + 2] = _scaled(sum(t.bribe for t in here), "space_bribe")
        for d in view["developments"]:
            kind = _index(self.devs, d["id"], "development")
            for name in d["spaces"]:
                o = start + _index(self.spaces, name, "space") * width
                v[o + po["development"] + kind] = 1.0
                v[o + po["tile"]] = _scaled(d["products"], "tile_products")
                if d["controller"] is not None:
                    v[o + po["tile"] + 1 + rel(d["controller"])] = 1.0
        if view["enemy_space"] is not None:
            v[start + _index(self.spaces, view["enemy_space"], "space") * width + po["marks"]] = 1.0
        if battle is not None and battle["space"] is not None:
            v[start + _index(self.spaces, battle["space"], "space") * width + po["marks"] + 1] = 1.0


def make_encoder(players: int, options: Mapping[str, Any]) -> CityOfRemnantsEncoder:
    """The encoder for a City of Remnants game (the same vector for every player count and option)."""
    return CityOfRemnantsEncoder()


from .encoder_state import encode_state  # noqa: E402 (it reads this module's names)
