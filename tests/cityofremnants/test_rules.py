"""City of Remnants rules, each test naming the rule ids (COR-x.y) and worked examples (COR-30.n) it checks."""

from __future__ import annotations

import pytest

import meeple
from meeple.engine import DataError, IllegalAction, get_rules
from meeple.games.cityofremnants.data import DEFAULT_DATA, load_components, parse_space, reconstructions

from .helpers import ANA, BEN, CY, DEE, legal, pv, run, scenario


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
    assert a.award[parse_space("D4")] == 2 and a.award[parse_space("C3")] == 1 and sum(a.award) == 10
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


def test_cor_30_2_auction_out_of_turn_winner() -> None:
    """COR-30.2 (E2), COR-11.1, COR-11.5, COR-11.6, COR-11.7, COR-11.8, COR-11.9, COR-11.10, COR-11.11, COR-11.12,
    COR-11.13, COR-11.14, COR-11.15, COR-11.16, COR-28.9, COR-28.11, COR-0.12, COR-0.13, COR-8.2."""
    game = scenario(round=2, arc=[3000, 3500, 2800, 2500], tracker=[1, 2, 4, 3], pool=[2, 7, 7, 3],
                    reserve=[9, 9, 9, 9], figures={"A1": [2, 0, 0, 0], "A2": [2, 0, 0, 0], "A3": [1, 0, 0, 0],
                             "G7": [0, 0, 0, 2], "A7": [0, 0, 0, 2]},
                    gm_row=["GM-29", "GM-04", "GM-01", "GM-17"])
    run(game, "recruit", "take GM-29")
    assert game.deciders() == [BEN]
    with pytest.raises(IllegalAction):
        game.apply(BEN, "bid 1050")
    run(game, "bid 1000", "bid 1500", "bid 2000")
    assert "bid 3100" not in legal(game, ANA) if game.deciders() == [ANA] else True
    run(game, "pass", "bid 2500")
    assert game.deciders() == [ANA] and "bid 3100" not in legal(game)
    run(game, "pass")
    dee = pv(game, DEE)
    assert (dee["arc"], dee["reserve"], dee["pool"], dee["turns"]) == (0, 8, 4, 4)
    assert game.view(None)["phase"] == "recruit" and game.deciders() == [ANA]
    run(game, "take GM-04")
    assert game.deciders() == [BEN]
    run(game, "pass")
    ana = pv(game, ANA)
    assert (ana["reserve"], ana["pool"], ana["arc"]) == (8, 3, 3000)
    run(game, "end")
    assert pv(game, ANA)["turns"] == 2 and game.deciders() == [BEN]


def test_cor_30_4_buy_with_discount_and_renown() -> None:
    """COR-30.4 (E4), COR-12.1, COR-12.2, COR-12.3, COR-12.4, COR-12.5, COR-12.6, COR-0.7, COR-29.12.2."""
    game = scenario(active=BEN, influence=[4, 3, 4, 4], arc=[2000, 11000, 2000, 2000], renown=[0, 20, 0, 30],
                    renown_supply=150, bm_row=["BM-02", "BM-06", "BM-12", "BM-23"],
                    hands=[[], ["NEI-02"], [], []])
    run(game, "play NEI-02", "buy", "take BM-02")
    assert pv(game, BEN)["arc"] == 10500
    assert "renown 4" not in legal(game) and "renown 3" in legal(game)
    run(game, "renown 3")
    assert pv(game, BEN)["arc"] == 1500 and pv(game, BEN)["renown"] == 23 and game.view(None)["renown_supply"] == 147
    assert "BM-02" in game.view(BEN)["hand"] and pv(game, BEN)["discard"] == ["NEI-02"]


def test_cor_30_5_moving_from_the_pool() -> None:
    """COR-30.5 (E5), COR-16.1, COR-16.2, COR-16.4, COR-16.5, COR-16.6, COR-16.7, COR-16.8, COR-16.9, COR-16.10,
    COR-16.19, COR-0.16."""
    game = scenario(active=DEE, pool=[7, 7, 7, 4], reserve=[9, 9, 9, 12])
    run(game, "move", "enter C4", "enter C4")
    assert "enter C4" not in legal(game) and "enter D4" not in legal(game)
    run(game, "enter B3", "enter A2")
    view = game.view(None)
    assert view["figures"] == {"C4": [0, 0, 0, 2], "B3": [0, 0, 0, 1], "A2": [0, 0, 0, 1]}
    assert view["phase"] == "post" and pv(game, DEE)["pool"] == 0


