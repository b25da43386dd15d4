"""More City of Remnants rules: conventions, components, information, cards, actions and edge cases."""

from __future__ import annotations

import json
from math import comb

import pytest

import meeple
from meeple.engine import InvalidOptions
from meeple.games.cityofremnants.data import load_components, parse_space
from meeple.games.cityofremnants.state import Battle

from .helpers import ANA, BEN, CY, DEE, legal, pv, run, scenario

COMP = load_components()


def ids(game: meeple.Game, kind: str) -> list[str]:
    return [a for a in legal(game) if a.startswith(kind)]


def test_cor_0_conventions() -> None:
    """COR-0.1 (clockwise is the next index), COR-0.3 (YCU tokens are no rivals), COR-0.6 (losing ARC stops at 0),
    COR-0.10 (losing renown stops at the tokens held; overflow is never lost), COR-0.11 (drawing never reshuffles),
    COR-2.2 (the bank never runs out), COR-2.4 (renown is an integer supply)."""
    game = scenario()
    eng, s = game.rules.eng, game.state
    assert eng.next_turn(s, None, start=1) is None and s.active == BEN
    s.arc[ANA] = 300
    eng.gain_arc(s, ANA, -500, None)
    assert s.arc[ANA] == 0
    eng.gain_arc(s, ANA, 10**7, None)
    assert s.arc[ANA] == 10**7
    s.renown[ANA], s.renown_supply, s.overflow[ANA] = 2, 198, 5
    eng.lose_renown(s, ANA, 3, None)
    assert (s.renown[ANA], s.renown_supply, s.overflow[ANA]) == (0, 200, 5)
    s.draw[BEN] = s.draw[BEN][:1]
    s.discard[BEN] = [COMP.card_index("NEI-10")]
    eng.draw_cards(s, BEN, 3, None)
    assert s.draw[BEN] == [] and s.discard[BEN] == [COMP.card_index("NEI-10")]
    game2 = scenario(active=DEE, pool=[7, 7, 7, 6], reserve=[9, 9, 9, 9], figures={"B2": [0, 0, 0, 1]},
                     ycu={"C2": ["YCU-T05"]}, hands=[[], [], [], ["BM-10"]])
    e2, s2 = game2.rules.eng, game2.state
    e2.start_ycu(s2, DEE, parse_space("C2"), "attacker", "post", None)
    assert e2.negated(s2, s2.battle, 0) == -1  # Sniper Rifle works in rival battles only: a token is no rival


def test_cor_0_15_chance_events_are_logged_and_cor_26_randomness() -> None:
    """COR-0.15, COR-2.9, COR-6.6, COR-26.2, COR-26.3: every random outcome comes from the state's stream (or the
    scripted outcomes), is shown and logged; the same seed gives the same game."""
    game = scenario(active=BEN, hands=[[], ["GM-11"], [], []], script={"d6": [5]})
    run(game, "play GM-11")
    assert pv(game, BEN)["arc"] == 3500 and game.view(None)["last_rolls"] == [[6, 4]]
    assert any(e["msg"] == "roll.d6" and e["params"]["roll"] == 5 for e in game.events(None, 0)[0])
    a, b = meeple.new_game("cityofremnants", 3, 42), meeple.new_game("cityofremnants", 3, 42)
    assert a.rules.to_data(a.state) == b.rules.to_data(b.state)
    c = meeple.new_game("cityofremnants", 3, 43)
    assert a.rules.to_data(a.state) != c.rules.to_data(c.state)


