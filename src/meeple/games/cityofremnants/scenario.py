"""Positions described in words (YAML scenarios and tests).

A description starts from the seeded setup (`players`, `seed`, `options`) and overrides what it names:
`gangs` (gang keys by seat), `first`, `active`, `round`, `phase` (default `pre`), per-seat lists `arc`, `influence`,
`renown`, `tracker`, `pool`, `reserve`, card lists by seat `hands`, `discards`, `draws` (top first), `tableaus`,
`figures` ({space: [count per seat]}), `ycu` ({space: [token ids]}), `built` ([{id, spaces, products}]),
`drafted` (development ids), `coord_deck` (top first), `gm_row`, `gm_deck` (top first), `bm_row`, `renown_supply`,
`setup_script` (the d6 rolls of the setup) and `script` ({die: [faces], d6: [rolls], token: [token ids]}:
the chance outcomes to use, in order, COR-26.3).
`removed` lists starter cards out of the game. A card named anywhere is taken out of the zone it was dealt to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.errors import ScenarioError
from meeple.kit import ScenarioReader

from .data import GANG_KEYS, NSPACE, parse_space
from .rules.engine import Engine
from .state import State, TurnAction, board_bits, board_counts

PER_SEAT = ("arc", "influence", "renown", "tracker", "pool", "reserve", "overflow")


READ = ScenarioReader("scenario field")


def build(eng: Engine, desc: Mapping[str, Any]) -> State:
    players = int(desc.get("players", 4))
    if players not in (2, 3, 4):
        raise READ.fail("players", f"City of Remnants is played by 2 to 4 players, not {players}")
    options = {"leaders": "random", **dict(desc.get("options") or {})}
    tokens = {t.id: t.index for t in eng.comp.tokens}
    setup_script = {k: [int(v) for v in vals] for k, vals in (desc.get("setup_script") or {}).items()}
    s = eng.setup(players, options, int(desc.get("seed", 0)), script=setup_script)
    ids = {c.id: c.index for c in eng.cards}

    def card(value: Any, field: str) -> int:
        return READ.one_of(value, field, ids, "card id")

    def space(value: Any, field: str) -> int:
        try:
            return parse_space(str(value))
        except ValueError as exc:
            raise READ.fail(field, str(exc)) from None

    if "gangs" in desc:
        keys = list(desc["gangs"])
        if len(keys) != players or any(k not in GANG_KEYS for k in keys):
            raise READ.fail("gangs", f"list one gang key ({', '.join(GANG_KEYS)}) per seat")
        for p in range(players):
            s.hand[p], s.draw[p], s.discard[p] = [], [], []
        for p, key in enumerate(keys):
            g = GANG_KEYS.index(key)
            s.gang[p] = g
            s.draw[p] = [c.index for c in eng.cards if c.deck == key]
            s.hand[p] = s.draw[p][:4]
            s.draw[p] = s.draw[p][4:]
    named: list[int] = []
    for field in ("hands", "discards", "draws", "tableaus"):
        for cards in desc.get(field) or []:
            named += [card(c, field) for c in cards]
    named += [card(c, "gm_row") for c in desc.get("gm_row") or []]
    named += [card(c, "gm_deck") for c in desc.get("gm_deck") or []]
    named += [card(c, "bm_row") for c in desc.get("bm_row") or []]
    named += [card(c, "removed") for c in desc.get("removed") or []]
    zones = [s.gm_deck, s.gm_row, s.gm_discard, s.bm_deck, s.bm_row, s.bm_discard]
    for p in range(players):
        zones += [s.hand[p], s.draw[p], s.discard[p], s.tableau[p]]
    for c in named:
        for z in zones:
            if c in z:
                z.remove(c)
                break
    for field, attr in (("hands", "hand"), ("discards", "discard"), ("draws", "draw"), ("tableaus", "tableau")):
        if field in desc:
            lists = desc[field]
            for p, cards in enumerate(lists):
                zone = getattr(s, attr)[p]
                if field == "draws":
                    zone[:0] = [card(c, field) for c in cards]
                elif field == "hands" and desc.get("replace_hands", True):
                    s.draw[p][:0] = [c for c in zone]
                    zone[:] = [card(c, field) for c in cards]
                else:
                    zone += [card(c, field) for c in cards]
    s.removed += [card(c, "removed") for c in desc.get("removed") or []]
    if "gm_row" in desc:
        s.gm_deck[:0] = s.gm_row
        s.gm_row = [card(c, "gm_row") for c in desc["gm_row"]]
    if "gm_deck" in desc:
        s.gm_deck[:0] = [card(c, "gm_deck") for c in desc["gm_deck"]]
    if "bm_row" in desc:
        s.bm_deck[:0] = s.bm_row
        s.bm_row = [card(c, "bm_row") for c in desc["bm_row"]]
    for field in PER_SEAT:
        if field in desc:
            values = list(desc[field])
            if len(values) != players:
                raise READ.fail(field, f"lists {len(values)} seats for {players} players")
            getattr(s, field)[:] = [int(v) for v in values]
    for sp_name, counts in (desc.get("figures") or {}).items():
        sp = space(sp_name, "figures")
        counts = list(counts) + [0] * (players - len(counts))
        s.figures[sp] = tuple(int(counts[p]) for p in range(players))
    if "figures" in desc and "reserve" not in desc:
        for p in range(players):
            s.reserve[p] = eng.k["FIGURES_PER_COLOUR"] - s.pool[p] - eng.on_board(s, p)
    for sp_name, toks in (desc.get("ycu") or {}).items():
        sp = space(sp_name, "ycu")
        for t in toks:
            if t not in tokens or tokens[t] not in s.bag:
                raise READ.fail("ycu", f"{t!r} is not a token in the bag")
            s.bag.remove(tokens[t])
            s.ycu[sp] += (tokens[t],)
    coords = {c.id: c.index for c in eng.comp.coords}
    if "coord_deck" in desc:
        top = []
        for c in desc["coord_deck"]:
            if c not in coords:
                raise READ.fail("coord_deck", f"{c!r} is not a coordinate card id")
            top.append(coords[c])
        s.coord_deck = top + [c for c in s.coord_deck if c not in top]
    devs = {d.id: d.index for d in eng.comp.devs}
    if "drafted" in desc:
        s.drafted = sorted(devs[d] for d in desc["drafted"])
    for b in desc.get("built") or []:
        if b["id"] not in devs:
            raise READ.fail("built", f"{b['id']!r} is not a development id")
        t = devs[b["id"]]
        if t not in s.drafted:
            s.drafted = sorted([*s.drafted, t])
        s.built.append((t, *sorted(space(x, "built") for x in b["spaces"])))
        s.products.append(int(b.get("products", 0)))
    for key in ("round", "first", "active", "renown_supply", "enemy_space"):
        if key in desc:
            setattr(s, key, int(desc[key]) if key != "enemy_space" else space(desc[key], key))
    if "script" in desc:
        s.script = {k: [tokens[v] if k == "token" else int(v) for v in vals]
                    for k, vals in (desc.get("script") or {}).items()}
    if "phase" in desc or "active" in desc:
        s.phase = str(desc.get("phase", "pre"))
        s.reset_done = [True] * players
        s.mods, s.action = {}, TurnAction()
        if s.phase == "move":
            s.action = TurnAction("move")
            s.action.count = int(desc.get("moved", 1))
    if s.phase == "reset":
        s.reset_done = [False] * players
    if "mods" in desc:
        s.mods = {str(k): int(v) for k, v in desc["mods"].items()}
    assert len(s.figures) == NSPACE
    s.counts = board_counts(s.figures, s.ycu, players)  # the rows were written above
    s.bits = board_bits(s.figures, s.ycu, players)
    s.marks = s.devs = ()
    broken = eng_invariants(eng, s)
    if broken:
        raise ScenarioError("the description gives an impossible position: " + "; ".join(broken))
    return s


def eng_invariants(eng: Engine, s: State) -> list[str]:
    from .views import invariants

    return [b for b in invariants(eng, s) if "contested" not in b]
