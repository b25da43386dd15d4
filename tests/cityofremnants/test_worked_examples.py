"""The worked examples of the spec (COR-30), reproduced through the public API from the scenario files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import meeple
from meeple.engine import Game, IllegalAction

from .helpers import ANA, BEN, CY, DEE, legal, pv, run, spec_data

SCENARIOS = Path(meeple.__file__).parent / "games" / "cityofremnants" / "scenarios"


def load(name: str) -> Game:
    """A worked example of the spec, with the spec's values (the balance pass retuned some: docs/balance.md)."""
    return meeple.scenario("cityofremnants", SCENARIOS / name, data=spec_data())


def view(game: Game) -> dict[str, Any]:
    out: dict[str, Any] = game.view(None)
    return out


def test_cor_30_3_free_recruit_and_minimum_first_bid() -> None:
    """COR-30.3 (E3), COR-11.9, COR-29.12.1 (recruit_fixed, min_first_bid), COR-9.6, COR-11.19, COR-0.12."""
    game = load("e03-free-recruit-and-minimum-bid.yaml")
    run(game, "play HUM-01", "take GM-01")
    ana = pv(game, ANA)
    assert (ana["arc"], ana["reserve"], ana["pool"], ana["turns"]) == (3000, 7, 2, 0)
    run(game, "play HUM-10", "recruit", "take GM-17")
    assert game.deciders() == [BEN]
    with pytest.raises(IllegalAction):
        game.apply(BEN, "bid 500")
    assert "bid 1000" in legal(game)
    run(game, "pass", "pass", "pass")
    ana = pv(game, ANA)
    assert (ana["reserve"], ana["pool"]) == (6, 3) and sorted(ana["discard"]) == ["HUM-01", "HUM-10"]
    assert {"GM-01", "GM-17"} <= set(game.view(ANA)["hand"])


def test_cor_30_8_attacker_wins_and_a_development_is_split() -> None:
    """COR-30.8 (E8), COR-18.15, COR-17.2, COR-17.4, COR-28.19, COR-18.14, COR-29.12.1 (on_win)."""
    game = load("e08-attacker-wins-and-splits.yaml")
    run(game, "move", "move F3 E3", "move F3 E3", "stop")
    run(game, "commit IGG-01", "commit IGG-04", "done", "done")
    assert view(game)["battle"]["result"]["totals"] == [12, 6]
    assert legal(game) == ["take NEI-07"]
    run(game, "take NEI-07")
    v = view(game)
    assert v["figures"]["E3"] == [0, 0, 0, 2] and v["figures"]["D3"] == [0, 1, 0, 0]
    assert pv(game, DEE)["influence"] == 5 and pv(game, BEN)["influence"] == 4 and pv(game, DEE)["arc"] == 1700
    assert v["developments"][0]["controller"] is None and "NEI-07" in v["removed"]
    assert pv(game, BEN)["award"] == 1 and pv(game, DEE)["award"] == 1


def test_cor_30_10_patrol_placement_and_fights() -> None:
    """COR-30.10 (E10), COR-22.1, COR-22.2, COR-22.3, COR-22.4, COR-22.5, COR-22.6, COR-22.7, COR-22.8, COR-22.10,
    COR-22.11, COR-22.12, COR-19.2, COR-19.4, COR-19.5, COR-19.10, COR-19.15, COR-19.16, COR-0.17."""
    game = load("e10-patrol.yaml")
    run(game, "end")
    v = view(game)
    assert v["ycu"] == {"C3": ["YCU-T12"], "E4": ["YCU-T03"], "B5": ["YCU-T20"], "C2": ["YCU-T07"],
                        "D5": ["YCU-T15"], "G7": ["YCU-T01"]} and len(v["bag"]) == 14
    assert game.deciders() == [CY] and v["phase"] == "bribe"
    run(game, "bribe")
    assert pv(game, CY)["arc"] == 2100 and len(view(game)["bag"]) == 15 and pv(game, CY)["influence"] == 4
    assert game.deciders() == [DEE] and view(game)["phase"] == "commit"
    run(game, "commit IGG-09", "done")
    assert pv(game, DEE)["influence"] == 6 and pv(game, DEE)["renown"] == 31 and view(game)["renown_supply"] == 119
    assert game.deciders() == [ANA] and view(game)["phase"] == "commit"
    run(game, "commit HUM-04", "done", "take HUM-04")
    ana = pv(game, ANA)
    assert (ana["influence"], ana["arc"], ana["reserve"]) == (2, 700, 10)
    v = view(game)
    assert {k: v["ycu"][k] for k in ("E4", "B5", "C2", "D5")} == {"E4": ["YCU-T03"], "B5": ["YCU-T20"],
                                                                 "C2": ["YCU-T07"], "D5": ["YCU-T15"]}
    assert "C3" not in v["ycu"] and "HUM-04" in v["removed"]


