"""The worked examples of the spec (COL-EX1 .. COL-EX29), reproduced with their exact numbers through the public API."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple.engine import IllegalAction
from meeple.games.coloma.data import DEFAULT_DATA

from .helpers import SCENARIOS, active, description, end_all, end_turns_until, example, legal, lodge, public, run, seat


def test_col_ex1_setup_four_players() -> None:
    """COL-EX1: supplies, Lodges, hands and decks after setup with 4 players; no Event in chapter 1.

    Rules shown: COL-4.1, COL-4.2, COL-4.3, COL-4.4, COL-4.5, COL-4.6, COL-4.8, COL-4.9, COL-4.13, COL-4.15,
    COL-4.17, COL-5.3, COL-18.2.
    """
    game = meeple.new_game("coloma", 4, seed=1)
    assert sorted(game.deciders()) == [0, 1, 2, 3]  # everyone keeps 4 of 6 at once
    for p in range(4):
        run_seat = [f"return {n} {end}" for n, end in ((6, "top"), (5, "bottom"))]
        for action in run_seat:
            game.apply(p, action)
    view = public(game)
    assert (view["gold_supply"], view["gold_cart"], view["horse_supply"]) == (16, 10, 16)
    for p in range(4):
        assert lodge(game, p) == {"bucks": 2, "gold": 1, "dudes": 4, "tents": 1, "horses": 1}
        assert seat(game, p)["reserve"] == {"dudes": 8, "tents": 7}
        assert (seat(game, p)["hand_size"], seat(game, p)["deck_size"]) == (4, 12)
    assert view["hotels"] == 8 and sum(view["bridges"].values()) == 12
    assert len([b for b in view["barrel_spaces"] if b]) == 4 and view["barrel_pile"] == 20
    assert view["outlaws"] == 2 and view["round"] == 1
    assert view["wheel"]["barker"] == 1 and view["wheel"]["signpost"] == 2 and view["wheel"]["bust"] is None
    assert view["event"] is None and view["phase"] == "select"


def test_col_ex2_bust_activates_signpost() -> None:
    """COL-EX2: Site 5 Busts, the Signpost forwards Site 3's Saw build to Site 4; turns P4, P3, P1, P2.

    Rules shown: COL-6.4, COL-6.5, COL-6.6, COL-6.7, COL-6.8, COL-7.4, COL-7.6, COL-8.1, COL-8.3, COL-16.4, COL-16.5.
    """
    game = example("ex02")
    wheel = public(game)["wheel"]
    assert wheel["bust"] == 5 and wheel["signpost_active"]
    assert active(game) == 3 and {"sutter common", "sutter boom"} <= set(legal(game))
    run(game, "end")
    assert active(game) == 2
    options = legal(game)
    assert "wagon common" in options and "build c02 boom" in options and "ability c12" not in options
    run(game, "end")
    assert active(game) == 0
    assert {"deputise 1", "deputise 2", "ability c16"} <= set(legal(game))
    assert not any(a.startswith("camp") for a in legal(game))
    run(game, "end")
    assert active(game) == 1


def test_col_ex3_tie_means_no_bust() -> None:
    """COL-EX3: two positions with 2 pioneers: no Bust; Sutter's Mill twice; Deputise and Camp.

    Rules shown: COL-7.5, COL-23.12.
    """
    game = example("ex03")
    assert public(game)["wheel"]["bust"] is None and not public(game)["wheel"]["signpost_active"]
    run(game, "sutter common", "sutter boom")
    assert lodge(game, 0)["bucks"] == 2 + 6
    run(game, "end", "sutter common", "sutter boom", "end")
    assert active(game) == 2 and {"deputise 1", "camp l11"} <= set(legal(game))
    run(game, "end")
    assert {"deputise 2", "camp l09", "camp l10"} <= set(legal(game))


def test_col_ex4_site_1_boom_with_buildings() -> None:
    """COL-EX4: two Sutter's Mills, Placer Claim and Livery Stable; the covered Boarding House is disabled.

    Rules shown: COL-10.1, COL-10.2, COL-10.3, COL-10.4, COL-16.3, COL-16.9, COL-12.6.
    """
    game = example("ex04")
    assert active(game) == 3 and "ability c03" not in legal(game)
    run(game, "sutter common", "sutter boom", "ability c01", "ability c02")
    assert lodge(game, 3) == {"bucks": 7, "gold": 1, "dudes": 4, "tents": 1, "horses": 2}
    assert seat(game, 3)["reserve"]["dudes"] == 8
    assert public(game)["gold_supply"] == 13 and public(game)["horse_supply"] == 14


def test_col_ex5_site_2_survey_and_bridge() -> None:
    """COL-EX5: survey column 3 (3 VP, 1 G) and bridge the column-1 river with a Stable Bridge at Saw cost.

    Rules shown: COL-11.1, COL-11.2, COL-11.3, COL-11.4, COL-11.5, COL-11.7, COL-11.11, COL-9.5.
    """
    game = example("ex05")
    end_turns_until(game, 1)
    cart = public(game)["gold_cart"]
    run(game, "survey 3 common", "bridge b 1 boom")
    assert lodge(game, 1) == {"bucks": 1, "gold": 1, "dudes": 1, "tents": 1, "horses": 2}
    assert seat(game, 1)["vp"] == 13 and seat(game, 1)["rivers"] == ["B", None, "river", None]
    assert public(game)["gold_supply"] == 11 and public(game)["gold_cart"] == cart + 1
    assert public(game)["bridges"]["B"] == 1 and seat(game, 1)["reserve"]["dudes"] == 9 + 2


def test_col_ex6_gold_as_bucks() -> None:
    """COL-EX6: the Foundry paid with 3 $ + 1 G as a Buck + 1 G + 1 D; not usable in the turn it is built.

    Rules shown: COL-9.7, COL-9.7a, COL-16.8, COL-12.1, COL-12.3, COL-12.4, COL-25.2.
    """
    game = example("ex06")
    assert public(game)["wheel"]["bust"] == 3
    end_turns_until(game, 2)
    cart = public(game)["gold_cart"]
    assert "build c09 boom" not in legal(game)  # a Busted pioneer builds at Hammer cost only
    run(game, "build c09 common")
    assert lodge(game, 2)["bucks"] == 0 and lodge(game, 2)["gold"] == 0 and lodge(game, 2)["dudes"] == 1
    assert public(game)["gold_cart"] == cart + 2 and seat(game, 2)["vp"] == 23 and seat(game, 2)["hand_size"] == 1
    assert not any(a.startswith("foundry") for a in legal(game))


def test_col_ex7_hotel_on_the_lumber_mill() -> None:
    """COL-EX7: a Hotel at Saw cost covers the Lumber Mill, which is disabled from then on.

    Rules shown: COL-12.2, COL-12.5, COL-12.7, COL-12.9.
    """
    game = example("ex07")
    end_turns_until(game, 2)
    assert "ability c08" in legal(game)
    run(game, "hotel c08 boom")
    assert lodge(game, 2)["bucks"] == 2 and lodge(game, 2)["gold"] == 0 and lodge(game, 2)["dudes"] == 6
    assert seat(game, 2)["vp"] == 25 and public(game)["hotels"] == 7
    assert "ability c08" not in legal(game)
    assert seat(game, 2)["tableau"] == [{"card": "C08", "hotel": True}]


def test_col_ex8_skipping_an_occupied_town() -> None:
    """COL-EX8: Pilot Hill is skipped for free; stop on Auburn for 1 G + 1 VP, or pass it for its 2 Dudes.

    Rules shown: COL-13.5, COL-13.6, COL-13.9, COL-13.10.
    """
    game = example("ex08")
    end_turns_until(game, 0)
    run(game, "wagon common", "move h1", "move pil")
    assert "stop" not in legal(game)  # a skipped space cannot end a move
    run(game, "move aub")
    passing = game.copy()
    run(game, "stop alt")
    assert lodge(game, 0)["gold"] == 2 and seat(game, 0)["vp"] == 1 and public(game)["gold_supply"] == 10
    run(passing, "move h5")
    assert lodge(passing, 0)["dudes"] == 4 + 2 and lodge(passing, 0)["gold"] == 1


def test_col_ex9_two_wagon_actions_without_backtracking() -> None:
    """COL-EX9: the second Wagon action moves on from Cool and may not re-enter H5 or Auburn.

    Rules shown: COL-13.1, COL-13.12, COL-13.14.
    """
    game = example("ex09")
    end_turns_until(game, 0)
    run(game, "wagon common", "move h5", "move coo", "stop")
    assert lodge(game, 0)["tents"] == 2
    run(game, "wagon boom")
    assert "move h5" not in legal(game)
    run(game, "move h6", "move geo")
    assert {"stop", "stop alt"} <= set(legal(game)) and "move aub" not in legal(game)
    run(game, "stop alt")
    assert lodge(game, 0)["horses"] == 4 and lodge(game, 0)["bucks"] == 3
    assert game.view(0)["turn"]["visited"] == ["AUB", "H5", "COO", "H6", "GEO"]


def test_col_ex10_camp() -> None:
    """COL-EX10: P3 camps on L11 next to P1's Camp on L12.

    Rules shown: COL-14.3, COL-14.5.
    """
    game = example("ex10")
    end_turns_until(game, 2)
    assert legal(game).count("camp l11") == 1 and "camp l12" not in legal(game)
    run(game, "camp l11")
    assert lodge(game, 2)["tents"] == 0 and public(game)["lands"]["L11"] == 2


def test_col_ex11_event_with_too_little_gold() -> None:
    """COL-EX11: Gold Strike with 2 Gold left: P2, P3 get Gold, P3's Camp and P4, P1 get a Buck instead.

    Rules shown: COL-23.1, COL-9.3.
    """
    game = example("ex11")
    assert [lodge(game, p)["gold"] for p in range(4)] == [0, 1, 1, 0]
    assert [lodge(game, p)["bucks"] for p in range(4)] == [3, 2, 3, 3]
    assert public(game)["gold_supply"] == 0


def test_col_ex12_shootout_won() -> None:
    """COL-EX12: won 5 to 2; P1 keeps the badge; +4, +2, +4 VP; P1 and P4 bury one; round 2 starts with 3 Outlaws.

    Rules shown: COL-19.2, COL-19.4, COL-19.6, COL-19.7, COL-19.9, COL-19.10.
    """
    game = example("ex12")
    end_all(game)
    view = public(game)
    assert view["round"] == 2 and view["outlaws"] == 3 and view["sheriff"] == 0
    assert [s["vp"] for s in view["seats"]] == [4, 0, 2, 4]
    assert [s["graveyard"] for s in view["seats"]] == [1, 0, 0, 1]
    assert [s["lodge"]["dudes"] for s in view["seats"]] == [3, 2, 3, 3]


def test_col_ex13_shootout_lost() -> None:
    """COL-EX13: lost 3 to 3; P2 takes the badge; +1, +2 VP; one buried each; 7 Outlaws in round 3.

    Rules shown: COL-19.3, COL-19.8.
    """
    game = example("ex13")
    end_all(game)
    view = public(game)
    assert view["round"] == 3 and view["outlaws"] == 7 and view["sheriff"] == 1
    assert [s["vp"] for s in view["seats"]] == [1, 2, 0, 0]
    assert [s["graveyard"] for s in view["seats"]] == [1, 1, 0, 0]
    assert [s["lodge"]["dudes"] for s in view["seats"]] == [2, 3, 2, 2]


@pytest.mark.parametrize(("gunmen", "won", "vp", "graveyard", "dudes"), [(1, False, 1, 1, 2), (2, True, 4, 1, 3)])
def test_col_ex14_two_players_neutral_gunmen(gunmen: int, won: bool, vp: int, graveyard: int, dudes: int) -> None:
    """COL-EX14: 3 neutral gunmen count for the Shootout but never die or score; A takes the badge.

    Rules shown: COL-19.11, COL-19.12, COL-21.1.
    """
    desc = description("ex14")
    desc["seats"][0]["gunmen"] = gunmen
    game = meeple.scenario("coloma", desc)
    end_all(game)
    assert game.is_over()
    view = public(game)
    assert view["sheriff"] == 0 and view["neutral_gunmen"] == 3
    assert seat(game, 0)["vp_by_category"]["shootouts"] == vp and seat(game, 0)["graveyard"] == graveyard
    assert lodge(game, 0)["dudes"] == dudes
    assert any(e["msg"] == ("shootout.won" if won else "shootout.lost") for evs in game.events(None) for e in evs)


def test_col_ex15_milling() -> None:
    """COL-EX15: the Lumber Mill draws the last card and 1 VP, then a card goes to the bottom of the deck.

    Rules shown: COL-17.2, COL-17.3, COL-17.4, COL-23.9.
    """
    game = example("ex15")
    end_turns_until(game, 3)
    run(game, "ability c08")
    assert seat(game, 3)["deck_size"] == 0 and seat(game, 3)["hand_size"] == 3 and seat(game, 3)["vp"] == 31
    assert set(legal(game)) == {f"return {n} {end}" for n in (1, 2, 3) for end in ("top", "bottom")}
    run(game, "return 1 bottom")
    assert seat(game, 3)["deck_size"] == 1 and seat(game, 3)["hand_size"] == 2
    assert game.view(3)["known_deck"] == [[0, "C01"]]


def test_col_ex16_final_scoring() -> None:
    """COL-EX16: 65 + Hotels 12 + Stable 8 + Boot Hill 6 + Camps 7 = 98 VP.

    Rules shown: COL-20.2, COL-20.3, COL-20.4.
    """
    game = example("ex16")
    end_all(game)
    assert game.is_over()
    cats = seat(game, 1)["vp_by_category"]
    assert (cats["hotels_end"], cats["bridges"], cats["camps"]) == (12, 14, 7)
    assert seat(game, 1)["vp"] == 98


def test_col_ex17_buster() -> None:
    """COL-EX17: A and Buster Bust the Signpost Site; A builds at Hammer cost, B takes two Wagon actions.

    Rules shown: COL-21.3, COL-21.4, COL-7.8, COL-23.13, COL-6.9.
    """
    game = example("ex17")
    assert public(game)["buster"]["shown"] == [2, 5]
    dialled_one = game.copy()
    run(game, "dial 3", "dial 4")
    assert public(game)["buster"]["site"] == 3 and public(game)["wheel"]["bust"] == 3
    assert not public(game)["wheel"]["signpost_active"]
    assert "build c01 common" in legal(game) and not any(a.endswith(" boom") for a in legal(game))
    run(game, "end")
    assert {"wagon common", "wagon boom"} <= set(legal(game))
    run(dialled_one, "dial 1", "dial 4")
    assert public(dialled_one)["wheel"]["bust"] is None and "sutter boom" in legal(dialled_one)


def test_col_ex18_assay_day_with_a_camp() -> None:
    """COL-EX18: a Camp on an Event-4 Land doubles the limit to 6 Gold; P1 returns 4 for 8 VP.

    Rules shown: COL-18.5, COL-25.1.
    """
    game = example("ex18")
    assert active(game) == 0 and legal(game)[-1] == "exchange 4"
    run(game, "exchange 4")
    assert seat(game, 0)["vp"] == 20 and lodge(game, 0)["gold"] == 0 and public(game)["gold_cart"] == 14


def test_col_ex19_barker_trade_and_barrel() -> None:
    """COL-EX19: three purchases, a Barrel and its refill, the Oats used.

    Rules shown: COL-15.2, COL-15.3, COL-15.4, COL-15.5.
    """
    game = example("ex19")
    end_turns_until(game, 1)
    run(game, "trade", "buy horse", "buy dude", "buy gold", "done")
    assert lodge(game, 1) == {"bucks": 0, "gold": 2, "dudes": 5, "tents": 1, "horses": 2}
    assert public(game)["gold_cart"] == 9 and public(game)["horse_supply"] == 15
    run(game, "barrel 2")
    assert public(game)["barrel_pile"] == 19 and public(game)["barrel_spaces"][1] is not None
    assert seat(game, 1)["barrels"]["fresh"] == ["oats"]
    run(game, "use oats")
    assert lodge(game, 1)["horses"] == 3 and public(game)["horse_supply"] == 14
    assert seat(game, 1)["barrels"] == {"fresh": [], "used": ["oats"]}


def test_col_ex20_foundry_on_the_bank() -> None:
    """COL-EX20: the Foundry activates the Bank although P3 is not on Site 1 and nothing Busted.

    Rules shown: COL-16.10, COL-16.11.
    """
    game = example("ex20")
    end_turns_until(game, 2)
    assert "ability c04" not in legal(game)
    run(game, "foundry c04")
    assert lodge(game, 2)["bucks"] == 2 and lodge(game, 2)["gold"] == 1 and public(game)["gold_cart"] == 8


def test_col_ex21_barker_busts_signpost_forwards() -> None:
    """COL-EX21: the Barker Busts: Trade only there; P3 on Site 5 Deputises and takes Site 4's Wagon Boom.

    Rules shown: COL-8.2, COL-23.14, COL-7.7, COL-15.8.
    """
    game = example("ex21")
    assert public(game)["wheel"]["bust"] == 4 and public(game)["wheel"]["signpost_active"]
    assert active(game) == 3 and {"survey 1 common", "survey 1 boom"} <= set(legal(game))
    run(game, "end")
    assert active(game) == 0 and legal(game) == ["end", "trade"]
    run(game, "end")
    assert active(game) == 1 and legal(game) == ["end", "trade"]
    run(game, "end")
    assert active(game) == 2
    options = legal(game)
    assert {"deputise 1", "wagon boom"} <= set(options)
    assert "ability c15" not in options and "ability c11" not in options


def test_col_ex22_chains_of_occupied_spaces() -> None:
    """COL-EX22: two occupied spaces in a row are skipped for free; an exhausted allowance cannot skip.

    Rules shown: COL-13.7, COL-13.13.
    """
    game = example("ex22")
    end_turns_until(game, 0)
    run(game, "wagon common")
    assert {"move h1", "move h2"} <= set(legal(game))
    other = game.copy()
    run(game, "move h2", "move gre")
    assert legal(game) == ["move geo"]  # (c) no stop on a skipped space
    run(game, "move geo")
    assert {"stop", "stop alt"} <= set(legal(game))
    run(game, "stop")
    assert lodge(game, 0)["dudes"] == 6 and lodge(game, 0)["bucks"] == 2  # Greenwood gave nothing
    run(other, "move h1")
    assert legal(other) == ["stop"]  # (b) PIL could be skipped only with allowance left for AUB
    with pytest.raises(IllegalAction):
        other.apply(0, "move pil")


@pytest.mark.parametrize(("dials", "bust", "signpost", "booming"), [
    ([1, 1, 2, 2, 5], None, False, [0, 1, 2, 3, 4]),
    ([1, 1, 1, 2, 2], 1, True, [3, 4]),
    ([3, 3, 4, 5, 1], 3, True, [2, 3, 4]),
])
def test_col_ex23_counting_the_bust_with_five(dials: list[int], bust: int | None, signpost: bool,
                                              booming: list[int]) -> None:
    """COL-EX23: ties, a clear majority and a Busted Barker with 5 players; who keeps a Boom section.

    Rules shown: COL-7.5, COL-6.5.
    """
    game = meeple.scenario("coloma", {**description("ex23"), "dials": dials})
    wheel = public(game)["wheel"]
    assert wheel["bust"] == bust and wheel["signpost_active"] == signpost
    for p in range(5):
        common, boom = wheel["sections"][str(dials[p])]
        assert (boom >= 0) == (p in booming), (p, dials[p], common, boom)
    if bust == 3:
        assert wheel["sections"]["4"] == [4, 3]  # Wagon plus Build at Saw cost
        assert wheel["sections"]["3"] == [0, -1]  # the Barker's pioneers Trade only


def test_col_ex24_event_with_camps_and_a_short_reserve() -> None:
    """COL-EX24: Volunteers three times for P3, but only 2 Dudes in the reserve; everyone else 1.

    Rules shown: COL-18.4, COL-23.3.
    """
    game = example("ex24")
    assert [lodge(game, p)["dudes"] for p in range(4)] == [5, 5, 12, 5]
    assert seat(game, 2)["reserve"]["dudes"] == 0


@pytest.mark.parametrize("pays", [True, False])
def test_col_ex25_city_with_another_wagon(pays: bool, tmp_path: Path) -> None:
    """COL-EX25: Auburn with P2's Wagon pays P1 its 2 Dudes unless CITY_REWARD_IF_OCCUPIED is false.

    Rules shown: COL-13.8, COL-13.8a.
    """
    settings = {}
    if not pays:
        data = tmp_path / "coloma.toml"
        data.write_text(DEFAULT_DATA.read_text().replace("city_reward_if_occupied = true",
                                                         "city_reward_if_occupied = false"))
        settings["data"] = str(data)
    game = example("ex25", **settings)
    end_turns_until(game, 0)
    run(game, "wagon common", "move pil", "move aub")
    stopping = game.copy()
    assert ("stop alt" in legal(game)) == pays
    run(game, "move h5")
    assert lodge(game, 0)["dudes"] == 4 + (2 if pays else 0) and lodge(game, 0)["horses"] == 4
    run(stopping, "stop")
    assert lodge(stopping, 0)["dudes"] == 4 + (2 if pays else 0)


def test_col_ex26_sheriff_tie_break() -> None:
    """COL-EX26: P1 and P4 lead; the first of them clockwise from the Sheriff P3 is P4.

    Rules shown: COL-19.5.
    """
    game = example("ex26")
    end_all(game)
    assert public(game)["sheriff"] == 3
    run(game, *(["dial 1"] * 4))
    assert [active(game), *end_turns_until_all(game)] == [3, 0, 1, 2]


def end_turns_until_all(game: meeple.Game) -> list[int]:
    order = []
    run(game, "end")
    while public(game)["chapter"] == 1:
        order.append(active(game))
        run(game, "end")
    return order


@pytest.mark.parametrize(("money", "dudes", "ranking"), [
    ((5, 4), (4, 4), [[0], [1]]), ((5, 5), (5, 4), [[0], [1]]), ((5, 5), (4, 4), [[0, 1]])])
def test_col_ex27_final_ranking(money: tuple[int, int], dudes: tuple[int, int], ranking: list[list[int]]) -> None:
    """COL-EX27: equal VP: more Bucks + Gold ranks first, then more Dudes; still equal, the place is shared.

    Rules shown: COL-20.7, COL-20.8.
    """
    desc = description("ex27")
    for p in (0, 1):
        desc["seats"][p].update(bucks=money[p] - desc["seats"][p]["gold"], dudes=dudes[p])
    game = meeple.scenario("coloma", desc)
    end_all(game)
    result = game.result()
    assert result.ranking == [*ranking, [2]] and result.winners == ranking[0]
    # The tie-breakers come with the result as labelled final figures, in the order they apply.
    assert result.tiebreak == ["figure.money", "figure.dudes"] and next(iter(result.figures)) == "figure.vp"
    assert [result.figures["figure.money"][p] for p in (0, 1)] == list(money)
    assert [result.figures["figure.dudes"][p] for p in (0, 1)] == list(dudes)


@pytest.mark.parametrize(("dudes", "vp"), [(4, 8), (9, 12)])
def test_col_ex28_hotels_at_the_end(dudes: int, vp: int) -> None:
    """COL-EX28: two Hotels score 1 VP per Dude in the Lodge each, at most 6 each.

    Rules shown: COL-12.10.
    """
    desc = description("ex28")
    desc["seats"][0]["dudes"] = dudes
    game = meeple.scenario("coloma", desc)
    end_all(game)
    assert seat(game, 0)["vp_by_category"]["hotels_end"] == vp


def test_col_ex29_stop_on_a_city_then_move_on() -> None:
    """COL-EX29: the alternative on Auburn, then a second Wagon action with 4 Horses to Folsom.

    Rules shown: COL-13.3, COL-13.16.
    """
    game = example("ex29")
    end_turns_until(game, 0)
    run(game, "wagon common", "move h1", "move pil", "move aub")
    assert lodge(game, 0)["horses"] == 4
    run(game, "stop alt")
    assert lodge(game, 0)["gold"] == 2 and seat(game, 0)["vp"] == 1 and public(game)["gold_supply"] == 8
    run(game, "wagon boom")
    assert "move h1" not in legal(game) and "move pil" not in legal(game)
    run(game, "move h12", "move mor")
    assert len(seat(game, 0)["barrels"]["fresh"]) == 1
    run(game, "move h11", "move fol")
    assert {"stop", "stop alt"} <= set(legal(game))
    hand = seat(game, 0)["hand_size"]
    run(game, "stop alt")
    assert seat(game, 0)["hand_size"] == hand + 2


def test_every_worked_example_has_a_scenario_file_that_builds() -> None:
    """Each COL-EX but the setup (COL-EX1, a new game) is a scenario file; every file builds a position."""
    numbers = set()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        game = meeple.scenario("coloma", str(path))
        assert not game.is_over() and game.deciders()
        numbers.add(int(path.name[2:4]))
    assert numbers == set(range(2, 30))
