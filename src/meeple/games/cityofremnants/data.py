"""Loading and checking the City of Remnants component data (COR-29), with the provenance of every value.

Every [design] reconstruction of the spec is a value of `data/components.toml` (COR-29.13): a player who owns the
game corrects the file, not the code. The loader applies every check of COR-29.14 and refuses a bad entry with a
`DataError` naming the file and the entry.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.kit import PROVENANCES, DataReader, Entry, per_file, read_toml

from .tuning import Tuning, tunings

DEFAULT_DATA = Path(__file__).parent / "data" / "components.toml"
DATA_FORMAT = "meeple-cityofremnants-components/1"

COLOURS = ("yellow", "blue", "green", "red")
GANG_KEYS = ("HUM", "NEI", "LEN", "IGG")
LEVELS = ("Slums", "Midtown", "Heights")
LEVEL_CODE = {"S": "Slums", "M": "Midtown", "H": "Heights"}
SIDES = ("N", "E", "S", "W")
COLUMNS = "ABCDEFG"
SIZE = 7
NSPACE = SIZE * SIZE

# Effect primitives (COR-29.12) and how many arguments each takes.
TURN_PRIMS = {
    "gain_arc": 1, "draw": 1, "gain_influence": 1, "recruit_fixed": 2, "reveal_gm_to_row": 1, "min_first_bid": 1,
    "dev_discount": 1, "bm_discount": 1, "refresh_bm_row": 0, "sell_extra": 1, "add_products": 2, "move_figures": 3,
    "place_from_pool": 2, "extra_move_figures": 1, "move_range": 1, "reserve_to_pool": 1, "peek_coords": 1,
    "gamble": 0, "search_card": 1, "remove_ycu": 1, "strip_card": 1,
}
BATTLE_PRIMS = {
    "atk": 1, "atk_if_attacker": 1, "atk_if_defender": 1, "atk_per_figure": 1, "dice": 1, "dice_per_figure": 1,
    "reroll": 1, "pay_for_atk": 2, "on_win": 1, "no_card_loss": 0, "no_casualty": 0, "negate_top_unit": 0,
    "ycu_minus": 1,
}
PERMANENT_PRIMS = {
    "bribe_minus": 1, "atk_all": 1, "sell_limit": 1, "award_renown": 1, "win_renown": 1, "dev_discount_perm": 1,
    "hand_target": 1,
}
PRODUCE_PRIMS = {
    "produce_products": 1, "produce_arc": 1, "produce_draw": 1, "produce_trash_for_arc": 1,
    "produce_recruit_top": 1, "produce_casino": 0, "produce_counterfeit": 0, "produce_influence": 1,
}
PASSIVE_PRIMS = {"side_entry": 0, "passive_dice": 1, "passive_atk": 1, "passive_bribe_half": 0}
ALERT_PRIMS = {"gain_arc": 1, "lose_arc": 1, "gain_renown": 1, "lose_renown": 1, "slipped_away": 0}
# Arguments that are ARC amounts (checked against COR-29.14's multiple of 250), by primitive: argument positions.
ARC_ARGS = {
    "gain_arc": (0,), "recruit_fixed": (0,), "min_first_bid": (0,), "dev_discount": (0,), "bm_discount": (0,),
    "pay_for_atk": (0,), "bribe_minus": (0,), "dev_discount_perm": (0,), "produce_arc": (0,),
    "produce_trash_for_arc": (0,), "produce_recruit_top": (0,), "lose_arc": (0,),
}
FORMULA = re.compile(r"^(\d+)\s*\+\s*(\d+)\s*\*\s*devs_controlled$")
CONDITIONAL = re.compile(r"^(\d+)\s+if\s+devs_controlled\s*>=\s*(\d+)\s+else\s+(\d+)$")
CONSTANTS = (
    "PLAYER_COUNTS", "START_ARC", "RESET_ARC", "START_HAND", "START_INFLUENCE", "INFLUENCE_MIN", "INFLUENCE_MAX",
    "TURNS_PER_ROUND", "START_POOL", "FIGURES_PER_COLOUR", "STARTER_DECK_SIZE", "MOVE_RANGE", "POOL_ENTRY_COST",
    "MAX_OWN_FIGURES_PER_SPACE", "ENEMY_SPACES_PER_TURN", "GM_ROW_SIZE", "BM_ROW_SIZE", "DRAFT_PER_LEVEL",
    "TYPES_PER_LEVEL", "DEV_TILES_SLUMS", "DEV_TILES_MIDTOWN", "DEV_TILES_HEIGHTS", "RENOWN_SUPPLY", "RENOWN_PRICE",
    "COORD_CARDS_PER_PATROL", "COORDS_PER_CARD", "YCU_TOKENS", "PRODUCT_SUPPLY", "BID_STEP", "MIN_FIRST_BID",
    "BATTLE_DIE_FACES", "MAX_DICE_PER_SIDE", "AWARD_HEIGHTS", "AWARD_CENTRE", "INFLUENCE_WIN", "INFLUENCE_LOSS",
    "INFLUENCE_HEIGHTS_BUILD", "ROUND_CAP", "BID_MAX",
)


def space_name(sp: int) -> str:
    return f"{COLUMNS[sp % SIZE]}{sp // SIZE + 1}"


def parse_space(text: str) -> int:
    t = str(text).strip().upper()
    if len(t) != 2 or t[0] not in COLUMNS or not t[1].isdigit() or not 1 <= int(t[1]) <= SIZE:
        raise ValueError(f"{text!r} is not a space (A1..G7)")
    return (int(t[1]) - 1) * SIZE + COLUMNS.index(t[0])


@dataclass(frozen=True)
class Effect:
    """One effect primitive with its arguments as written (`move_figures(1, 2, board)`)."""

    name: str
    args: tuple[str, ...] = ()

    def num(self, i: int = 0, devs: int = 0) -> int:
        """Argument `i` as a number; `devs` is the player's controlled developments for formula arguments."""
        base, per, least, other = _number(self.args[i])
        return base + per * devs if least < 0 else (base if devs >= least else other)