def test_cor_30_12_produce_and_develop() -> None:
    """COR-30.12 (E12), COR-13.1, COR-13.2, COR-13.3, COR-13.4, COR-13.8, COR-13.9, COR-13.14, COR-13.15,
    COR-28.30, COR-2.6, COR-28.6."""
    game = load("e12-produce-develop.yaml")
    assert view(game)["product_supply"] == 40
    run(game, "produce", "use E1")
    assert view(game)["developments"][0]["products"] == 4 and view(game)["product_supply"] == 39
    run(game, "use F2")
    assert pv(game, CY)["arc"] == 5700
    run(game, "finish")
    acts = legal(game)
    assert "build DEV-M3 B3 B4" in acts and "build DEV-M3 B4 B5" in acts
    assert "build DEV-M3 A3 B3" not in acts and "build DEV-M3 B4 C4" not in acts
    run(game, "build DEV-M3 B3 B4")
    assert pv(game, CY)["arc"] == 3200 and pv(game, CY)["influence"] == 4
    assert view(game)["developments"][-1]["controller"] is None


def test_cor_30_19_dice_cap_sniper_rifle_and_reroll() -> None:
    """COR-30.19 (E19), COR-18.8, COR-18.11, COR-2.7, COR-29.11.1, COR-9.2, COR-9.7, COR-9.9."""
    game = load("e19-dice-cap-sniper-reroll.yaml")
    run(game, "stop", "commit GM-29", "commit IGG-09", "commit BM-04", "done")
    run(game, "commit BM-10", "commit NEI-06", "commit BM-07", "done")
    b = view(game)["battle"]
    assert b["dice"] == [[0, 1, 3, 0, 2], [1]] and view(game)["phase"] == "reroll" and game.deciders() == [BEN]
    run(game, "reroll 1")
    assert view(game)["battle"]["result"]["totals"] == [6, 6]
    run(game, "take GM-29")
    v = view(game)
    assert v["figures"]["E4"] == [0, 1, 0, 0] and pv(game, DEE)["pool"] == 6 and pv(game, DEE)["reserve"] == 10
    assert pv(game, DEE)["influence"] == 3 and pv(game, BEN)["influence"] == 5 and "GM-29" in v["gm_discard"]


def test_cor_30_20_declarer_fights_back_inside_the_auction() -> None:
    """COR-30.20 (E20), COR-8.6, COR-8.7, COR-11.18, COR-28.10, COR-8.11, COR-27.1, COR-27.2."""
    game = load("e20-declarer-fights-back.yaml")
    run(game, "recruit", "take GM-21")
    assert game.deciders() == [CY] and not [a for a in legal(game) if a.startswith("play")]
    run(game, "bid 1000", "pass", "bid 1100")
    assert game.deciders() == [BEN] and "play NEI-07" in legal(game)
    run(game, "play NEI-07")
    assert "bid 1750" not in legal(game) and "bid 1500" in legal(game)
    run(game, "bid 1500", "bid 1600")
    assert game.deciders() == [ANA] and legal(game) == ["pass"]
    run(game, "pass", "pass")
    cy = pv(game, CY)
    assert (cy["arc"], cy["turns"]) == (1400, 2) and view(game)["phase"] == "recruit"
    run(game, "take GM-13", "pass", "pass", "pass")
    assert [pv(game, p)["arc"] for p in (BEN, CY, DEE, ANA)] == [1700, 1400, 2000, 1500]
    run(game, "end")
    assert pv(game, BEN)["turns"] == 1