def test_cor_1_players_gangs_and_components() -> None:
    """COR-1.1 (2 to 4 players), COR-1.2 (four gangs and colours), COR-2.1 (the box), COR-29.3.2 (gang profiles),
    COR-9.1 (four kinds of card), COR-9.13 (unique gang members), COR-5.2 (starter decks of 10 by leader)."""
    for n in (1, 5):
        with pytest.raises(InvalidOptions):
            meeple.new_game("cityofremnants", n, 1)
    assert [(g.species, g.colour) for g in COMP.gangs] == [("Human", "yellow"), ("Nei'su", "blue"),
                                                          ("Lentree", "green"), ("Iggaret", "red")]
    assert len(COMP.cards) == 101 and sum(d.copies for d in COMP.devs) == 53 and len(COMP.devs) == 18
    assert len(COMP.tokens) == 20 and len(COMP.coords) == 20 and COMP.c("RENOWN_SUPPLY") == 200
    assert {c.type for c in COMP.cards} == {"leader", "member", "ability", "blackmarket"}
    assert sorted(c.name for c in COMP.cards if c.unique) == ["Odin Kester", "Vessa Drun", "Zar Tayvius"]
    own = {g.key: sum(c.attack[g.index] for c in COMP.cards if c.deck == g.key and c.attack) for g in COMP.gangs}
    # The public profile: the Iggaret are the strongest fighters (COR-29.3.2). The totals are [design] values that
    # the balance pass retuned (docs/balance.md), so the test holds the profile, not the numbers.
    assert all(own["IGG"] > total for key, total in own.items() if key != "IGG"), own
    for g in COMP.gangs:
        assert sum(c.deck == g.key for c in COMP.cards) == 10


def test_cor_3_entries_and_ordinary_slums() -> None:
    """COR-3.10, COR-3.15, COR-3.16, COR-3.17, COR-3.18, COR-5.9, COR-5.10, COR-25.3, COR-25.4: entry spaces per
    seat, distinct on side B, never named by a coordinate, otherwise ordinary Slums spaces anyone may stand on."""
    four = meeple.new_game("cityofremnants", 4, 1).view(None)["players"]
    assert [p["entry"] for p in four] == ["D1", "G4", "D7", "A4"]
    two = meeple.new_game("cityofremnants", 2, 1).view(None)["players"]
    assert [p["entry"] for p in two] == ["D1", "D7"]
    three = meeple.new_game("cityofremnants", 3, 1).view(None)
    assert [p["entry"] for p in three["players"]] == ["D1", "G4", "A4"] and three["renown_supply"] == 200
    entries = {parse_space(x) for x in ("D1", "G4", "D7", "A4")}
    assert not entries & {sp for c in COMP.coords for sp in c.side_a + c.side_b}
    assert all(COMP.boards["A"].level[sp] == "Slums" and COMP.boards["A"].award[sp] == 0 for sp in entries)
    game = scenario(active=BEN, pool=[7, 6, 7, 7], figures={"D2": [0, 1, 0, 0]})
    run(game, "move")
    assert "move D2 D1" in legal(game)  # Ben may stand on Ana's entry space


def test_cor_4_information() -> None:
    """COR-4.1, COR-4.2, COR-4.3, COR-4.4, COR-4.5, COR-26.1: hands hidden (sizes public), discard piles and the
    board public, deck orders never shown."""
    game = meeple.new_game("cityofremnants", 3, 9)
    spectator, seat0 = game.view(None), game.view(0)
    assert "hand" not in spectator and len(seat0["hand"]) == 4
    assert all(p["hand_size"] == 4 and p["draw_size"] == 6 for p in spectator["players"])
    assert isinstance(spectator["gm_deck"], int) and isinstance(spectator["coord_deck"], int)
    for key in ("arc", "influence", "renown", "overflow", "turns", "pool", "reserve", "discard", "tableau"):
        assert key in spectator["players"][0]
    text = json.dumps(spectator)
    hidden = game.rules.hidden_values(game.state, None)
    assert all(f'"{COMP.cards[c].id}"' not in text for kind, _, cards in hidden[:1] for c in cards)


def test_cor_4_6_private_looks() -> None:
    """COR-4.6: an Informer's look is seen only by its player; others learn that it happened."""
    game = scenario(active=ANA, hands=[["GM-09"], [], [], []])
    run(game, "play GM-09")
    events = game.events(ANA, 0)[0]
    seen = [e for e in events if e["msg"] == "coords.seen"]
    assert seen and not [e for e in game.events(BEN, 0)[0] if e["msg"] == "coords.seen"]
    assert [e for e in game.events(BEN, 0)[0] if e["msg"] == "coords.peek"]
    assert game.view(ANA)["effect"]["stage"] == "coord" and "effect" not in game.view(BEN)


def test_cor_5_3_leader_pick_and_cor_6_4_state_machine() -> None:
    """COR-5.3, COR-5.4, COR-5.14, COR-6.4: leaders picked in d6 order, then round 1 starts with Player Turns."""
    game = meeple.new_game("cityofremnants", 3, 4, {"leaders": "pick"})
    assert game.view(None)["phase"] == "leaders"
    picked = []
    while game.view(None)["phase"] == "leaders":
        seat = game.deciders()[0]
        choice = legal(game)[0]
        picked.append(choice)
        game.apply(seat, choice)
    assert len(set(picked)) == 3 and game.view(None)["phase"] == "pre" and game.view(None)["round"] == 1
    assert comb(6, 3) ** 3 == 8000