@functools.cache
def _number(arg: str) -> tuple[int, int, int, int]:
    """An effect argument read once (`Effect.num`): (base, per, least, other) for `base + per * devs`, or, where
    least is not negative, `base if devs >= least else other`."""
    text = (arg.replace("+", " + ").strip() if arg.startswith("+") else arg.strip()).lstrip("+ ").strip()
    if text.lstrip("-").isdigit():
        return int(text), 0, -1, 0
    m = FORMULA.match(text)
    if m:
        return int(m.group(1)), int(m.group(2)), -1, 0
    m = CONDITIONAL.match(text)
    if m:
        return int(m.group(1)), 0, int(m.group(2)), int(m.group(3))
    raise ValueError(f"{arg!r} is not a number")


@dataclass(frozen=True)
class Card(Entry):
    name: str
    deck: str  # HUM NEI LEN IGG (starter), GM (gang member deck), BM (black market)
    type: str  # leader, member, ability, blackmarket
    attack: tuple[int, int, int, int] | None
    timing: str  # Turn, Battle, Permanent, -
    effects: tuple[Effect, ...]
    text: str
    cost: int
    unique: bool

    @property
    def unit(self) -> bool:
        return self.type in ("leader", "member")

    @property
    def starter(self) -> bool:
        return self.deck in GANG_KEYS


@dataclass(frozen=True)
class DevType(Entry):
    name: str
    level: str
    copies: int
    shape: str
    cost: int
    renown: int
    produce: Effect | None
    cap: int
    price: int
    defense: int
    passive: Effect | None
    text: str


@dataclass(frozen=True)
class Token:
    id: str
    index: int
    attack: int
    bribe: int


@dataclass(frozen=True)
class CoordCard:
    id: str
    index: int
    side_a: tuple[int, ...]
    side_b: tuple[int, ...]

    def coords(self, side: str) -> tuple[int, ...]:
        return self.side_a if side == "A" else self.side_b


@dataclass(frozen=True)
class AlertRow:
    roll: int
    won: tuple[Effect, ...]
    lost: tuple[Effect, ...]
    won_text: str
    lost_text: str


@dataclass(frozen=True)
class Board:
    side: str
    level: tuple[str, ...]  # per space: Slums, Midtown, Heights, or "" for a hazard space
    award: tuple[int, ...]
    entry: dict[str, int]  # side letter -> entry space

    def usable(self, sp: int) -> bool:
        return self.level[sp] != ""


@dataclass(frozen=True)
class Gang:
    key: str
    index: int
    species: str
    colour: str
    leader: str
    style: str