def test_cor_30_6_one_enemy_space_per_turn() -> None:
    """COR-30.6 (E6), COR-16.11, COR-16.12, COR-16.13, COR-28.21, COR-0.2, COR-0.4, COR-0.5."""
    game = scenario(active=ANA, pool=[1, 5, 7, 7], reserve=[13, 9, 9, 9], figures={
        "D2": [1, 0, 0, 0], "C2": [1, 0, 0, 0], "D3": [0, 1, 0, 0], "E3": [0, 1, 0, 0]},
        ycu={"C3": ["YCU-T05"]})
    run(game, "move", "move D2 D3")
    assert "move C2 C3" not in legal(game)
    run(game, "enter D3", "move C2 B2")
    assert game.view(None)["figures"]["D3"] == [2, 1, 0, 0]


def test_cor_30_7_rival_battle_tie_goes_to_the_defender() -> None:
    """COR-30.7 (E7), COR-18.1, COR-18.2, COR-18.3, COR-18.5, COR-18.6, COR-18.7, COR-18.8, COR-18.9, COR-18.10,
    COR-18.12, COR-18.13, COR-17.6, COR-20.1, COR-20.2, COR-20.3, COR-20.4, COR-20.5, COR-21.4, COR-16.17."""
    game = scenario(active=ANA, pool=[0, 5, 7, 7], reserve=[14, 9, 9, 9],
                    figures={"D3": [2, 1, 0, 0], "E3": [0, 1, 0, 0]}, enemy_space="D3",
                    built=[{"id": "DEV-H1", "spaces": ["D3", "E3"]}],
                    hands=[["HUM-06", "HUM-04", "BM-02"], ["NEI-06", "NEI-10"], [], []],
                    discards=[["HUM-02"], [], [], []], phase="move", script={"die": [2, 1, 1, 0]})
    game.state.action = {"kind": "move", "moved": {}, "count": 2}
    game.state.reserve[ANA] = 14
    run(game, "stop")
    assert game.view(None)["phase"] == "commit" and game.deciders() == [ANA]
    run(game, "commit HUM-06", "commit BM-02", "done")
    assert game.view(BEN)["battle"]["committed"] == [2, 0] and game.view(BEN)["battle"]["cards"][0] is None
    run(game, "commit NEI-06", "commit NEI-10", "done")
    assert game.view(None)["battle"]["result"]["totals"] == [9, 9]
    assert game.deciders() == [ANA]
    run(game, "take HUM-02")
    view = game.view(None)
    assert view["figures"]["D3"] == [0, 1, 0, 0] and pv(game, ANA)["pool"] == 1 and pv(game, ANA)["reserve"] == 15
    assert pv(game, ANA)["influence"] == 3 and pv(game, BEN)["influence"] == 5
    assert "HUM-02" in view["removed"] and view["developments"][0]["controller"] == BEN


def test_cor_30_11_bribe_cost_stacking() -> None:
    """COR-30.11 (E11), COR-19.6, COR-29.12.1: Liaison Office halves and rounds up to 100, Uniform subtracts 500."""
    game = scenario(active=CY, figures={"D4": [0, 0, 1, 0]}, pool=[7, 7, 6, 7], reserve=[9, 9, 9, 9],
                    built=[{"id": "DEV-H6", "spaces": ["D4"]}], tableaus=[[], [], ["BM-24"], []])
    eng, s = game.rules.eng, game.state
    tok = {t.id: t.index for t in eng.comp.tokens}
    assert [eng.bribe_cost(s, CY, tok[t]) for t in ("YCU-T17", "YCU-T04", "YCU-T20")] == [800, 0, 1000]


def test_cor_30_13_sell() -> None:
    """COR-30.13 (E13), COR-14.1, COR-14.2, COR-14.3, COR-17.3."""
    game = scenario(active=CY, influence=[4, 4, 3, 4], arc=[2000, 2000, 3200, 2000], pool=[7, 7, 4, 7],
                    reserve=[9, 9, 9, 9], figures={"A2": [0, 0, 1, 0], "A3": [0, 0, 1, 0], "B3": [0, 0, 1, 0]},
                    built=[{"id": "DEV-S2", "spaces": ["A2", "A3"], "products": 4},
                           {"id": "DEV-M3", "spaces": ["B3", "B2"], "products": 2}])
    run(game, "sell")
    assert "sell B2" not in legal(game)  # Cy does not control the Junkyard: B2 is empty (COR-17.2)
    game.state.figures[parse_space("B2")][CY] = 1
    game.state.pool[CY] = 3
    run(game, "sell B2", "sell B2", "sell A2")
    assert pv(game, CY)["arc"] == 6950 and game.view(None)["phase"] == "post"
    assert [d["products"] for d in game.view(None)["developments"]] == [3, 0]