def test_cor_7_5_neural_implant_and_cor_7_10_rebuilt_rows() -> None:
    """COR-7.5 (draw target influence + 1 with Neural Implant), COR-7.10, COR-28.1 (a short deck is rebuilt from
    its discard pile, and the row may hold fewer than 4)."""
    game = scenario(active=ANA, influence=[4, 4, 4, 4], tableaus=[["BM-30"], [], [], []], hands=[[], [], [], []])
    eng, s = game.rules.eng, game.state
    eng.refresh_cards(s, ANA, None)
    assert len(s.hand[ANA]) == 5
    s.gm_discard += s.gm_deck[:2]
    s.gm_deck = []
    s.gm_discard += s.gm_row
    s.gm_row = []
    eng.fill_row(s, "gm")
    assert len(s.gm_row) == 4 and s.gm_discard == [] and len(s.gm_deck) == 2
    s.gm_deck, s.gm_row = [], []
    s.gm_discard = [COMP.card_index("GM-01")]
    eng.fill_row(s, "gm")
    assert s.gm_row == [COMP.card_index("GM-01")]


def test_cor_8_8_turn_modifiers_and_enemy_space_expire() -> None:
    """COR-8.8, COR-8.9, COR-8.10, COR-16.3 (Blitz: 2 more figures), COR-29.12.2, COR-28.26."""
    game = scenario(active=DEE, influence=[4, 4, 4, 1], hands=[[], [], [], ["IGG-08", "BM-21"]])
    run(game, "play IGG-08", "play BM-21")
    assert game.view(None)["mods"] == {"extra_move": 2, "move_range": 4}
    eng, s = game.rules.eng, game.state
    assert eng.move_limit(s, DEE) == 3 and eng.move_range(s) == 4
    run(game, "refresh", "done")
    assert "play IGG-08" not in legal(game)
    run(game, "end")
    assert game.view(None)["mods"] == {} and game.view(None)["enemy_space"] is None


def test_cor_9_card_rules() -> None:
    """COR-9.3, COR-9.4, COR-9.5, COR-9.8, COR-9.10, COR-9.11, COR-9.12, COR-28.25: only applicable Turn and
    Permanent cards are played; a Permanent card goes to the tableau; ability cards are never lost."""
    game = scenario(active=ANA, influence=[7, 4, 4, 4],
                    hands=[["GM-30", "HUM-09", "LEN-06", "BM-25", "HUM-02"], [], [], []], draws=[[], [], [], []])
    acts = ids(game, "play")
    assert "play GM-30" not in acts  # influence already 7: not applicable
    assert "play HUM-09" not in acts and "play LEN-06" not in acts  # a Battle card, a card without ability
    assert "play BM-25" in acts
    run(game, "play BM-25")
    assert pv(game, ANA)["tableau"] == ["BM-25"]
    assert game.rules.eng.perm(game.state, ANA, "atk_all") == 1
    assert all(COMP.card(c).unit for c in ("GM-30", "HUM-02")) and not COMP.card("HUM-09").unit
    assert COMP.card("IGG-01").effects[1].name == "on_win" and COMP.card("HUM-01").type == "leader"
    game.state.draw[ANA] = []
    assert "play HUM-02" not in ids(game, "play")  # draw(1) with an empty draw pile is not applicable


def test_cor_10_availability_and_declared_actions() -> None:
    """COR-10.1, COR-10.2, COR-10.3, COR-28.5: the six actions, each only when available; once declared it stays."""
    game = scenario(active=ANA, arc=[2000, 2000, 2000, 2000], pool=[0, 7, 7, 7], reserve=[16, 9, 9, 9])
    acts = legal(game)
    assert "move" not in acts and "sell" not in acts and "refresh" in acts and "recruit" in acts and "buy" in acts
    run(game, "refresh")
    assert all(a == "done" or a.startswith("discard") for a in legal(game))
    game2 = scenario(active=ANA, arc=[0, 2000, 2000, 2000], bm_row=["BM-06", "BM-24", "BM-25", "BM-27"])
    assert "buy" not in legal(game2)