@dataclass(frozen=True)
class Components:
    path: str
    constants: dict[str, Any]
    constants_provenance: dict[str, str]
    boards: dict[str, Board]
    shapes: dict[str, tuple[tuple[tuple[int, int], ...], ...]]
    gangs: tuple[Gang, ...]
    cards: tuple[Card, ...]
    devs: tuple[DevType, ...]
    tokens: tuple[Token, ...]
    coords: tuple[CoordCard, ...]
    alert: tuple[AlertRow, ...]
    d6_tables: dict[str, tuple[int, ...]]
    provenance: dict[str, dict[str, str]]  # entry id -> field -> provenance (design entries and fields)
    tunings: tuple[Tuning, ...] = field(default=())  # the [design] values a balance pass changed, with their notes

    def c(self, name: str) -> Any:
        return self.constants[name]

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def card_index(self, card_id: str) -> int:
        return self.card(card_id).index


class _Reader(DataReader):
    """City of Remnants' effect primitives, on top of the kit's reader."""

    def effects(self, text: str, entry: str, allowed: dict[str, int]) -> tuple[Effect, ...]:
        if text.strip() in ("-", "none", ""):
            return ()
        out = []
        for part in _split_top(text, ";"):
            m = re.match(r"^([a-z_]+)(?:\((.*)\))?$", part.strip())
            if not m:
                raise self.fail(entry, f"effect {part!r} is not a primitive call")
            name, arg_text = m.group(1), m.group(2)
            if name not in allowed:
                raise self.fail(entry, f"effect {name!r} is not a known primitive here ({', '.join(sorted(allowed))})")
            args = tuple(a.strip() for a in _split_top(arg_text, ",")) if arg_text and arg_text.strip() else ()
            if name == "on_win":
                if len(args) != 1:
                    raise self.fail(entry, "on_win takes one effect")
                self.effects(args[0], entry, TURN_PRIMS)
            elif len(args) != allowed[name]:
                raise self.fail(entry, f"effect {name} takes {allowed[name]} arguments, not {len(args)}")
            eff = Effect(name, args)
            for i in ARC_ARGS.get(name, ()):
                for devs in (0, 1, 2, 5):
                    try:
                        amount = eff.num(i, devs)
                    except ValueError:
                        raise self.fail(entry, f"effect {name}: {args[i]!r} is not an amount") from None
                    if amount % 250:
                        raise self.fail(entry, f"ARC amount {amount} of {name} is not a multiple of 250 (COR-29.14)")
            out.append(eff)
        return tuple(out)


