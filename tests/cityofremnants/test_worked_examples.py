"""The worked examples of the spec (COR-30), reproduced through the public API from the scenario files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.engine import Game, IllegalAction

from .helpers import ANA, BEN, CY, DEE, legal, pv, run

SCENARIOS = Path(meeple.__file__).parent / "games" / "cityofremnants" / "scenarios"


def load(name: str) -> Game:
    return meeple.scenario("cityofremnants", SCENARIOS / name)


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