def test_cor_30_21_two_tokens_on_one_space() -> None:
    """COR-30.21 (E21), COR-19.3, COR-19.11, COR-19.12, COR-22.9, COR-28.12, COR-28.29, COR-21.2."""
    game = load("e21-two-tokens-one-space.yaml")
    run(game, "end")
    v = view(game)
    assert v["ycu"]["D4"] == ["YCU-T02", "YCU-T16"] and len(v["bag"]) == 14
    assert game.deciders() == [ANA] and legal(game) == ["fight YCU-T02", "fight YCU-T16"]
    run(game, "fight YCU-T16", "commit HUM-06", "commit HUM-02", "done", "take HUM-02")
    ana = pv(game, ANA)
    assert (ana["reserve"], ana["pool"], ana["influence"], ana["arc"]) == (7, 2, 3, 300)
    assert game.deciders() == [BEN] and view(game)["phase"] == "bribe"
    run(game, "fight", "commit BM-06", "commit NEI-06", "done")
    ben = pv(game, BEN)
    assert (ben["influence"], ben["renown"], ben["arc"]) == (6, 31, 5500)


def test_cor_30_24_produce_order_matters() -> None:
    """COR-30.24 (E24), COR-29.6.1 (Thieves District, Recruitment District, Slave Trader), COR-28.32, COR-20.5."""
    game = load("e24-produce-order.yaml")
    run(game, "produce")
    assert "use B2" not in legal(game)  # the Recruitment District cannot be paid yet
    run(game, "use A1", "use B2")
    ben = pv(game, BEN)
    assert (ben["arc"], ben["reserve"], ben["pool"]) == (1800, 3, 2) and "GM-25" in game.view(BEN)["hand"]
    run(game, "use F2", "take NEI-02")
    assert pv(game, BEN)["arc"] == 2800 and view(game)["phase"] == "build"
    run(game, "nobuild")
    assert sorted(game.view(BEN)["hand"]) == ["GM-25", "NEI-04"] and "NEI-02" in view(game)["removed"]


def test_cor_30_1_setup_and_first_player() -> None:
    """COR-30.1 (E1), COR-5.19, COR-5.20, COR-6.2, COR-5.13, COR-7.6."""
    game = load("e01-setup.yaml")
    v = view(game)
    assert v["first"] == CY and v["active"] == CY and v["round"] == 1 and v["phase"] == "pre"
    assert sum(d["left"] for d in v["drafted"]) == 28
    for p in v["players"]:
        assert (p["arc"], p["influence"], p["turns"], p["hand_size"], p["draw_size"], p["pool"], p["reserve"]) == (
            2000, 4, 0, 4, 6, 7, 9)
    s = game.state
    s.tracker = [4, 4, 3, 4]
    s.active = CY
    s.phase = "post"
    s.coord_deck = sorted(s.coord_deck)
    run(game, "end")
    while view(game)["phase"] not in ("reset", "over"):
        seat = game.deciders()[0]
        game.apply(seat, game.rules.actions.text(game.rules.timeout_action(game.state, seat)))
    for seat in (ANA, BEN, CY, DEE):
        game.apply(seat, "done")
    assert view(game)["first"] == DEE


def test_cor_30_2_auction_out_of_turn_winner() -> None:
    """COR-30.2 (E2), COR-11.1, COR-11.5, COR-11.6, COR-11.7, COR-11.8, COR-11.9, COR-11.10, COR-11.11, COR-11.12,
    COR-11.13, COR-11.14, COR-11.15, COR-11.16, COR-28.9, COR-28.11, COR-0.12, COR-0.13, COR-8.2."""
    game = load("e02-auction-out-of-turn.yaml")
    run(game, "recruit", "take GM-29")
    assert game.deciders() == [BEN]
    with pytest.raises(IllegalAction):
        game.apply(BEN, "bid 1050")
    run(game, "bid 1000")
    assert game.deciders() == [DEE]
    with pytest.raises(IllegalAction):
        game.apply(DEE, "bid 2550")
    run(game, "bid 1500")
    assert game.deciders() == [ANA] and "bid 3100" not in legal(game)
    run(game, "bid 2000", "pass", "bid 2500")
    assert game.deciders() == [ANA]
    run(game, "pass")
    dee = pv(game, DEE)
    assert (dee["arc"], dee["reserve"], dee["pool"], dee["turns"]) == (0, 8, 4, 4)
    assert "GM-29" in game.view(DEE)["hand"]
    assert view(game)["phase"] == "recruit" and game.deciders() == [ANA] and len(view(game)["gm_row"]) == 3
    run(game, "take GM-04")
    assert game.deciders() == [BEN]
    run(game, "pass")
    ana = pv(game, ANA)
    assert (ana["reserve"], ana["pool"], ana["arc"], ana["hand_size"]) == (8, 3, 3000, 5)
    run(game, "end")
    assert [pv(game, p)["arc"] for p in (ANA, BEN, CY, DEE)] == [3000, 3500, 2800, 0]
    assert pv(game, ANA)["turns"] == 2 and game.deciders() == [BEN]


