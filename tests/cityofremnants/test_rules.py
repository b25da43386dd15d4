"""City of Remnants rules, each test naming the rule ids (COR-x.y) and worked examples (COR-30.n) it checks."""

from __future__ import annotations

import pytest

import meeple
from meeple.engine import DataError, get_rules
from meeple.games.cityofremnants.data import DEFAULT_DATA, load_components, parse_space, reconstructions

from .helpers import ANA, BEN, CY, DEE, scenario


def test_cor_30_1_setup_counts() -> None:
    """COR-30.1 (E1), COR-5.5, COR-5.7, COR-5.8, COR-5.11, COR-5.12, COR-5.13, COR-5.15, COR-5.16, COR-5.17,
    COR-5.18, COR-2.3, COR-2.5, COR-21.1, COR-5.6, COR-7.11: every count after setup."""
    game = meeple.new_game("cityofremnants", 4, 7)
    view = game.view(None)
    for p in view["players"]:
        assert (p["arc"], p["influence"], p["turns"], p["hand_size"], p["draw_size"], p["pool"], p["reserve"]) == (
            2000, 4, 0, 4, 6, 7, 9)
    assert view["renown_supply"] == 200 and view["product_supply"] == 54
    assert len(view["gm_row"]) == 4 and view["gm_deck"] == 27 and len(view["bm_row"]) == 4 and view["bm_deck"] == 26
    assert view["coord_deck"] == 20 and len(view["bag"]) == 20
    levels = [load_components().devs[[d.id for d in load_components().devs].index(x["id"])].level
              for x in view["drafted"]]
    assert levels.count("Slums") == levels.count("Midtown") == levels.count("Heights") == 3


def test_cor_5_19_first_player_roll_off_and_cor_7_6_token_passes() -> None:
    """COR-5.19, COR-5.4, COR-2.8, COR-28.17: tied highest re-roll (E1: Ana 5, Ben 6, Cy 6, Dee 1; Ben 2, Cy 4)."""
    rules = get_rules("cityofremnants")
    state = rules.setup(4, {"leaders": "random"}, 1)
    state.script = {"d6": [5, 6, 6, 1, 2, 4]}
    assert rules.eng.roll_off(state, [0, 1, 2, 3], None, "first") == CY
    assert state.script["d6"] == []


def test_cor_3_board_geometry() -> None:
    """COR-3.2, COR-3.3, COR-3.4, COR-3.5, COR-3.6, COR-3.7, COR-3.8, COR-3.9, COR-3.11, COR-3.12, COR-3.13,
    COR-3.14, COR-3.19, COR-29.1.1, COR-29.2.1, COR-25.1, COR-25.2, COR-5.1, COR-3.1: the two board sides."""
    comp = load_components()
    a, b = comp.boards["A"], comp.boards["B"]
    assert [a.level.count(x) for x in ("Slums", "Midtown", "Heights")] == [24, 16, 9]
    assert [b.level.count(x) for x in ("Slums", "Midtown", "Heights")] == [15, 11, 9] and b.level.count("") == 14
    heights, centre = comp.c("AWARD_HEIGHTS"), comp.c("AWARD_CENTRE")  # [design] values, retuned (docs/balance.md)
    assert a.award[parse_space("D4")] == centre and a.award[parse_space("C3")] == heights
    assert sum(a.award) == 8 * heights + centre and a.award == b.award
    assert {k: v for k, v in a.entry.items()} == {"N": parse_space("D1"), "E": parse_space("G4"),
                                                  "S": parse_space("D7"), "W": parse_space("A4")}
    assert meeple.new_game("cityofremnants", 3, 1).view(None)["side"] == "B"
    assert meeple.new_game("cityofremnants", 4, 1).view(None)["side"] == "A"
    assert meeple.new_game("cityofremnants", 2, 1).view(None)["side"] == "A"