def test_cor_11_row_deck_and_nothing_left() -> None:
    """COR-11.2, COR-11.3, COR-11.4, COR-11.17, COR-28.31, COR-28.8: an empty row forces the deck's top card (the
    discard pile reshuffled if needed); with nothing anywhere the action ends; no eligible bidder means free."""
    game = scenario(active=ANA, tracker=[0, 4, 4, 4], gm_row=[])
    s = game.state
    s.gm_discard, s.gm_deck = s.gm_deck, []
    run(game, "recruit")
    assert pv(game, ANA)["hand_size"] == 5 and game.view(None)["phase"] == "post"
    assert len(game.view(None)["gm_discard"]) == 0 and game.view(None)["gm_deck"] == 30
    game2 = scenario(active=ANA, gm_row=["GM-01"])
    assert "take GM-01" in (run(game2, "recruit") or legal(game2)) and not ids(game2, "take GM-02")
    game3 = scenario(active=ANA, tracker=[0, 0, 4, 4], gm_row=["GM-01"])
    s3 = game3.state
    s3.removed = sorted(set(s3.removed) | set(s3.gm_deck) | set(s3.gm_discard))
    s3.gm_deck, s3.gm_discard = [], []
    run(game3, "recruit", "take GM-01", "bid 100", "pass")
    assert game3.view(None)["phase"] == "post" and "GM-01" in game3.view(BEN)["hand"]


def test_cor_13_placement_rules() -> None:
    """COR-13.10 (no hazard space), COR-13.11 (turned in 90-degree steps), COR-13.12 (a tile stays; no owner)."""
    game = scenario(players=3, active=ANA, arc=[9000, 2000, 2000], drafted=["DEV-S2", "DEV-M3", "DEV-H1"])
    run(game, "produce")
    acts = ids(game, "build")
    assert "build DEV-S2 A5 A6" not in acts and "build DEV-S2 A4 A5" in acts  # A6 is a hazard on side B
    assert "build DEV-M3 B2 C2" in acts and "build DEV-M3 B2 B3" in acts
    run(game, "build DEV-M3 B2 C2")
    assert game.view(None)["developments"] == [{"id": "DEV-M3", "spaces": ["B2", "C2"], "products": 0,
                                                "controller": None}]


def test_cor_14_4_sell_extra_outside_the_limit() -> None:
    """COR-14.4, COR-30.13 variant: Peddler sells outside any Sell limit."""
    game = scenario(active=CY, influence=[4, 4, 1, 4], pool=[7, 7, 5, 7],
                    figures={"A2": [0, 0, 1, 0], "A3": [0, 0, 1, 0]},
                    built=[{"id": "DEV-S2", "spaces": ["A2", "A3"], "products": 4}], hands=[[], [], ["LEN-04"], []])
    run(game, "sell", "sell A2")
    assert game.view(None)["phase"] == "post"
    run(game, "play LEN-04", "sell A2")
    assert pv(game, CY)["arc"] == 3500 and game.view(None)["developments"][0]["products"] == 2


def test_cor_16_hazards_back_alley_and_card_moves() -> None:
    """COR-16.14, COR-16.15, COR-16.16, COR-16.18, COR-17.1: hazards block; a Back Alley is a second entry; a
    card movement's battle is fought once the card has resolved."""
    game = scenario(players=3, active=CY, pool=[7, 7, 6], figures={"A5": [0, 0, 1]})
    run(game, "move")
    assert "move A5 A6" not in legal(game)
    game2 = scenario(active=ANA, pool=[6, 6, 7, 7], figures={"G2": [1, 0, 0, 0], "C2": [0, 1, 0, 0]},
                     built=[{"id": "DEV-S1", "spaces": ["G2"]}], hands=[["IGG-06"], [], [], []])
    run(game2, "move")
    assert "enter G3" in legal(game2) and "enter G2" in legal(game2)
    game3 = scenario(active=DEE, pool=[7, 6, 7, 6], figures={"C2": [0, 1, 0, 0], "B2": [0, 0, 0, 1]},
                     hands=[[], [], [], ["IGG-02"]])
    run(game3, "play IGG-02", "move B2 C2")
    assert game3.view(None)["phase"] == "commit" and game3.view(None)["battle"]["seats"] == [DEE, BEN]