def _split_top(text: str, sep: str) -> list[str]:
    """Split at `sep` outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def _parse(file: Path) -> Components:
    raw = read_toml(file, DATA_FORMAT)
    rd = _Reader(file)
    provenance: dict[str, dict[str, str]] = {}
    constants = _constants(rd, raw, provenance)
    boards = {side: _board(rd, raw, side, constants) for side in ("A", "B")}
    shapes = _shapes(rd, raw)
    gangs = _gangs(rd, raw, provenance)
    cards = _cards(rd, raw, provenance)
    devs = _devs(rd, raw, provenance, shapes)
    tokens = _tokens(rd, raw, provenance)
    coords = _coords(rd, raw, provenance, boards)
    alert = _alert(rd, raw, provenance)
    d6 = _d6_tables(rd, raw, provenance)
    comp = Components(str(file), constants, {k: provenance["constants"][k] for k in CONSTANTS}, boards, shapes, gangs,
                      cards, devs, tokens, coords, alert, d6, provenance, tunings(rd, raw, provenance, CONSTANTS))
    _validate(rd, comp)
    return comp


# Load and check a components file (the default one when `path` is None), once per file.
load_components = per_file(DEFAULT_DATA, _parse)


def _constants(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]]) -> dict[str, Any]:
    table = raw.get("constants")
    prov = raw.get("constants_provenance")
    if not isinstance(table, dict) or not isinstance(prov, dict):
        raise rd.fail("constants", "the [constants] and [constants_provenance] tables are required")
    out: dict[str, Any] = {}
    for name in CONSTANTS:
        if name not in table:
            raise rd.fail(f"constants.{name}", "missing")
        value = table[name]
        if name in ("PLAYER_COUNTS", "BATTLE_DIE_FACES"):
            if not isinstance(value, list) or not value or not all(isinstance(v, int) and v >= 0 for v in value):
                raise rd.fail(f"constants.{name}", f"must be a list of whole numbers, not {value!r}")
            out[name] = tuple(value)
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise rd.fail(f"constants.{name}", f"must be a whole number, not {value!r}")
            if value < 0 and name != "INFLUENCE_LOSS":
                raise rd.fail(f"constants.{name}", f"must not be negative, not {value}")
            out[name] = value
        if prov.get(name) not in PROVENANCES:
            raise rd.fail(f"constants_provenance.{name}", "must be rulebook, public or design")
    extra = sorted(set(table) - set(CONSTANTS))
    if extra:
        raise rd.fail(f"constants.{extra[0]}", "is not a constant of the game")
    if not 1 <= out["INFLUENCE_MIN"] <= out["START_INFLUENCE"] <= out["INFLUENCE_MAX"]:
        raise rd.fail("constants.START_INFLUENCE", "must lie within INFLUENCE_MIN..INFLUENCE_MAX")
    if out["START_POOL"] > out["FIGURES_PER_COLOUR"]:
        raise rd.fail("constants.START_POOL", "more than FIGURES_PER_COLOUR")
    if out["BID_STEP"] <= 0 or out["BID_MAX"] % out["BID_STEP"] or out["MIN_FIRST_BID"] % out["BID_STEP"]:
        raise rd.fail("constants.BID_STEP", "BID_MAX and MIN_FIRST_BID must be multiples of a positive BID_STEP")
    if out["ENEMY_SPACES_PER_TURN"] != 1 or out["PLAYER_COUNTS"] != (2, 3, 4) or out["POOL_ENTRY_COST"] < 1:
        raise rd.fail("constants.ENEMY_SPACES_PER_TURN", "this engine plays 1 enemy space a turn, 2 to 4 players and "
                      "an entry cost of at least 1")
    if out["MAX_DICE_PER_SIDE"] < 1 or out["ROUND_CAP"] < 1 or out["TURNS_PER_ROUND"] < 1:
        raise rd.fail("constants.ROUND_CAP", "MAX_DICE_PER_SIDE, ROUND_CAP and TURNS_PER_ROUND must be positive")
    provenance["constants"] = {str(k): str(v) for k, v in prov.items()}
    return out


def _board(rd: _Reader, raw: dict[str, Any], side: str, constants: dict[str, Any]) -> Board:
    entry_name = f"boards.{side}"
    table = raw.get("boards", {}).get(side)
    if not isinstance(table, dict) or not isinstance(table.get("rows"), list) or len(table["rows"]) != SIZE:
        raise rd.fail(entry_name, f"rows must list {SIZE} rows")
    rd.provenance(entry_name, table, default=True)
    level: list[str] = []
    award: list[int] = []
    entry: dict[str, int] = {}
    for r, row in enumerate(table["rows"]):
        cells = str(row).split()
        if len(cells) != SIZE:
            raise rd.fail(entry_name, f"row {r + 1} must have {SIZE} cells, not {len(cells)}")
        for c, cell in enumerate(cells):
            sp = r * SIZE + c
            base, _, mark = cell.partition("+")
            if base == "X":
                level.append("")
                award.append(0)
            elif base in ("S", "M", "H1", "H2"):
                level.append(LEVEL_CODE[base[0]])
                award.append({"H1": constants["AWARD_HEIGHTS"], "H2": constants["AWARD_CENTRE"]}.get(base, 0))
            else:
                raise rd.fail(entry_name, f"cell {space_name(sp)} {cell!r} is not S, M, H1, H2 or X")
            if mark:
                if len(mark) != 2 or mark[0] != "E" or mark[1] not in SIDES or mark[1] in entry:
                    raise rd.fail(entry_name, f"cell {space_name(sp)} has a bad entry mark {mark!r}")
                if base == "X":
                    raise rd.fail(entry_name, f"entry space {space_name(sp)} cannot be a hazard space")
                entry[mark[1]] = sp
    need = 4 if side == "A" else 3
    if len(entry) != need:
        raise rd.fail(entry_name, f"needs {need} entry spaces, not {len(entry)}")
    return Board(side, tuple(level), tuple(award), entry)


def _shapes(rd: _Reader, raw: dict[str, Any]) -> dict[str, tuple[tuple[tuple[int, int], ...], ...]]:
    table = raw.get("shapes")
    if not isinstance(table, dict) or not table:
        raise rd.fail("shapes", "a table of tile shapes is required")
    out = {}
    for name, orients in table.items():
        try:
            out[str(name)] = tuple(tuple((int(a), int(b)) for a, b in o) for o in orients)
        except (TypeError, ValueError):
            raise rd.fail(f"shapes.{name}",
                          "must be a list of orientations, each a list of [column, row] offsets") from None
        if not out[str(name)] or any(not o or (0, 0) not in o for o in out[str(name)]):
            raise rd.fail(f"shapes.{name}", "every orientation must contain the offset [0, 0]")
    return out


def _gangs(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]]) -> tuple[Gang, ...]:
    rows = raw.get("gangs")
    if not isinstance(rows, list) or [g.get("key") for g in rows] != list(GANG_KEYS):
        raise rd.fail("gangs", f"must list the four gangs {', '.join(GANG_KEYS)} in this order")
    out = []
    for i, g in enumerate(rows):
        entry = f"gangs.{g['key']}"
        provenance[g["key"]] = rd.provenance(entry, g, default=True)
        if g.get("colour") != COLOURS[i]:
            raise rd.fail(entry, f"colour must be {COLOURS[i]}")
        out.append(Gang(g["key"], i, rd.text(entry, g, "species"), COLOURS[i], rd.text(entry, g, "leader"),
                        rd.text(entry, g, "style")))
    return tuple(out)


def _cards(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]]) -> tuple[Card, ...]:
    rows = raw.get("cards")
    if not isinstance(rows, list):
        raise rd.fail("cards", "a list of [[cards]] is required")
    out: list[Card] = []
    seen: set[str] = set()
    for i, c in enumerate(rows):
        cid = c.get("id")
        entry = f"cards.{cid}" if isinstance(cid, str) else f"cards[{i}]"
        if not isinstance(cid, str) or cid in seen:
            raise rd.fail(entry, "needs a unique id")
        seen.add(cid)
        deck = rd.text(entry, c, "deck")
        ctype = rd.text(entry, c, "type")
        if deck not in (*GANG_KEYS, "GM", "BM"):
            raise rd.fail(entry, f"deck must be one of {', '.join((*GANG_KEYS, 'GM', 'BM'))}, not {deck!r}")
        if ctype not in ("leader", "member", "ability", "blackmarket"):
            raise rd.fail(entry, f"type {ctype!r} is not leader, member, ability or blackmarket")
        if (deck == "BM") != (ctype == "blackmarket") or (deck == "GM" and ctype != "member"):
            raise rd.fail(entry, f"a {deck} card cannot be of type {ctype}")
        attack: tuple[int, int, int, int] | None = None
        if ctype in ("leader", "member"):
            values = c.get("attack")
            if not isinstance(values, list) or len(values) != 4 or not all(
                    isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4 for v in values):
                raise rd.fail(entry, f"a unit card needs four attack values from 1 to 4 (COR-29.14), not {values!r}")
            attack = (values[0], values[1], values[2], values[3])
        timing = rd.text(entry, c, "timing")
        allowed = {"Turn": TURN_PRIMS, "Battle": BATTLE_PRIMS, "Permanent": PERMANENT_PRIMS, "-": {}}.get(timing)
        if allowed is None:
            raise rd.fail(entry, f"timing must be Turn, Battle, Permanent or -, not {timing!r}")
        effects = rd.effects(rd.text(entry, c, "effect"), entry, allowed)
        cost = 0
        if ctype == "blackmarket":
            cost = rd.whole(entry, c, "cost")
            if cost % 250:
                raise rd.fail(entry, f"cost {cost} is not a multiple of 250 (COR-29.14)")
        provenance[cid] = rd.provenance(entry, c, default=True)
        out.append(Card(cid, i, rd.text(entry, c, "name"), deck, ctype, attack, timing, effects,
                        rd.text(entry, c, "text"), cost, bool(c.get("unique", False)),
                        provenance=provenance[cid]))
    return tuple(out)


def _devs(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]],
          shapes: dict[str, Any]) -> tuple[DevType, ...]:
    rows = raw.get("developments")
    if not isinstance(rows, list):
        raise rd.fail("developments", "a list of [[developments]] is required")
    out = []
    for i, d in enumerate(rows):
        did = d.get("id")
        entry = f"developments.{did}" if isinstance(did, str) else f"developments[{i}]"
        level = rd.text(entry, d, "level")
        if level not in LEVELS:
            raise rd.fail(entry, f"level must be Slums, Midtown or Heights, not {level!r}")
        shape = rd.text(entry, d, "shape")
        if shape not in shapes:
            raise rd.fail(entry, f"shape {shape!r} is not listed in [shapes]")
        produce = rd.effects(rd.text(entry, d, "produce"), entry, PRODUCE_PRIMS)
        passive = rd.effects(rd.text(entry, d, "passive"), entry, PASSIVE_PRIMS)
        if len(produce) > 1 or len(passive) > 1:
            raise rd.fail(entry, "a development has at most one Produce and one Passive ability")
        cost, price = rd.whole(entry, d, "cost"), rd.whole(entry, d, "price")
        for what, amount in (("cost", cost), ("price", price)):
            if amount % 250:
                raise rd.fail(entry, f"{what} {amount} is not a multiple of 250 (COR-29.14)")
        cap = rd.whole(entry, d, "cap")
        makes = bool(produce) and produce[0].name == "produce_products"
        if makes != (cap > 0) or makes != (price > 0):
            raise rd.fail(entry, "a development has a cap and a price exactly when it makes products")
        provenance[str(did)] = rd.provenance(entry, d, default=True)
        out.append(DevType(str(did), i, rd.text(entry, d, "name"), level, rd.whole(entry, d, "copies", 1), shape, cost,
                           rd.whole(entry, d, "renown"), produce[0] if produce else None, cap, price,
                           rd.whole(entry, d, "defense"), passive[0] if passive else None, rd.text(entry, d, "text"),
                           provenance=provenance[str(did)]))
    return tuple(out)


def _tokens(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]]) -> tuple[Token, ...]:
    rows = raw.get("ycu_tokens")
    if not isinstance(rows, list):
        raise rd.fail("ycu_tokens", "a list of [[ycu_tokens]] is required")
    out = []
    for i, t in enumerate(rows):
        entry = f"ycu_tokens.{t.get('id', i)}"
        bribe = rd.whole(entry, t, "bribe")
        if bribe % 250:
            raise rd.fail(entry, f"bribe {bribe} is not a multiple of 250 (COR-29.14)")
        provenance[str(t.get("id"))] = rd.provenance(entry, t, default=True)
        out.append(Token(rd.text(entry, t, "id"), i, rd.whole(entry, t, "attack"), bribe))
    return tuple(out)


def _coords(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]],
            boards: dict[str, Board]) -> tuple[CoordCard, ...]:
    rows = raw.get("coordinates")
    if not isinstance(rows, list):
        raise rd.fail("coordinates", "a list of [[coordinates]] is required")
    out = []
    for i, c in enumerate(rows):
        entry = f"coordinates.{c.get('id', i)}"
        sides = []
        for side in ("a", "b"):
            values = c.get(f"side_{side}")
            if not isinstance(values, list):
                raise rd.fail(entry, f"side_{side} must be a list of spaces")
            try:
                sides.append(tuple(parse_space(v) for v in values))
            except ValueError as exc:
                raise rd.fail(entry, f"side_{side}: {exc}") from None
        provenance[str(c.get("id"))] = rd.provenance(entry, c, default=True)
        out.append(CoordCard(rd.text(entry, c, "id"), i, sides[0], sides[1]))
    return tuple(out)


def _alert(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]]) -> tuple[AlertRow, ...]:
    rows = raw.get("alert")
    if not isinstance(rows, list) or [a.get("roll") for a in rows] != [1, 2, 3, 4, 5, 6]:
        raise rd.fail("alert", "must list the rows 1 to 6 of the d6 in order")
    out = []
    for a in rows:
        entry = f"alert.{a['roll']}"
        provenance[entry] = rd.provenance(entry, a, default=True)
        out.append(AlertRow(a["roll"], rd.effects(rd.text(entry, a, "won"), entry, ALERT_PRIMS),
                            rd.effects(rd.text(entry, a, "lost"), entry, ALERT_PRIMS),
                            rd.text(entry, a, "won_text"), rd.text(entry, a, "lost_text")))
    return tuple(out)


def _d6_tables(rd: _Reader, raw: dict[str, Any], provenance: dict[str, dict[str, str]]) -> dict[str, tuple[int, ...]]:
    table = raw.get("d6_tables")
    if not isinstance(table, dict):
        raise rd.fail("d6_tables", "the [d6_tables] table is required")
    provenance["d6_tables"] = rd.provenance("d6_tables", table, default=True)
    out = {}
    for name in ("gamble", "casino", "counterfeit"):
        values = table.get(name)
        if not isinstance(values, list) or len(values) != 6 or not all(isinstance(v, int) for v in values):
            raise rd.fail(f"d6_tables.{name}", "must list 6 whole numbers (ARC for the rolls 1..6)")
        if any(v % 250 for v in values):
            raise rd.fail(f"d6_tables.{name}", "every ARC amount must be a multiple of 250 (COR-29.14)")
        out[name] = tuple(values)
    return out


def placements(comp: Components, board: Board, dev: DevType) -> list[tuple[int, ...]]:
    """Every set of spaces a tile of `dev` may cover on an empty board (COR-13.6, 13.10, 13.11, COR-29.7)."""
    out: list[tuple[int, ...]] = []
    for orient in comp.shapes[dev.shape]:
        for sp in range(NSPACE):
            c0, r0 = sp % SIZE, sp // SIZE
            cells = []
            for dc, dr in orient:
                c, r = c0 + dc, r0 + dr
                if not (0 <= c < SIZE and 0 <= r < SIZE):
                    break
                cells.append(r * SIZE + c)
            else:
                if all(board.level[x] == dev.level for x in cells):
                    key = tuple(sorted(cells))
                    if key not in out:
                        out.append(key)
    return out


def _validate(rd: _Reader, comp: Components) -> None:
    """The checks of COR-29.14 (and the design constraints of COR-29.10.2 that it names)."""
    k = comp.constants
    for gang in comp.gangs:
        deck = [c for c in comp.cards if c.deck == gang.key]
        kinds = Counter(c.type for c in deck)
        if len(deck) != k["STARTER_DECK_SIZE"] or kinds != Counter(leader=1, member=6, ability=3):
            raise rd.fail(f"cards.{gang.key}", f"a starter deck has {k['STARTER_DECK_SIZE']} cards: 1 leader, "
                          f"6 members and 3 abilities, not {dict(kinds)}")
        leader = next(c for c in deck if c.type == "leader")
        if leader.id != gang.leader:
            raise rd.fail(f"gangs.{gang.key}", f"leader {gang.leader} is not the leader card of its deck")
    if sum(c.deck == "GM" for c in comp.cards) != 31:
        raise rd.fail("cards.GM", f"the gang member deck has 31 cards, not {sum(c.deck == 'GM' for c in comp.cards)}")
    if sum(c.deck == "BM" for c in comp.cards) != 30:
        raise rd.fail("cards.BM", f"the black market deck has 30 cards, not {sum(c.deck == 'BM' for c in comp.cards)}")
    if len(comp.devs) != 18:
        raise rd.fail("developments", f"there are 18 development types, not {len(comp.devs)}")
    totals = {"Slums": k["DEV_TILES_SLUMS"], "Midtown": k["DEV_TILES_MIDTOWN"], "Heights": k["DEV_TILES_HEIGHTS"]}
    for level in LEVELS:
        types = [d for d in comp.devs if d.level == level]
        if len(types) != k["TYPES_PER_LEVEL"]:
            raise rd.fail(f"developments.{level}", f"{k['TYPES_PER_LEVEL']} types per level, not {len(types)}")
        copies = sum(d.copies for d in types)
        if copies != totals[level]:
            raise rd.fail(f"developments.{level}", f"the {level} tiles add up to {copies}, not {totals[level]}")
    if sum(totals.values()) != 53:
        raise rd.fail("constants.DEV_TILES_SLUMS", "the development tiles must add up to 53")
    named = {d.name: d for d in comp.devs}
    prot, thieves = named.get("Protection"), named.get("Thieves District")
    if prot is None or prot.copies != 4 or prot.renown != 4:
        raise rd.fail("developments.Protection", "Protection has 4 copies and renown 4 (COR-29.14)")
    if thieves is None or thieves.renown != 2:
        raise rd.fail("developments.Thieves District", "Thieves District has renown 2 (COR-29.14)")
    for dev in comp.devs:
        for side, board in comp.boards.items():
            if not placements(comp, board, dev):
                raise rd.fail(f"developments.{dev.id}", f"shape {dev.shape} fits nowhere in the {dev.level} of "
                              f"board side {side}")
    if len(comp.tokens) != k["YCU_TOKENS"] or len(comp.tokens) != 20:
        raise rd.fail("ycu_tokens", f"there are 20 YCU tokens, not {len(comp.tokens)}")
    if len(comp.coords) != 20:
        raise rd.fail("coordinates", f"there are 20 coordinate cards, not {len(comp.coords)}")
    for card in comp.coords:
        for side in ("A", "B"):
            board = comp.boards[side]
            coords = card.coords(side)
            if len(coords) != k["COORDS_PER_CARD"] or len(set(coords)) != len(coords):
                raise rd.fail(f"coordinates.{card.id}", f"side {side} needs {k['COORDS_PER_CARD']} distinct spaces")
            for sp in coords:
                if sp in board.entry.values() or not board.usable(sp):
                    raise rd.fail(f"coordinates.{card.id}", f"side {side}: {space_name(sp)} is an entry or hazard "
                                  "space (COR-3.16)")
    _check_coord_counts(rd, comp)


def _check_coord_counts(rd: _Reader, comp: Components) -> None:
    """COR-29.10.2: how often each space appears over the whole coordinate deck."""
    b2, f6, d4 = parse_space("B2"), parse_space("F6"), parse_space("D4")
    for side in ("A", "B"):
        board = comp.boards[side]
        count = Counter(sp for card in comp.coords for sp in card.coords(side))
        slums = [sp for sp in range(NSPACE) if board.level[sp] == "Slums" and count[sp]]
        for sp in range(NSPACE):
            lvl, n = board.level[sp], count[sp]
            want: tuple[int, ...]
            if lvl == "Slums":
                want = (0, 1)
            elif lvl == "Midtown":
                want = ((1,) if sp in (b2, f6) else (2,)) if side == "A" else (3,)
            elif lvl == "Heights":
                want = (3,) if side == "B" and sp == d4 else (2,)
            else:
                want = (0,)
            if n not in want:
                raise rd.fail("coordinates", f"side {side}: {space_name(sp)} appears {n} times; COR-29.10.2 wants "
                              f"{' or '.join(map(str, want))}")
        need = 12 if side == "A" else 8
        if len(slums) != need:
            raise rd.fail("coordinates", f"side {side}: {len(slums)} Slums spaces appear, COR-29.10.2 wants {need}")


def reconstructions(comp: Components) -> list[str]:
    """The [design] values of the data file, one line each (COR-29.13)."""
    lines = []
    for name in CONSTANTS:
        if comp.constants_provenance[name] == "design":
            lines.append(f"constant {name} = {comp.constants[name]}")
    lines.append("boards: side B hazard layout and the 2/4-player coordinate names (COR-29.1, COR-29.2)")
    for card in comp.cards:
        fields = ("name", "attack", "effect") if card.unit else ("name", "cost", "effect") if card.deck == "BM" else (
            "name", "effect")
        design = _design_fields(card.provenance, fields)
        if design:
            lines.append(f"card {card.id} {card.name}: {', '.join(design)}")
    for dev in comp.devs:
        design = _design_fields(dev.provenance, ("name", "level", "copies", "cost", "renown", "produce"))
        if design:
            lines.append(f"development {dev.id} {dev.name}: {', '.join(design)}")
    lines.append(f"YCU tokens: attack and bribe values of all {len(comp.tokens)} (COR-29.8)")
    lines.append(f"YCU coordinate cards: the coordinates of all {len(comp.coords)} (COR-29.10)")
    lines.append("YCU Alert table: every row (COR-29.9)")
    lines.append("d6 tables of Gambler, Casino and ARC Counterfeiter (COR-29.12)")
    return lines


def _design_fields(prov: dict[str, str], fields: tuple[str, ...]) -> list[str]:
    default = prov.get("default", "design")
    out = []
    for f in fields:
        tags = [v for k, v in prov.items() if k == f or k.startswith(f + "_")]
        if (prov.get(f, default) == "design") and not (tags and all(t != "design" for t in tags)):
            out.append(f)
    return out