def test_cor_30_4_buy_with_discount_and_renown() -> None:
    """COR-30.4 (E4), COR-12.1, COR-12.2, COR-12.3, COR-12.4, COR-12.5, COR-12.6, COR-0.7, COR-29.12.2."""
    game = load("e04-buy.yaml")
    run(game, "play NEI-02", "buy", "take BM-02")
    assert pv(game, BEN)["arc"] == 10500
    assert "renown 4" not in legal(game) and "renown 3" in legal(game)
    run(game, "renown 3")
    assert pv(game, BEN)["arc"] == 1500 and pv(game, BEN)["renown"] == 23 and view(game)["renown_supply"] == 147
    assert "BM-02" in game.view(BEN)["hand"] and pv(game, BEN)["discard"] == ["NEI-02"]


def test_cor_30_5_moving_from_the_pool() -> None:
    """COR-30.5 (E5), COR-16.1, COR-16.2, COR-16.4, COR-16.5, COR-16.6, COR-16.7, COR-16.8, COR-16.9, COR-16.10,
    COR-16.19, COR-0.16."""
    game = load("e05-move-from-pool.yaml")
    run(game, "move", "enter C4", "enter C4")
    assert "enter C4" not in legal(game) and "enter D4" not in legal(game)
    run(game, "enter B3", "enter A2")
    v = view(game)
    assert v["figures"] == {"C4": [0, 0, 0, 2], "B3": [0, 0, 0, 1], "A2": [0, 0, 0, 1]}
    assert v["phase"] == "post" and pv(game, DEE)["pool"] == 0 and v["battle"] if "battle" in v else True


def test_cor_30_6_and_30_7_enemy_space_and_a_tie() -> None:
    """COR-30.6 (E6), COR-30.7 (E7), COR-16.11, COR-16.12, COR-16.13, COR-28.21, COR-0.2, COR-0.4, COR-0.5,
    COR-18.1, COR-18.2, COR-18.3, COR-18.5, COR-18.6, COR-18.7, COR-18.8, COR-18.9, COR-18.10, COR-18.12,
    COR-18.13, COR-17.6, COR-20.1, COR-20.2, COR-20.3, COR-20.4, COR-20.5, COR-21.4, COR-16.17."""
    game = load("e06-e07-enemy-space-and-tie.yaml")
    run(game, "move", "move D2 D3")
    assert "move C2 C3" not in legal(game)
    run(game, "enter D3")
    assert view(game)["figures"]["D3"] == [2, 1, 0, 0] and pv(game, ANA)["pool"] == 0
    run(game, "move C2 B2")  # her fourth figure: the Move action is over (influence 4)
    assert view(game)["phase"] == "commit" and game.deciders() == [ANA]
    run(game, "commit HUM-06", "commit BM-02", "done")
    assert game.view(BEN)["battle"]["committed"] == [2, 0] and game.view(BEN)["battle"]["cards"][0] is None
    run(game, "commit NEI-06", "commit NEI-10", "done")
    assert view(game)["battle"]["result"]["totals"] == [9, 9] and view(game)["battle"]["dice"] == [[2, 1, 1], [0]]
    assert game.deciders() == [ANA]
    run(game, "take HUM-02")
    v = view(game)
    assert v["figures"]["D3"] == [0, 1, 0, 0] and pv(game, ANA)["pool"] == 1 and pv(game, ANA)["reserve"] == 14
    assert pv(game, ANA)["influence"] == 3 and pv(game, BEN)["influence"] == 5
    assert sorted(pv(game, ANA)["discard"]) == ["BM-02", "HUM-06"] and sorted(pv(game, BEN)["discard"]) == [
        "NEI-06", "NEI-10"]
    assert "HUM-02" in v["removed"] and v["developments"][0]["controller"] == BEN


