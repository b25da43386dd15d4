"""Edition differences (BMC-12): scale pools, start tiles, people names, the expansion."""

from __future__ import annotations

import pytest

import meeple

from .helpers import run, scenario

KOSMOS = {"edition": "kosmos2006"}


def test_bmc_12_scale_pools() -> None:
    """BMC-12: cmon2019 7 / 10 / 12 scales, kosmos2006 9 / 12 / 15 for 2 / 3 / 4 players."""
    for n, cmon, kosmos in ((2, 7, 9), (3, 10, 12), (4, 12, 15)):
        assert meeple.new_game("bluemooncity", n, 1).view(None)["scales_pool"] == cmon
        assert meeple.new_game("bluemooncity", n, 1, KOSMOS).view(None)["scales_pool"] == kosmos


def test_bmc_12_start_tiles() -> None:
    """BMC-12 / BMC-2.3: kosmos2006 start tiles are fixed; cmon2019 shuffles them."""
    def starts(options: dict[str, str], seed: int) -> tuple[str, ...]:
        city = {t["square"]: t["tile"] for t in meeple.new_game("bluemooncity", 2, seed, options).view(None)["city"]}
        return tuple(city[sq] for sq in ("c2", "b3", "c4", "d3"))

    assert {starts(KOSMOS, seed) for seed in range(8)} == {
        ("fire-temple", "water-temple", "earth-temple", "royal-palace")}
    assert len({starts({}, seed) for seed in range(8)}) > 1


def test_bmc_12_people_names_per_edition() -> None:
    """BMC-12: grey and white peoples are Venti / Lux (2019) and Flit / Hoax (2006); ids stay the same."""
    cmon = meeple.new_game("bluemooncity", 2, 0).view(0)["people_names"]
    kosmos = meeple.new_game("bluemooncity", 2, 0, KOSMOS).view(0)["people_names"]
    assert (cmon["venti"], cmon["lux"]) == ("Venti", "Lux")
    assert (kosmos["venti"], kosmos["lux"]) == ("Flit", "Hoax")
    assert {k: v for k, v in cmon.items() if k not in ("venti", "lux")} == {
        k: v for k, v in kosmos.items() if k not in ("venti", "lux")}


def test_bmc_12_event_lines_and_messages_use_the_edition_names() -> None:
    """BMC-12: what the players read names the edition's peoples; the action notation keeps one set of ids."""
    game = scenario(options=KOSMOS, city=None, figures=["c3", "c3"], hands=[["venti2", "lux1"], []],
                    turn={"active": 0})
    lines = run(game, "venti2")
    assert lines == ["Player 1 plays Flit 2: 2 more steps"]
    with pytest.raises(meeple.IllegalAction, match="Flit 1") as refused:
        game.apply(0, "venti1 b2")
    assert refused.value.msg == "refuse.no_card" and refused.value.params == {"card": "@card.flit.1"}  # a term
    assert "Hoax" in game.render(0) and "Venti" not in game.render(0)
    cmon = scenario(figures=["c3", "c3"], hands=[["venti2"], []], turn={"active": 0})
    assert run(cmon, "venti2") == ["Player 1 plays Venti 2: 2 more steps"]


def test_bmc_12_reward_cards_in_another_players_turn() -> None:
    """BMC-12 / BMC-6.7: cmon2019 hands them over at once, kosmos2006 at the end of the turn."""
    for options, in_hand, waiting in (({}, 2, 0), (KOSMOS, 0, 2)):
        game = scenario(options=options, figures=["b2", "c3"], boxes={"b2": [1, 1]}, hands=[["terrah2"], []],
                        deck=["pillar1", "pillar2", "lux1", "lux2"], turn={"active": 0, "phase": "contribution"})
        run(game, "contribute 3", "pay terrah2", "done")
        assert len(game.view(1)["hand"]) == in_hand and game.view(None)["seats"][1]["pending_cards"] == waiting
        run(game, "refill")
        assert sorted(game.view(1)["hand"]) == ["pillar1", "pillar2"]


def test_bmc_12_expansion_only_with_cmon2019() -> None:
    """BMC-12: the expansion is available for cmon2019 only."""
    assert meeple.new_game("bluemooncity", 2, 0, {"expansion": True}).view(None)["expansion"]
    with pytest.raises(meeple.InvalidOptions, match="cmon2019"):
        meeple.new_game("bluemooncity", 2, 0, {"edition": "kosmos2006", "expansion": True})
    with pytest.raises(meeple.ScenarioError, match="options:"):
        meeple.scenario("bluemooncity", {"players": 2, "options": {"edition": "kosmos2006", "expansion": True}})