def test_cor_30_15_award_overflow_and_end() -> None:
    """COR-30.15 (E15), COR-23.1, COR-23.2, COR-23.3, COR-23.4, COR-23.5, COR-23.6, COR-23.7, COR-24.1, COR-24.4,
    COR-24.5, COR-24.6, COR-0.8, COR-1.3, COR-1.5."""
    game = scenario(renown=[42, 47, 46, 53], renown_supply=12, arc=[3100, 2000, 2000, 3100], influence=[6, 4, 4, 5],
                    pool=[3, 5, 5, 7], reserve=[9, 9, 9, 9],
                    figures={"C3": [1, 0, 0, 0], "D4": [1, 0, 0, 0], "C4": [1, 0, 0, 0], "C5": [1, 0, 0, 0],
                             "E3": [0, 1, 0, 0], "E4": [0, 1, 0, 0], "B7": [0, 0, 1, 0], "C7": [0, 0, 1, 0]},
                    built=[{"id": "DEV-H3", "spaces": ["C4", "C5"]}, {"id": "DEV-H5", "spaces": ["E4"]},
                           {"id": "DEV-S4", "spaces": ["B7", "C7"]}], tableaus=[[], [], ["BM-27"], []])
    eng, s = game.rules.eng, game.state
    assert [eng.award_of(s, p) for p in range(4)] == [11, 5, 3, 0]
    eng.award(s, None)
    assert s.over and [eng.score(s, p) for p in range(4)] == [53, 52, 49, 53] and s.exhausted
    assert game.rules.result(s).ranking == [[ANA], [DEE], [BEN], [CY]]


def test_cor_30_16_exact_zero_does_not_end() -> None:
    """COR-30.16 (E16), COR-24.2, COR-24.3, COR-28.7, COR-0.9, COR-6.3."""
    game = scenario(renown=[100, 50, 25, 20], renown_supply=5, pool=[6, 6, 7, 7], reserve=[9, 9, 9, 9],
                    figures={"C3": [1, 0, 0, 0], "D4": [0, 1, 0, 0]})
    eng, s = game.rules.eng, game.state
    s.figures[parse_space("C4")][ANA] = 1
    s.figures[parse_space("E4")][ANA] = 1
    s.pool[ANA] = 4
    eng.award(s, None)
    assert not s.over and s.renown_supply == 0 and not s.exhausted
    eng.gain_renown(s, DEE, 1, None)
    assert s.renown[DEE] == 20
    s.figures[parse_space("C4")][ANA] = 0
    s.figures[parse_space("E4")][ANA] = 0
    s.figures[parse_space("C3")][ANA] = 0
    s.figures[parse_space("D4")][BEN] = 0
    eng.award(s, None)
    assert s.over


def test_cor_30_18_influence_clamp_heights_build() -> None:
    """COR-30.18 (E18), COR-13.13, COR-0.14, COR-21.5, COR-28.16, COR-13.5, COR-13.6, COR-13.7."""
    game = scenario(active=BEN, influence=[4, 7, 4, 4], arc=[2000, 6000, 2000, 2000], drafted=["DEV-H5"])
    run(game, "produce")
    assert "build DEV-H5 E4" in legal(game) and "build DEV-H5 B2" not in legal(game)
    run(game, "build DEV-H5 E4")
    assert pv(game, BEN)["arc"] == 1000 and pv(game, BEN)["influence"] == 7


def test_cor_30_22_turn_order_and_skipping() -> None:
    """COR-30.22 (E22), COR-8.1, COR-8.2, COR-8.3, COR-8.4, COR-8.5, COR-11.5, COR-28.11."""
    game = scenario(first=DEE, active=ANA, tracker=[3, 2, 1, 2])
    game.state.tracker = [4, 2, 1, 2]
    game.rules.eng.next_turn(game.state, None, start=ANA)
    assert game.deciders() == [BEN]


def test_cor_30_23_ycu_battle_as_attacker_tie_and_slipped_away() -> None:
    """COR-30.23 (E23), COR-19.1, COR-19.7, COR-19.8, COR-19.9, COR-19.13, COR-29.9.1, COR-28.13, COR-19.14."""
    game = scenario(active=DEE, arc=[2000, 2000, 2000, 1000], influence=[4, 4, 4, 5], pool=[7, 7, 7, 0],
                    reserve=[9, 9, 9, 5], figures={"B2": [0, 0, 0, 1], "C1": [0, 0, 0, 1], "A7": [0, 0, 0, 2],
                                                   "B7": [0, 0, 0, 2], "C7": [0, 0, 0, 2], "E7": [0, 0, 0, 2],
                                                   "F7": [0, 0, 0, 1]},
                    ycu={"C2": ["YCU-T07"]}, hands=[[], [], [], ["IGG-04"]], script={"die": [0, 0], "d6": [6]})
    run(game, "move", "move B2 C2", "move C1 C2", "stop")
    assert game.view(None)["phase"] == "commit"  # bribe impossible: 1000 < 1500
    run(game, "commit IGG-04", "done", "take IGG-04")
    dee = pv(game, DEE)
    assert (dee["reserve"], dee["pool"], dee["influence"]) == (5, 2, 4)
    assert game.view(None)["ycu"] == {"C2": ["YCU-T07"]} and "IGG-04" in game.view(None)["removed"]


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
    game.apply(0, card)
    assert game.log(viewer=1)[-1] == (0, None)
    game.apply(0, "done")
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