def test_cor_30_11_bribe_cost_stacking() -> None:
    """COR-30.11 (E11), COR-19.6: Liaison Office halves and rounds up to 100, the Uniform subtracts 500."""
    game = load("e11-bribe-costs.yaml")
    eng, s = game.rules.eng, game.state
    tok = {t.id: t.index for t in eng.comp.tokens}
    assert [eng.bribe_cost(s, CY, tok[t]) for t in ("YCU-T17", "YCU-T04", "YCU-T20")] == [800, 0, 1000]


def test_cor_30_13_sell() -> None:
    """COR-30.13 (E13), COR-14.1, COR-14.2, COR-14.3, COR-14.4, COR-17.3."""
    game = load("e13-sell.yaml")
    run(game, "sell", "sell B2", "sell B2", "sell A2")
    assert pv(game, CY)["arc"] == 6950 and view(game)["phase"] == "post"
    assert [d["products"] for d in view(game)["developments"]] == [3, 0] and view(game)["product_supply"] == 51
    run(game, "play LEN-04", "sell A2")
    assert pv(game, CY)["arc"] == 7700
    desc = yaml.safe_load((SCENARIOS / "e13-sell.yaml").read_text(encoding="utf-8"))
    desc["tableaus"] = [[], [], ["BM-26"], []]
    desc["influence"] = [4, 4, 3, 4]
    desc["built"][0]["products"] = 4
    hauler = meeple.scenario("cityofremnants", desc)
    run(hauler, "sell", "sell B2", "sell B2", "sell A2", "sell A2", "sell A2")
    assert pv(hauler, CY)["arc"] == 3200 + 5250 and view(hauler)["phase"] == "post"


def test_cor_30_15_award_overflow_and_end() -> None:
    """COR-30.15 (E15), COR-23.1, COR-23.2, COR-23.3, COR-23.4, COR-23.5, COR-23.6, COR-23.7, COR-24.1, COR-24.4,
    COR-24.5, COR-24.6, COR-0.8, COR-1.3, COR-1.5."""
    game = load("e15-award-and-end.yaml")
    assert [pv(game, p)["award"] for p in range(4)] == [11, 5, 3, 0]
    run(game, "end")
    assert game.is_over() and [pv(game, p)["score"] for p in range(4)] == [53, 52, 49, 53]
    assert [pv(game, p)["overflow"] for p in range(4)] == [0, 4, 3, 0] and view(game)["renown_supply"] == 0
    result = game.result()
    assert result.ranking == [[ANA], [DEE], [BEN], [CY]] and result.winners == [ANA]
    # Ana and Dee both scored 53: the tie-breakers come with the result as labelled figures, ARC first.
    assert result.figures["figure.score"][ANA] == result.figures["figure.score"][DEE] == 53
    assert result.tiebreak == ["figure.arc", "figure.influence", "figure.on_board"]
    key = [(result.figures[f][ANA], result.figures[f][DEE]) for f in result.tiebreak]
    assert next(a > c for a, c in key if a != c)  # the first figure that differs puts Ana ahead


def test_cor_30_17_losing_a_card_from_the_draw_pile() -> None:
    """COR-30.17 (E17), COR-20.6, COR-20.7, COR-28.14, COR-28.15."""
    game = load("e17-lose-from-draw-pile.yaml")
    run(game, "move", "move B2 C2", "stop", "commit IGG-09", "done")
    assert legal(game) == ["take IGG-02", "take IGG-04", "take IGG-05", "take IGG-06"]
    run(game, "take IGG-06")
    assert pv(game, DEE)["draw_size"] == 4 and "IGG-06" in view(game)["removed"]
    eng, s = game.rules.eng, game.state
    s.hand[DEE], s.discard[DEE], s.draw[DEE] = [eng.comp.card_index("IGG-08")], [], []
    assert eng.lose_options(s, DEE) == []