def test_cor_17_control_products_and_passives() -> None:
    """COR-17.1, COR-17.5 (products stay when control changes), COR-17.7 (a Passive once per type), COR-18.16."""
    game = scenario(active=DEE, pool=[7, 7, 7, 4], figures={"A1": [0, 0, 0, 1], "B1": [0, 0, 0, 1], "C1": [0, 0, 0, 1]},
                    built=[{"id": "DEV-S5", "spaces": ["A1"]}, {"id": "DEV-S5", "spaces": ["B1"]},
                           {"id": "DEV-S3", "spaces": ["C1"], "products": 2}])
    eng, s = game.rules.eng, game.state
    assert eng.snapshot(s, DEE, parse_space("D4"), (-1, -1), -1).dice == 1
    assert eng.controls_space(s, DEE, parse_space("C1")) and not eng.controls_space(s, ANA, parse_space("C1"))
    eng.set_figures(s, parse_space("C1"), DEE, 0)
    eng.set_figures(s, parse_space("C1"), ANA, 1)
    s.pool[ANA], s.pool[DEE] = 6, 5
    assert s.products[2] == 2 and eng.sellable(s, ANA) == [2]


def test_cor_21_3_influence_sources() -> None:
    """COR-21.3, COR-21.4 (a Broadcast Tower's Produce and Zar Tayvius), COR-28.16."""
    game = scenario(active=BEN, influence=[4, 5, 4, 4], pool=[7, 6, 7, 7], figures={"E4": [0, 1, 0, 0]},
                    built=[{"id": "DEV-H5", "spaces": ["E4"]}], hands=[[], ["GM-30"], [], []])
    run(game, "play GM-30")
    assert pv(game, BEN)["influence"] == 6
    run(game, "produce", "use E4")
    assert pv(game, BEN)["influence"] == 7


def test_cor_27_3_timeout_defaults() -> None:
    """COR-27.3: bid PASS, commit none, bribe FIGHT, lose the weakest unit card, Refresh then END_TURN."""
    game = scenario(active=ANA)
    assert game.rules.actions.text(game.rules.timeout_action(game.state, ANA)) == "refresh"
    run(game, "refresh")
    assert game.rules.actions.text(game.rules.timeout_action(game.state, ANA)) == "done"
    run(game, "done")
    assert game.rules.actions.text(game.rules.timeout_action(game.state, ANA)) == "end"
    s = game.state
    s.phase, s.battle = "lose", Battle("rival", -1, [ANA, -1], ["defender", ""], "post", [])
    s.discard[ANA] = [COMP.card_index("HUM-06"), COMP.card_index("HUM-03"), COMP.card_index("HUM-02")]
    assert game.rules.actions.text(game.rules.timeout_action(s, ANA)) == "take HUM-02"


def test_cor_28_edge_cases() -> None:
    """COR-28.2 (the coordinate deck cycles), COR-28.3 (short draws), COR-28.4 (an empty reserve still recruits),
    COR-28.18 (an illegal choice changes nothing), COR-28.20 (building under a rival), COR-28.27 (a shared win)."""
    game = scenario(active=ANA, reserve=[0, 9, 9, 9], pool=[16, 7, 7, 7], tracker=[0, 4, 4, 4],
                    gm_row=["GM-01", "GM-02", "GM-03", "GM-04"])
    run(game, "recruit", "take GM-01")
    assert pv(game, ANA)["pool"] == 16 and "GM-01" in game.view(ANA)["hand"]
    before = game.to_json()
    with pytest.raises(meeple.engine.IllegalAction):
        game.apply(ANA, "buy")
    assert game.to_json() == before
    s = game.state
    s.coord_discard, s.coord_deck = s.coord_deck[1:], s.coord_deck[:1]
    s.tracker = [3, 4, 4, 4]
    s.phase = "post"
    run(game, "end")
    s = game.state
    assert len(s.coord_shown) in (0, 2) and len(s.coord_deck) + len(s.coord_discard) + len(s.coord_shown) == 20
    tie = scenario(renown=[10, 10, 0, 0], renown_supply=180, arc=[5, 5, 0, 0], influence=[3, 3, 1, 1])
    result = tie.rules.result(tie.state)
    assert result.ranking[0] == [ANA, BEN] and result.winners == [ANA, BEN]
    build = scenario(active=ANA, arc=[9000, 2000, 2000, 2000], pool=[7, 6, 7, 7], figures={"B2": [0, 1, 0, 0]},
                     drafted=["DEV-M5"])
    run(build, "produce", "build DEV-M5 B2")
    assert build.view(None)["developments"][0]["controller"] == BEN


