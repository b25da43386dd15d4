"""The scenario format (`meeple.scenario`): defaults, every field, files, and a clear error for each inconsistency."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple

from .helpers import CITY, SCENARIOS, hand, owners, scenario, seat_view, tile_view


def build(desc: dict[str, Any]) -> meeple.Game:
    return meeple.scenario("bluemooncity", desc)


def invariants(game: meeple.Game) -> list[str]:
    return list(game.rules.invariants(game.state))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"expansion": True}, {"edition": "kosmos2006"}, {"layout": "open"}])
def test_players_and_seed_only_give_the_normal_setup(players: int, options: dict[str, Any]) -> None:
    """Anything omitted takes its start-of-game value, drawn from the seed as in a normal setup (BMC-2.9)."""
    for seed in (0, 1, 17):
        game = build({"players": players, "seed": seed, "options": options})
        fresh = meeple.new_game("bluemooncity", players, seed, options)
        assert game.rules.to_data(game.state) == fresh.rules.to_data(fresh.state)


def test_docstring_example_of_meeple_scenario() -> None:
    game = meeple.scenario("bluemooncity", {"players": 2, "turn": {"active": 1}})
    assert game.deciders() == [1]


def test_every_field_is_read() -> None:
    game = scenario(
        seed=4,
        rebuilt=["c1", "citadel"],
        boxes={"c4": [0, None, 1], "university": [None, 1]},
        figures=["c4", "university"],
        dragons={"red": "c4", "green": None, "blue": "off"},
        hands=[["terrah3", "terrah2"], "lux1 khind1"],
        pending=[[], []],
        crystals=[9, 3],
        scales=[2, 1],
        pool=4,
        obelisk=[1, 0, 1],
        discard=["pillar3"],
        deck=["vulca1", "aqua2"],
        turn={"active": 0, "phase": "contribution", "steps": 0, "contributed": True, "number": 12},
    )
    view = game.view(0)
    assert view["turn"] == 12 and view["active"] == 0 and view["phase"] == "contribution"
    assert view["contributed"] is True and view["steps_left"] == 0
    assert tile_view(game, "c1")["rebuilt"] and tile_view(game, "b1")["rebuilt"]
    assert owners(game, "c4") == [0, None, 1] and owners(game, "d4") == [None, 1]
    assert [s["figure"] for s in view["seats"]] == ["c4", "d4"]
    assert view["dragons"] == {"red": "c4", "green": None, "blue": None}
    assert hand(game, 0) == {"terrah3": 1, "terrah2": 1} and hand(game, 1) == {"lux1": 1, "khind1": 1}
    assert view["crystals"] == 9 and game.view(1)["crystals"] == 3
    assert [s["scales"] for s in view["seats"]] == [2, 1] and view["scales_pool"] == 4
    assert view["obelisk"]["filled"] == [1, 0, 1]
    assert [s["offerings"] for s in view["seats"]] == [1, 2]
    assert [s["markers"] for s in view["seats"]] == [10 - 1 - 1, 10 - 2 - 2]
    assert view["discard"] == ["pillar3"]
    assert view["deck_size"] == 80 - 4 - 1
    assert invariants(game) == []


def test_deck_is_listed_top_first_and_unlisted_cards_go_beneath() -> None:
    game = scenario(hands=[[], []], deck=["vulca1", "aqua2"], turn={"active": 0, "phase": "refill"})
    game.apply(0, "refill")
    assert hand(game, 0) == {"vulca1": 1, "aqua2": 1}
    assert game.view(None)["deck_size"] == 80 - 2


def test_omitted_hands_are_dealt_from_unlisted_cards() -> None:
    game = scenario(hands=[["khind1"] * 10, None])
    assert hand(game, 0) == {"khind1": 10}
    assert sum(hand(game, 1).values()) == 8 and "khind1" not in hand(game, 1)
    assert game.view(None)["deck_size"] == 80 - 18


def test_partial_city_is_filled_from_the_seed() -> None:
    game = build({"players": 2, "seed": 3, "city": {"b2": "water-temple", "a2": "citadel"}})
    city = {t["square"]: t["tile"] for t in game.view(None)["city"]}
    assert city["b2"] == "water-temple" and city["a2"] == "citadel" and city["c3"] == "courtyard"
    assert len(city) == 21 and len(set(city.values())) == 21
    # the three other start tiles still go around the Courtyard where those squares are free (BMC-2.3)
    starts = {"fire-temple", "earth-temple", "royal-palace"}
    assert {city[sq] for sq in ("c2", "b3", "c4", "d3")} & starts == starts


def test_locations_may_name_a_tile_instead_of_a_square() -> None:
    game = build({"players": 2, "seed": 9, "figures": ["university", "courtyard"], "dragons": {"red": "library"}})
    city = {t["tile"]: t["square"] for t in game.view(None)["city"]}
    view = game.view(None)
    assert view["seats"][0]["figure"] == city["university"] and view["seats"][1]["figure"] == "c3"
    assert view["dragons"]["red"] == city["library"]


def test_players_may_be_read_off_a_per_seat_list() -> None:
    game = build({"crystals": [1, 2, 3]})
    assert game.players == 3 and len(game.view(None)["seats"]) == 3


def test_scale_pool_defaults_to_what_is_not_held() -> None:
    game = scenario(scales=[3, 2])
    assert game.view(None)["scales_pool"] == 7 - 5


def test_scenario_games_save_and_load() -> None:
    game = scenario(figures=["c4", "c3"], hands=[["terrah3", "terrah2"], []], turn={"active": 0})
    game.apply(0, "contribute 1")
    game.apply(0, "pay terrah3")
    game.apply(0, "pay terrah2")
    game.apply(0, "done")
    again = meeple.load_game(game.to_json())
    assert again.rules.to_data(again.state) == game.rules.to_data(game.state)


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_scenario_files_load(path: Path) -> None:
    game = meeple.scenario("bluemooncity", path)
    assert invariants(game) == []
    assert game.legal_actions(game.deciders()[0])


def test_json_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"players": 3, "seed": 2, "crystals": [0, 5, 0]}))
    game = meeple.scenario("bluemooncity", path)
    assert game.view(1)["crystals"] == 5


def test_yaml_scenario_file_with_bare_off(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: 2\ndragons:\n  red: off\n  blue: c4\nhands:\n  - [terrah3]\n  - terrah1 terrah2\n")
    game = meeple.scenario("bluemooncity", path)
    assert game.view(None)["dragons"]["red"] is None and game.view(None)["dragons"]["blue"] == "c4"
    assert hand(game, 1) == {"terrah1": 1, "terrah2": 1}


FULL = {p: [f"{p}1"] * 3 + [f"{p}2"] * 3 + [f"{p}3"] * 4 for p in ("vulca", "terrah", "aqua", "venti", "mimix", "lux",
                                                                  "pillar")}
BAD: list[tuple[dict[str, Any], str]] = [
    ({"players": 5}, "players:"),
    ({"players": 2, "colour": "red"}, "colour: unknown field"),
    ({"players": 2, "options": {"edition": "kosmos2006", "expansion": True}}, "options:"),
    ({"players": 2, "options": {"edition": "1999"}}, "options:"),
    ({"players": 2, "hands": [["khind1"] * 11, []]}, "hands[0]: khind1"),
    ({"players": 2, "hands": [["vulca3"] * 4, []], "deck": ["vulca3"]}, "deck: vulca3"),
    ({"players": 2, "hands": [["khind1"] * 10, FULL["vulca"]], "discard": FULL["terrah"],
      "deck": [c for p in ("aqua", "venti", "mimix", "lux", "pillar") for c in FULL[p]] + ["khind1"]},
     "81 cards are listed"),
    ({"players": 2, "hands": [["terah3"], []]}, "hands[0][0]: 'terah3' is not a card"),
    ({"players": 2, "hands": [["khind2"], []]}, "hands[0][0]"),
    ({"players": 2, "hands": [[]]}, "hands: lists 1 seats for 2 players"),
    ({"players": 2, "city": {"a1": "citadel"}}, "city.a1:"),
    ({"players": 2, "city": {"f3": "citadel"}}, "city.f3: 'f3' is not a square"),
    ({"players": 2, "city": {"b2": "ziggurat"}}, "city.b2: there is no tile 'ziggurat'"),
    ({"players": 2, "city": {"b2": "citadel", "b4": "citadel"}}, "city.b4: the citadel is already on b2"),
    ({"players": 2, "city": {"b2": "hospital"}}, "city.b2: the hospital belongs to the expansion"),
    ({"players": 2, "city": {"b2": "courtyard"}}, "city.b2: the Courtyard is always at c3"),
    ({"players": 2, "city": {"c3": "citadel"}}, "city.c3:"),
    ({"players": 2, "city": CITY, "boxes": {"c4": [0, 1, None, 0]}},
     "boxes.c4: the Earth Temple has 3 box(es), 4 given"),
    ({"players": 2, "city": CITY, "boxes": {"c4": [0, 1, 0]}}, "boxes.c4: every box"),
    ({"players": 2, "city": CITY, "boxes": {"c4": [2]}}, "boxes.c4[0]: 2 is not a seat"),
    ({"players": 2, "city": CITY, "boxes": {"c4": [0]}, "rebuilt": ["c4"]}, "boxes.c4: the Earth Temple is rebuilt"),
    ({"players": 2, "city": CITY, "boxes": {"z9": [0]}}, "boxes.z9:"),
    ({"players": 2, "city": CITY, "boxes": {"c4": [0], "earth-temple": [1]}}, "boxes.earth-temple: c4 is already"),
    ({"players": 2, "city": CITY, "figures": ["a1", "c3"]}, "figures[0]: a1 is not a square of this city"),
    ({"players": 2, "figures": ["hospital", "c3"]}, "figures[0]: the hospital is not part of this city"),
    ({"players": 2, "dragons": {"purple": "c3"}}, "dragons.purple: no such dragon"),
    ({"players": 2, "city": CITY, "obelisk": [0] * 6}, "obelisk: Player 1 has 6 offerings"),
    ({"players": 4, "obelisk": [0, 1, 2, 3] * 3 + [0, 1]}, "obelisk: 14 offerings"),
    ({"players": 2, "obelisk": [0, 2]}, "obelisk[1]: 2 is not a seat"),
    ({"players": 2, "city": CITY, "obelisk": [0] * 5,
      "boxes": {"c4": [0, 0], "c2": [0, 0], "d3": [0, 0]}}, "obelisk: Player 1 has 11 markers placed"),
    ({"players": 2, "city": CITY, "boxes": {sq: [0, 0] for sq in ("c4", "c2", "b3", "d3", "b4", "b2")}},
     "boxes: Player 1 has 12 markers placed"),
    ({"players": 2, "scales": [4, 4]}, "scales: 8 scales are held"),
    ({"players": 2, "scales": [4, 1], "pool": 1}, "pool: 1 in the pool and 5 held make 6"),
    ({"players": 2, "scales": [4, 3], "pool": 0}, "pool:"),
    ({"players": 2, "crystals": [-1, 0]}, "crystals[0]: must be at least 0"),
    ({"players": 2, "crystals": [1.5, 0]}, "crystals[0]: must be a whole number"),
    ({"players": 2, "seed": "x"}, "seed:"),
    ({"players": 2, "turn": {"active": 2}}, "turn.active: 2 is not a seat"),
    ({"players": 2, "turn": {"who": 1}}, "turn.who: unknown field"),
    ({"players": 2, "turn": {"phase": "payment"}}, "turn.phase: 'payment' is not a phase"),
    ({"players": 2, "turn": {"phase": "movement", "contributed": True}}, "turn.phase:"),
    ({"players": 2, "turn": {"contributed": "yes"}}, "turn.contributed: must be true or false"),
    ({"players": 2, "turn": {"phase": "contribution", "offered": 1}}, "turn.offered:"),
    ({"players": 2, "turn": {"number": 0}}, "turn.number: must be at least 1"),
    ({"players": 2, "turn": {"number": 400}}, "turn.number:"),
    ({"players": 2, "turn": {"phase": "extra action"}}, "turn.phase:"),
    ({"players": 2, "pending": [["vulca1"], []], "turn": {"active": 1, "phase": "refill"}}, "pending[0]:"),
    ({"players": 2, "pending": [["vulca1"], []], "turn": {"active": 0}}, "pending[0]:"),
    ({"players": 2, "options": {"edition": "kosmos2006"}, "pending": [[], ["vulca1"]], "turn": {"active": 0}},
     "pending[1]: reward cards come from scoring a building"),
    ({"players": 2, "rebuilt": ["f9"]}, "rebuilt[0]:"),
    ({"players": 2, "hands": "terrah1"}, "hands: must be a list"),
]


@pytest.mark.parametrize(("desc", "message"), BAD, ids=[m for _, m in BAD])
def test_inconsistent_descriptions_name_the_field(desc: dict[str, Any], message: str) -> None:
    with pytest.raises(meeple.ScenarioError) as err:
        build(desc)
    assert message in str(err.value)


def test_missing_file_and_bad_yaml(tmp_path: Path) -> None:
    with pytest.raises(meeple.ScenarioError, match="does not exist"):
        meeple.scenario("bluemooncity", tmp_path / "nothing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [2\n")
    with pytest.raises(meeple.ScenarioError, match="invalid YAML"):
        meeple.scenario("bluemooncity", bad)


def test_accepted_scenarios_keep_the_invariants() -> None:
    game = scenario(boxes={"c4": [0, 1]}, obelisk=[0, 1, 1], scales=[1, 2], hands=[["aqua1"], ["aqua2"]],
                    pending=[[], ["lux3"]], turn={"active": 1, "phase": "refill"})
    assert invariants(game) == []
    assert seat_view(game, 1)["pending_cards"] == 1


def test_pending_cards_of_another_seat_only_in_kosmos2006() -> None:
    """BMC-6.7: only kosmos2006 lets a seat that is not active hold reward cards face down."""
    desc = {"players": 2, "pending": [[], ["vulca1"]], "turn": {"active": 0, "phase": "refill"}}
    with pytest.raises(meeple.ScenarioError, match=r"pending\[1\]: in cmon2019 only the active player"):
        build(desc)
    game = build({**desc, "options": {"edition": "kosmos2006"}})
    assert seat_view(game, 1)["pending_cards"] == 1 and invariants(game) == []


def test_the_yaml_example_of_rules_md_builds(tmp_path: Path) -> None:
    """The complete scenario example in RULES.md is a valid description."""
    text = (Path(__file__).parents[2] / "docs" / "games" / "bluemooncity" / "RULES.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    game = meeple.scenario("bluemooncity", path)
    view = game.view(1)
    assert view["active"] == 1 and view["phase"] == "contribution" and view["turn"] == 14
    assert hand(game, 1) == {"terrah3": 1, "terrah2": 1, "lux2": 1, "aqua2": 1}
    assert owners(game, "c4") == [0, None, 2] and seat_view(game, 1)["figure"] == "c4"
    assert game.legal_actions(1) == ["contribute 2", "end"]
