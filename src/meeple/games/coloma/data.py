"""Loading and checking Coloma's data file (parameters, cards, map, Barrels ...) with the provenance of each value."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.engine.errors import DataError
from meeple.kit import DataReader, Entry, per_file, read_toml, shown

DEFAULT_DATA = Path(__file__).parent / "data" / "components.toml"
DATA_FORMAT = "meeple-coloma-components/1"
UNITS = ("$", "Gc", "G", "D", "H", "T", "VP", "K", "X", "S", "W", "M", "B")  # Gc before G: longest match first
COST_UNITS = ("$", "G", "D", "H")
TRIGGERS = ("common", "boom", "bust")
SPACE_TYPES = ("city", "town", "horseshoe")
BRIDGE_COUNTS = ("graveyard", "horses", "hand", "buildings", "camps", "barrels")
PLAYER_COUNTS = (2, 3, 4, 5)
LABELS = ("id", "provenance", "round", "site")  # keys that name or order an entry rather than give a value
DECK_IDS = tuple(f"C{i:02d}" for i in range(1, 17))  # the action notation names the 16 cards of a deck


@dataclass(frozen=True)
class Effect:
    """What an effect gives (units of the data file's amounts), or a special ability."""

    gain: dict[str, int] = field(default_factory=dict)
    fallback_bucks: int = 0  # Bucks per missing Gold of a "Gc" gain ("1Gc|2$")
    exchange: tuple[int, int] | None = None  # (most Gold returned, VP per Gold)
    foundry: bool = False
    timber: int = 0
    text: str = ""

    def get(self, unit: str) -> int:
        return self.gain.get(unit, 0)


@dataclass(frozen=True)
class Card(Entry):
    name: str
    site: int
    trigger: str
    hammer: dict[str, int]
    saw: dict[str, int]
    vp: int
    ability: Effect


@dataclass(frozen=True)
class Space(Entry):
    name: str
    type: str
    reward: Effect
    alternative: Effect


@dataclass(frozen=True)
class Land(Entry):
    at: int  # space index
    site: int
    vp: int


@dataclass(frozen=True)
class Named(Entry):
    """A Barrel kind, Bridge type, Event or Barker purchase: an id, a name and what it does."""

    name: str
    effect: Effect
    site: int = 0  # Events: the Site
    cost: dict[str, int] = field(default_factory=dict)  # purchases: the price
    copies: int = 0  # Barrels
    per: str = ""  # Bridges: what is counted
    vp: int = 0  # Bridges: VP per item


@dataclass(frozen=True)
class Components:
    path: str
    params: dict[str, Any]
    start_lodge: dict[str, int]
    sutters_mill: Effect
    rounds: tuple[dict[str, Any], ...]
    events: tuple[Named, ...]  # index = Site - 1
    prices: tuple[Named, ...]
    cards: tuple[Card, ...]
    hotel: dict[str, Any]
    survey_cost: tuple[dict[str, int], dict[str, int]]  # (hammer, saw)
    bridge_cost: tuple[dict[str, int], dict[str, int]]
    columns: tuple[Effect, ...]
    bridges: tuple[Named, ...]
    barrels: tuple[Named, ...]
    spaces: tuple[Space, ...]
    neighbours: tuple[tuple[int, ...], ...]
    lands: tuple[Land, ...]
    shade: dict[str, Any]
    counts: dict[str, Any]
    provenance: dict[str, dict[str, str]]  # entry -> field -> provenance
    values: dict[str, dict[str, Any]] = field(default_factory=dict)  # entry -> field -> value as written

    def space(self, space_id: str) -> int:
        for s in self.spaces:
            if s.id == space_id:
                return s.index
        raise KeyError(space_id)

    def card(self, card_id: str) -> int:
        for c in self.cards:
            if c.id == card_id:
                return c.index
        raise KeyError(card_id)

    def reconstructions(self) -> list[str]:
        """Every value marked `design`, one line each, for `meeple info`."""
        lines: list[str] = []
        for entry, fields in self.provenance.items():
            values = self.values.get(entry, {})
            lines += [f"{entry}: {name} = {shown(values.get(name))}"
                      for name, src in fields.items() if src == "design"]
        return lines


def _parse(path: Path) -> Components:
    raw = read_toml(path, DATA_FORMAT)
    r = _Reader(path)
    params = _parameters(r, r.table(raw, "parameters"))
    spaces, neighbours = _map(r, raw)
    comp = Components(
        path=str(path), params=params,
        start_lodge=r.amounts("parameters", "start_lodge", params["start_lodge"], (*COST_UNITS, "T")),
        sutters_mill=r.effect("parameters", "sutters_mill", params["sutters_mill"]),
        rounds=_rounds(r, raw, params["rounds"]), events=_events(r, raw), prices=_prices(r, raw),
        cards=_cards(r, raw, params["deck_size"]), hotel=_hotel(r, r.table(raw, "hotels")),
        survey_cost=_costs(r, raw, "survey"), bridge_cost=_costs(r, raw, "bridge"), columns=_columns(r, raw),
        bridges=_bridges(r, raw), barrels=_barrels(r, raw, params["barrels_total"]), spaces=spaces,
        neighbours=neighbours, lands=_lands(r, raw, spaces), shade=_shade(r, r.table(raw, "shade"), spaces),
        counts=_counts(r, r.table(raw, "components")), provenance=r.provenance_of, values=r.values)
    return comp


# Load and check a data file (the shipped one by default), once per file; a bad entry raises DataError naming it.
load_components = per_file(DEFAULT_DATA, _parse)


class _Reader(DataReader):
    """Coloma's amounts and effects, on top of the kit's reader."""

    def prov(self, entry: str, obj: dict[str, Any], fields: tuple[str, ...] = ()) -> dict[str, str]:
        """The provenance marks: one for each of `fields` and for every value the entry gives."""
        return self.provenance(entry, obj, require=(*fields, *(k for k in obj if k not in LABELS)))

    def amounts(self, entry: str, key: str, text: Any, units: tuple[str, ...] = UNITS) -> dict[str, int]:
        if not isinstance(text, str):
            raise self.fail(entry, f"{key!r} must be a text such as '3$+1D'")
        out: dict[str, int] = {}
        for part in filter(None, text.replace(" ", "").split("+")):
            digits = len(part) - len(part.lstrip("0123456789"))
            num, unit = part[:digits], part[digits:]
            if not num or unit not in units:
                raise self.fail(entry, f"{key!r} has {part!r}; write amounts like 3$ or 1D (units: {' '.join(units)})")
            out[unit] = out.get(unit, 0) + int(num)
        return out

    def effect(self, entry: str, key: str, text: Any) -> Effect:
        if not isinstance(text, str) or not text:
            raise self.fail(entry, f"{key!r} must be a text such as '2$+1D'")
        if text == "foundry":
            return Effect(foundry=True, text=text)
        if text.startswith(("exchange:", "timber:")):
            parts = text.split(":")
            if not all(p.isdigit() for p in parts[1:]) or len(parts) != (3 if parts[0] == "exchange" else 2):
                raise self.fail(entry, f"{key!r} is {text!r}; write exchange:MAX:VP or timber:N")
            if parts[0] == "exchange":
                return Effect(exchange=(int(parts[1]), int(parts[2])), text=text)
            return Effect(timber=int(parts[1]), text=text)
        main, _, fallback = text.partition("|")
        gain = self.amounts(entry, key, main)
        bucks = 0
        if fallback:
            back = self.amounts(entry, key, fallback)
            if set(back) != {"$"} or "Gc" not in gain:
                raise self.fail(entry, f"{key!r}: only Gold from the Gold Cart has a fallback in Bucks ('1Gc|2$')")
            bucks = back["$"]
        return Effect(gain=gain, fallback_bucks=bucks, text=text)

    def per_count(self, entry: str, obj: dict[str, Any], key: str, low: int = 0) -> dict[int, int]:
        table = obj.get(key)
        if not isinstance(table, dict):
            raise self.fail(entry, f"{key!r} must give a value for 2, 3, 4 and 5 players")
        out = {}
        for n in PLAYER_COUNTS:
            value = table.get(str(n))
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise self.fail(entry, f"{key!r} needs a whole number for {n} players")
            out[n] = value
        return out


_PARAM_INTS = ("rounds", "chapters_per_round", "start_draw", "start_keep", "deck_size", "dudes_per_colour",
               "tents_per_colour", "horses_total", "horse_limit", "gold_total", "gold_fallback_bucks",
               "barrels_total", "hotels_per_player", "hotel_lodge_cap", "max_rivers", "max_bridges", "outlaws_start",
               "neutral_gunmen_2p", "bust_min", "signpost_offset", "trade_max", "deputise_max", "shootout_win_vp",
               "shootout_loss_vp",
               "win_casualties_leaders", "loss_casualty_numerator", "loss_casualty_denominator", "mill_vp_per_card",
               "bridge_cap", "gold_buck_value")
_PARAM_BOOLS = ("gold_as_buck", "bust_on_tie", "event_on_first_chapter", "city_reward_if_occupied")
TIEBREAKS = ("money", "dudes")



def _parameters(r: _Reader, sec: dict[str, Any]) -> dict[str, Any]:
    entry = "parameters"
    out: dict[str, Any] = {}
    for key in _PARAM_INTS:
        out[key] = r.whole(entry, sec, key, 1 if key in ("rounds", "chapters_per_round", "loss_casualty_denominator",
                                                          "gold_buck_value", "deck_size") else 0)
    for key in _PARAM_BOOLS:
        if not isinstance(sec.get(key), bool):
            raise r.fail(entry, f"{key!r} must be true or false")
        out[key] = sec[key]
    for key in ("gold_supply", "barrel_spaces", "bridge_copies"):
        out[key] = r.per_count(entry, sec, key)
    out["start_lodge"] = r.text(entry, sec, "start_lodge")
    out["sutters_mill"] = r.text(entry, sec, "sutters_mill")
    tiebreak = sec.get("tiebreak")
    if not isinstance(tiebreak, list) or any(t not in TIEBREAKS for t in tiebreak):
        raise r.fail(entry, f"'tiebreak' must list some of {', '.join(TIEBREAKS)}")
    out["tiebreak"] = list(tiebreak)
    if out["deck_size"] != len(DECK_IDS):
        raise r.fail(entry, f"'deck_size' must be {len(DECK_IDS)} (one card of each id {DECK_IDS[0]}-{DECK_IDS[-1]})")
    if out["start_keep"] > out["start_draw"] or out["start_draw"] > out["deck_size"]:
        raise r.fail(entry, "'start_keep' <= 'start_draw' <= 'deck_size' must hold")
    if not 1 <= out["signpost_offset"] <= 4:
        raise r.fail(entry, "'signpost_offset' must be 1-4 (a Site other than the Barker's)")
    if out["deputise_max"] > 4 or out["trade_max"] > 9:
        raise r.fail(entry, "'deputise_max' may be at most 4 and 'trade_max' at most 9")
    if max(out["gold_supply"].values()) > out["gold_total"]:
        raise r.fail(entry, "'gold_supply' cannot hold more than 'gold_total'")
    r.prov(entry, sec, tuple(k for k in sec if k != "provenance"))
    return out


def _rounds(r: _Reader, raw: dict[str, Any], rounds: int) -> tuple[dict[str, Any], ...]:
    out = []
    for i, item in enumerate(r.items(raw, "rounds", rounds)):
        entry = f"round {i + 1}"
        if item.get("round") != i + 1:
            raise r.fail(entry, "rounds must be numbered 1, 2, 3 ... in order")
        out.append({"round": i + 1, "year": r.whole(entry, item, "year"), "outlaws": r.whole(entry, item, "outlaws")})
        r.prov(entry, item, ("outlaws",))
    return tuple(out)


def _events(r: _Reader, raw: dict[str, Any]) -> tuple[Named, ...]:
    out = []
    for i, item in enumerate(r.items(raw, "events", 5)):
        entry = f"event {item.get('id', i + 1)!r}"
        if item.get("site") != i + 1:
            raise r.fail(entry, "events must be listed for Sites 1 to 5 in order")
        effect = r.effect(entry, "effect", item.get("effect"))
        if effect.foundry or effect.timber or effect.get("X") or effect.get("M") or effect.get("W"):
            raise r.fail(entry, "an Event gives resources, cards, VP or a Gold exchange")
        out.append(Named(r.text(entry, item, "id"), i, r.text(entry, item, "name"), effect,
                         provenance=r.prov(entry, item, ("effect",)), site=i + 1))
    return tuple(out)


def _prices(r: _Reader, raw: dict[str, Any]) -> tuple[Named, ...]:
    out = []
    for i, item in enumerate(r.items(raw, "prices")):
        entry = f"price {item.get('id', i)!r}"
        effect = r.effect(entry, "gain", item.get("gain"))
        if not effect.gain or set(effect.gain) - {"$", "G", "Gc", "D", "H", "T", "VP", "K"}:
            raise r.fail(entry, "'gain' must be resources, cards or VP")
        out.append(Named(r.text(entry, item, "id"), i, r.text(entry, item, "id"), effect,
                         provenance=r.prov(entry, item, ("pay", "gain")),
                         cost=r.amounts(entry, "pay", item.get("pay"), COST_UNITS)))
    _unique(r, "prices", [p.id for p in out])
    return tuple(out)


def _cards(r: _Reader, raw: dict[str, Any], size: int) -> tuple[Card, ...]:
    items = r.items(raw, "cards", size)
    out = []
    for i, item in enumerate(items):
        entry = f"card {item.get('id', i)!r}"
        if item.get("id") != DECK_IDS[i]:
            raise r.fail(entry, f"cards must have the ids {DECK_IDS[0]}-{DECK_IDS[-1]} in order")
        site = r.whole(entry, item, "site", 1)
        trigger = item.get("trigger")
        if site > 5 or trigger not in TRIGGERS:
            raise r.fail(entry, f"'site' is 1-5 and 'trigger' one of {', '.join(TRIGGERS)}")
        ability = r.effect(entry, "ability", item.get("ability"))
        if ability.timber or ability.get("M"):
            raise r.fail(entry, "a Town Building ability cannot be a Timber discount or a Wagon action")
        out.append(Card(DECK_IDS[i], i, r.text(entry, item, "name"), site, str(trigger),
                        r.amounts(entry, "hammer", item.get("hammer"), COST_UNITS),
                        r.amounts(entry, "saw", item.get("saw"), COST_UNITS), r.whole(entry, item, "vp"), ability,
                        provenance=r.prov(entry, item, ("site", "trigger", "hammer", "saw", "vp", "ability"))))
    if sum(c.ability.foundry for c in out) > 1:
        raise DataError(f"{r.where}: at most one card can be the Foundry")
    return tuple(out)


def _hotel(r: _Reader, sec: dict[str, Any]) -> dict[str, Any]:
    entry = "hotels"
    out = {"copies": r.whole(entry, sec, "copies"), "vp": r.whole(entry, sec, "vp"),
           "hammer": r.amounts(entry, "hammer", sec.get("hammer"), COST_UNITS),
           "saw": r.amounts(entry, "saw", sec.get("saw"), COST_UNITS)}
    r.prov(entry, sec, ("copies", "hammer", "saw", "vp"))
    return out


def _costs(r: _Reader, raw: dict[str, Any], what: str) -> tuple[dict[str, int], dict[str, int]]:
    sec = r.table(raw, "rivers")
    return (r.amounts("rivers", f"{what}_hammer", sec.get(f"{what}_hammer"), COST_UNITS),
            r.amounts("rivers", f"{what}_saw", sec.get(f"{what}_saw"), COST_UNITS))


def _columns(r: _Reader, raw: dict[str, Any]) -> tuple[Effect, ...]:
    sec = r.table(raw, "rivers")
    cols = sec.get("columns")
    if not isinstance(cols, list) or len(cols) != 4:
        raise r.fail("rivers", "'columns' must list the benefits of the 4 river columns")
    out = tuple(r.effect("rivers", f"column {i + 1}", c) for i, c in enumerate(cols))
    r.whole("rivers", sec, "tiles_in_box")
    r.prov("rivers", sec, ("columns",))
    return out


def _bridges(r: _Reader, raw: dict[str, Any]) -> tuple[Named, ...]:
    out = []
    for i, item in enumerate(r.items(raw, "bridges", 6)):
        entry = f"bridge {item.get('id', i)!r}"
        per = item.get("per")
        if per not in BRIDGE_COUNTS:
            raise r.fail(entry, f"'per' must be one of {', '.join(BRIDGE_COUNTS)}")
        out.append(Named(r.text(entry, item, "id"), i, r.text(entry, item, "name"), Effect(),
                         provenance=r.prov(entry, item, ("per", "vp")), per=str(per), vp=r.whole(entry, item, "vp")))
    _unique(r, "bridges", [b.id for b in out])
    return tuple(out)


def _barrels(r: _Reader, raw: dict[str, Any], total: int) -> tuple[Named, ...]:
    out = []
    for i, item in enumerate(r.items(raw, "barrels")):
        entry = f"barrel {item.get('id', i)!r}"
        effect = r.effect(entry, "effect", item.get("effect"))
        if effect.foundry or effect.exchange or effect.get("X") or effect.get("M"):
            raise r.fail(entry, "a Barrel gives resources, cards, VP, gunmen, a Barrel or a Timber discount")
        out.append(Named(r.text(entry, item, "id"), i, r.text(entry, item, "name"), effect,
                         provenance=r.prov(entry, item, ("copies", "effect")),
                         copies=r.whole(entry, item, "copies", 1)))
    _unique(r, "barrels", [b.id for b in out])
    if sum(b.copies for b in out) != total:
        raise DataError(f"{r.where}: the Barrels' copies must add up to barrels_total = {total}")
    return tuple(out)


def _map(r: _Reader, raw: dict[str, Any]) -> tuple[tuple[Space, ...], tuple[tuple[int, ...], ...]]:
    spaces = []
    for i, item in enumerate(r.items(raw, "spaces")):
        entry = f"space {item.get('id', i)!r}"
        kind = item.get("type")
        if kind not in SPACE_TYPES:
            raise r.fail(entry, f"'type' must be one of {', '.join(SPACE_TYPES)}")
        reward = r.effect(entry, "reward", item["reward"]) if "reward" in item else Effect()
        alt = r.effect(entry, "alternative", item["alternative"]) if "alternative" in item else Effect()
        if (kind == "horseshoe" and (reward.gain or alt.gain)) or (kind == "town" and alt.gain):
            raise r.fail(entry, "a Horseshoe gives nothing and only a City has an alternative reward")
        if kind == "city" and not alt.gain:
            raise r.fail(entry, "a City needs an 'alternative' reward")
        for eff in (reward, alt):
            if eff.foundry or eff.exchange or eff.timber or eff.get("X") or eff.get("M") or eff.get("W"):
                raise r.fail(entry, "a map reward gives resources, cards, VP, gunmen or a Barrel")
        spaces.append(Space(r.text(entry, item, "id"), i, r.text(entry, item, "name"), str(kind), reward, alt,
                            provenance=r.prov(entry, item, ("type",))))
    _unique(r, "spaces", [s.id for s in spaces])
    if spaces[0].type != "city":
        raise DataError(f"{r.where}: the first space is Coloma, a City where every Wagon starts")
    index = {s.id: s.index for s in spaces}
    links: list[set[int]] = [set() for _ in spaces]
    for item in r.items(raw, "routes"):
        entry = f"route {item.get('id', '?')!r}"
        names = item.get("spaces")
        if not isinstance(names, list) or len(names) < 2 or any(n not in index for n in names):
            raise r.fail(entry, "'spaces' must list at least two space ids of [[spaces]]")
        for a, b in itertools.pairwise(names):
            links[index[a]].add(index[b])
            links[index[b]].add(index[a])
        r.prov(entry, item, ("spaces",))
    if any(not n for n in links):
        raise DataError(f"{r.where}: every space needs a route")
    return tuple(spaces), tuple(tuple(sorted(n)) for n in links)


def _lands(r: _Reader, raw: dict[str, Any], spaces: tuple[Space, ...]) -> tuple[Land, ...]:
    index = {s.id: s for s in spaces}
    out = []
    for i, item in enumerate(r.items(raw, "lands")):
        entry = f"land {item.get('id', i)!r}"
        at = index.get(item.get("at", ""))
        if at is None or at.type == "horseshoe" or at.index == 0:
            raise r.fail(entry, "'at' must name a Frontier Town or City other than Coloma")
        site = r.whole(entry, item, "site", 1)
        if site > 5:
            raise r.fail(entry, "'site' must be 1-5")
        out.append(Land(r.text(entry, item, "id"), i, at.index, site, r.whole(entry, item, "vp"),
                        provenance=r.prov(entry, item, ("at", "site", "vp"))))
    _unique(r, "lands", [land.id for land in out])
    return tuple(out)


def _shade(r: _Reader, sec: dict[str, Any], spaces: tuple[Space, ...]) -> dict[str, Any]:
    entry = "shade"
    out: dict[str, Any] = {k: r.whole(entry, sec, k) for k in ("dudes", "camps", "horses", "horse_max", "river_max",
                                                                 "row")}
    hand = sec.get("handicap")
    if not isinstance(hand, dict) or set(hand) != {"easy", "normal", "hard"} or not all(
            isinstance(v, int) for v in hand.values()):
        raise r.fail(entry, "'handicap' needs whole numbers for easy, normal and hard")
    score = sec.get("score")
    if not isinstance(score, dict) or set(score) != {"gold", "river", "hotel", "barrel", "horse"}:
        raise r.fail(entry, "'score' needs VP for gold, river, hotel, barrel and horse")
    dests = sec.get("destinations")
    ids = {s.id: s for s in spaces}
    if not isinstance(dests, list) or not dests or any(d not in ids or ids[d].type != "city" for d in dests):
        raise r.fail(entry, "'destinations' must list Cities of the map")
    out.update(handicap=dict(hand), score=dict(score), destinations=[ids[d].index for d in dests])
    r.prov(entry, sec, ("handicap", "score"))
    return out


def _counts(r: _Reader, sec: dict[str, Any]) -> dict[str, Any]:
    out = {k: r.whole("components", sec, k) for k in sec if k != "provenance"}
    r.prov("components", sec, tuple(out))
    return out


def _unique(r: _Reader, what: str, ids: list[str]) -> None:
    if len(set(ids)) != len(ids):
        raise DataError(f"{r.where}: the ids of [[{what}]] must differ")