def test_cor_30_18_influence_clamp_and_heights_build() -> None:
    """COR-30.18 (E18), COR-13.13, COR-0.14, COR-21.5, COR-28.16, COR-13.5, COR-13.6, COR-13.7."""
    game = load("e18-heights-build.yaml")
    run(game, "produce")
    assert "build DEV-H5 E4" in legal(game) and "build DEV-H5 B2" not in legal(game)
    run(game, "build DEV-H5 E4")
    assert pv(game, BEN)["arc"] == 1000 and pv(game, BEN)["influence"] == 7
    eng, s = game.rules.eng, game.state
    eng.change_influence(s, BEN, -1, None)
    assert s.influence[BEN] == 6


def test_cor_30_23_ycu_attacker_tie_and_slipped_away() -> None:
    """COR-30.23 (E23), COR-19.1, COR-19.7, COR-19.8, COR-19.9, COR-19.13, COR-29.9.1, COR-28.13, COR-19.14."""
    game = load("e23-ycu-attacker-tie.yaml")
    run(game, "move", "move B2 C2", "move C1 C2", "stop")
    assert view(game)["phase"] == "commit"  # no bribe: 1000 < 1500
    run(game, "commit IGG-04", "done")
    assert view(game)["battle"]["result"]["totals"] == [3, 3]
    run(game, "take IGG-04")
    dee = pv(game, DEE)
    assert (dee["reserve"], dee["pool"], dee["influence"]) == (5, 2, 4)
    assert view(game)["ycu"] == {"C2": ["YCU-T07"]} and "IGG-04" in view(game)["removed"]


def test_cor_30_22_turn_order_with_a_skipped_player() -> None:
    """COR-30.22 (E22), COR-8.1, COR-8.2, COR-8.3, COR-8.4, COR-8.5, COR-11.5, COR-28.11."""
    game = load("e22-turn-order.yaml")

    def trackers() -> list[int]:
        return [pv(game, p)["turns"] for p in (DEE, ANA, BEN, CY)]

    def plain_turn(seat: int) -> None:
        assert game.deciders() == [seat] and view(game)["phase"] == "pre"
        run(game, "refresh", "done", "end")

    plain_turn(DEE)
    assert trackers() == [1, 0, 0, 0]
    plain_turn(ANA)
    assert trackers() == [1, 1, 0, 0]
    run(game, "recruit", "take " + view(game)["gm_row"][0])
    run(game, "pass", "pass", "bid 100", "pass")  # Cy, Dee pass; Ana bids; Ben passes
    assert trackers() == [1, 2, 0, 0]
    run(game, "take " + view(game)["gm_row"][0], "pass", "pass", "pass", "end")  # Ben recruits free
    assert trackers() == [1, 2, 1, 0]
    plain_turn(CY)
    assert trackers() == [1, 2, 1, 1]
    run(game, "recruit", "take " + view(game)["gm_row"][0], "bid 100", "pass", "pass", "pass")
    assert trackers() == [1, 3, 1, 1]
    run(game, "take " + view(game)["gm_row"][0], "pass", "pass", "pass", "end")
    assert trackers() == [2, 3, 1, 1]
    plain_turn(ANA)
    assert trackers() == [2, 4, 1, 1]
    plain_turn(BEN)
    plain_turn(CY)
    assert trackers() == [2, 4, 2, 2]
    run(game, "recruit")
    assert view(game)["gm_row"] == [] and view(game)["phase"] == "bid"  # the empty row forced the deck's top card
    assert game.deciders() == [BEN]  # Ana (tracker 4) may not bid
    run(game, "pass", "pass", "end")
    assert trackers() == [3, 4, 2, 2] and game.deciders() == [BEN]
    plain_turn(BEN)
    plain_turn(CY)
    plain_turn(DEE)
    assert trackers() == [4, 4, 3, 3] and game.deciders() == [BEN]
    plain_turn(BEN)
    plain_turn(CY)
    assert view(game)["phase"] == "reset" and view(game)["round"] == 3  # the phase ended, the next round began