def test_cor_28_22_entry_occupied_and_28_23_full_entry() -> None:
    """COR-28.22, COR-28.23, COR-28.33, COR-28.34: a pool figure stops on an enemy-held entry; a full entry can be
    passed through; once started a battle cannot be left (no withdraw action is ever offered)."""
    game = scenario(active=ANA, pool=[5, 6, 7, 7], figures={"D1": [2, 0, 0, 0], "C1": [0, 1, 0, 0]})
    run(game, "move")
    assert "enter D1" not in legal(game) and "enter D2" in legal(game)
    game2 = scenario(active=ANA, pool=[7, 6, 7, 7], figures={"D1": [0, 1, 0, 0]})
    run(game2, "move")
    assert ids(game2, "enter") == ["enter D1"]
    run(game2, "enter D1", "stop")
    assert game2.view(None)["phase"] == "commit" and legal(game2)[-1] == "done"
    assert all(a.startswith("commit") or a == "done" for a in legal(game2))


def test_cor_30_0_the_cast() -> None:
    """COR-30.0, COR-30.14 (E14): the cast of the examples, and Ben's Reset keeps his old draw pile on top."""
    game = scenario(round=3, phase="reset", first=DEE, influence=[4, 5, 4, 4], arc=[2000, 1000, 2000, 2000],
                    hands=[[], ["NEI-06", "NEI-07"], [], []], draws=[[], ["NEI-02", "NEI-03", "NEI-04"], [], []],
                    discards=[[], ["GM-05"], [], []])
    s = game.state
    keep = s.draw[BEN][:3]
    s.discard[BEN] += s.draw[BEN][3:]
    s.draw[BEN] = keep
    assert [p["entry"] for p in game.view(None)["players"]] == ["D1", "G4", "D7", "A4"]
    game.apply(BEN, "discard NEI-07")
    for seat in (ANA, BEN, CY, DEE):
        game.apply(seat, "done")
    hand = game.view(BEN)["hand"]
    assert len(hand) == 5 and {"NEI-02", "NEI-03", "NEI-04", "NEI-06"} <= set(hand)
    assert pv(game, BEN)["draw_size"] == 6 and pv(game, BEN)["arc"] == 3000 and game.view(None)["first"] == ANA


def test_cor_28_24_no_discard_is_forced() -> None:
    """COR-28.24, COR-7.4: a hand above the draw target at Reset keeps every card and draws nothing."""
    game = scenario(round=2, phase="reset", influence=[4, 4, 4, 4],
                    hands=[["HUM-02", "HUM-03", "HUM-04", "HUM-05", "HUM-06", "HUM-07"], [], [], []])
    for seat in (ANA, BEN, CY, DEE):
        game.apply(seat, "done")
    assert pv(game, ANA)["hand_size"] == 6 and pv(game, ANA)["draw_size"] == 4


def test_faces_render_statistics_and_client_data() -> None:
    """COR-4.4 on the text board: the seat sees its own hand, a spectator none; statistics cover the spec's metrics."""
    game = scenario(active=ANA, pool=[6, 7, 7, 7], figures={"C3": [1, 0, 0, 0]}, ycu={"E5": ["YCU-T05"]},
                    hands=[["HUM-06"], ["NEI-06"], [], []])
    mine, spectator = game.rules.render(game.state, ANA), game.rules.render(game.state, None)
    assert "  HUM-06 Enforcer (member atk 3, Battle)" in mine and "Your hand" not in spectator
    assert "NEI-06" not in mine and "HUM-06" not in spectator
    assert "E5 YCU-T05" in spectator and "|Y1 " in spectator and "|!T05 " in spectator
    stats = game.rules.statistics(game.state)
    assert set(game.rules.spec.metrics) <= set(stats) and len(stats["renown"]) == 4
    data = game.rules.client_data()
    assert data["cards"]["HUM-06"]["attack"] == [3, 2, 2, 3] and data["boards"]["B"]["levels"][parse_space("A6")] == ""