def test_cor_29_14_loader_refuses_bad_entries(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """COR-29.14.1, COR-29.13.1, COR-29.3.1, COR-29.4.1, COR-29.5.1, COR-29.6.1, COR-29.8.1, COR-29.10.1,
    COR-29.10.2: a bad entry is refused naming the file and the entry; the default file passes."""
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    cases = [
        (text.replace("attack = [3, 2, 2, 2]", "attack = [5, 2, 2, 2]", 1), "cards.HUM-01"),
        (text.replace("cost = 1000\ntiming = \"Battle\"", "cost = 1010\ntiming = \"Battle\"", 1), "cards.BM-02"),
        (text.replace('side_a = ["B3", "E3", "F3"]', 'side_a = ["D1", "E3", "F3"]', 1), "coordinates.YCU-C01"),
        (text.replace("copies = 4\nshape = \"I2\"\ncost = 5000", "copies = 3\nshape = \"I2\"\ncost = 5000", 1),
         "developments"),
    ]
    for bad, entry in cases:
        assert bad != text
        path = tmp_path / "bad.toml"
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(DataError, match=str(path).replace("\\", "\\\\")) as err:
            load_components(path)
        assert entry in str(err.value)
    assert len(load_components().cards) == 101


def test_cor_29_13_reconstructions_and_data_setting(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """COR-29.13.1, COR-29.9.1, COR-29.11.1, COR-29.7.1, COR-29.6.2, COR-29.12.1: [design] values listed; a corrected
    file is honoured through the `data=` setting."""
    lines = reconstructions(load_components())
    assert any("ROUND_CAP" in x for x in lines) and any("Alert" in x for x in lines)
    path = tmp_path / "fixed.toml"
    path.write_text(DEFAULT_DATA.read_text(encoding="utf-8").replace("START_ARC = 2000", "START_ARC = 2500"),
                    encoding="utf-8")
    game = meeple.new_game("cityofremnants", 2, 3, data=str(path))
    assert game.view(None)["players"][0]["arc"] == 2500


def test_cor_30_16_exact_zero_does_not_end() -> None:
    """COR-30.16 (E16), COR-24.2, COR-24.3, COR-28.7, COR-0.9, COR-6.3."""
    comp = load_components()  # the supply holds exactly the awards of C3, C4, E4 (Ana) and D4 (Ben)
    exact = 3 * comp.c("AWARD_HEIGHTS") + comp.c("AWARD_CENTRE")
    game = scenario(renown=[105 - exact, 50, 25, 20], renown_supply=exact, pool=[6, 6, 7, 7], reserve=[9, 9, 9, 9],
                    figures={"C3": [1, 0, 0, 0], "D4": [0, 1, 0, 0]})
    eng, s = game.rules.eng, game.state
    eng.set_figures(s, parse_space("C4"), ANA, 1)
    eng.set_figures(s, parse_space("E4"), ANA, 1)
    s.pool[ANA] = 4
    eng.award(s, None)
    assert not s.over and s.renown_supply == 0 and not s.exhausted
    eng.gain_renown(s, DEE, 1, None)
    assert s.renown[DEE] == 20
    for name, seat in (("C4", ANA), ("E4", ANA), ("C3", ANA), ("D4", BEN)):
        eng.set_figures(s, parse_space(name), seat, 0)
    eng.award(s, None)
    assert s.over


def test_cor_30_22_turn_order_and_skipping() -> None:
    """COR-30.22 (E22), COR-8.1, COR-8.2, COR-8.3, COR-8.4, COR-8.5, COR-11.5, COR-28.11."""
    game = scenario(first=DEE, active=ANA, tracker=[3, 2, 1, 2])
    game.state.tracker = [4, 2, 1, 2]
    game.rules.eng.next_turn(game.state, None, start=ANA)
    assert game.deciders() == [BEN]


def test_cor_6_5_reset_discards_are_secret_until_all_choose() -> None:
    """COR-6.5, COR-7.1, COR-7.2, COR-7.3, COR-7.4, COR-7.7, COR-7.8, COR-7.9, COR-15.1, COR-6.1, COR-6.2,
    COR-5.20."""
    game = meeple.new_game("cityofremnants", 2, 5)
    rules = game.rules
    while game.view(None)["phase"] != "reset":
        seat = game.deciders()[0]
        game.apply(seat, rules.rollout_action(game.state, seat, game.rules.legal(game.state, seat), lambda n: 0))
    assert game.view(None)["round"] == 2
    first = game.view(None)["first"]
    card = next(a for a in game.legal_actions(0) if a.startswith("discard"))
    arc = [p["arc"] for p in game.view(None)["players"]]
    length = game.log_length()
    game.apply(0, card)
    assert game.log(viewer=1, start=length) == []  # a choice being made shows nothing, not even a step
    game.apply(0, "done")
    assert game.log(viewer=1, start=length) == [(0, None)]  # one choice, however many cards
    game.apply(1, "done")
    view = game.view(None)
    assert view["revealed"]["reset"][0] == [card.split()[1]]
    assert view["first"] == (first + 1) % 2 and [p["arc"] for p in view["players"]] == [a + 2000 for a in arc]


def test_cor_24_3_every_game_ends() -> None:
    """COR-24.3, COR-28.28, COR-1.4: random play always ends, by the supply or the round cap."""
    for players in (2, 3, 4):
        game = meeple.new_game("cityofremnants", players, 11)
        n = 0
        while not game.is_over():
            seat = game.deciders()[0]
            acts = game.rules.legal(game.state, seat)
            game.rules.apply(game.state, seat, acts[(n * 7919) % len(acts)])
            n += 1
        assert game.view(None)["round"] <= 30
