"""Town Building abilities, the deck and the hand (COL-16, COL-17)."""

from __future__ import annotations

from .helpers import end_turns_until, legal, lodge, public, run, scenario, seat


def test_col_16_1_col_16_2_abilities_need_the_printed_site() -> None:
    """COL-16.1 a card shows a Site and the section it needs; COL-16.2 only in one's own turn, on that Site."""
    game = scenario(chapter=3, dials=[1, 2, 4, 5], seats=[{"tableau": ["C01", "C05"]}, {"tableau": ["C01"]}])
    assert "ability c01" in legal(game) and "ability c05" not in legal(game)
    run(game, "end")
    assert "ability c01" not in legal(game)  # P2 is on Site 2


def test_col_16_6_abilities_without_the_site_action() -> None:
    """COL-16.6 an enabled ability works although the Site action is not taken."""
    game = scenario(chapter=3, dials=[1, 2, 4, 5], seats=[{"tableau": ["C01"]}])
    run(game, "ability c01", "end")
    assert lodge(game, 0)["gold"] == 2 and lodge(game, 0)["bucks"] == 2


def test_col_16_7_once_per_turn() -> None:
    """COL-16.7 a Town Building is activated once per turn."""
    game = scenario(chapter=3, dials=[1, 2, 4, 5], seats=[{"tableau": ["C01"]}])
    run(game, "ability c01")
    assert "ability c01" not in legal(game)


def test_col_16_12_an_optional_payment_needs_the_gold() -> None:
    """COL-16.12 the Assay Office's 'you may return 1 Gold' does nothing without Gold: it is not offered."""
    game = scenario(chapter=4, dials=[2, 1, 3, 5], seats=[{"tableau": ["C05"], "gold": 0}, {}])
    end_turns_until(game, 0)
    assert "ability c05" not in legal(game)
    rich = scenario(chapter=4, dials=[2, 1, 3, 5], seats=[{"tableau": ["C05"], "gold": 2, "vp": 1}])
    end_turns_until(rich, 0)
    run(rich, "ability c05")
    assert lodge(rich, 0)["gold"] == 1 and seat(rich, 0)["vp"] == 4


def test_col_16_13_turn_effects_expire() -> None:
    """COL-16.13 a Stagecoach Depot bonus not used this turn is gone in the next."""
    game = scenario(chapter=1, dials=[4, 2, 3, 5], seats=[{"tableau": ["C11"], "horses": 1}])
    end_turns_until(game, 0)
    run(game, "ability c11")
    assert game.view(0)["turn"]["depot"] == 2
    run(game, "wagon common")
    assert game.view(0)["turn"]["wagon_left"] == 3
    run(game, "stop", "end")
    assert game.view(None)["turn"]["depot"] == 0


def test_col_17_1_col_17_6_hand_hidden_size_public_no_limit() -> None:
    """COL-17.1 drawn cards go to the hand, hidden, its size public; COL-17.6 no hand limit."""
    game = scenario(chapter=1, dials=[1, 2, 3, 4], seats=[{"bucks": 30, "hand": [f"C{i:02d}" for i in range(1, 15)]}])
    run(game, "trade", "buy card", "buy card")
    assert seat(game, 0)["hand_size"] == 16 and len(game.view(0)["hand"]) == 16
    assert "hand" not in game.view(1)["seats"][0] and game.view(1)["hand"] != game.view(0)["hand"]


def test_col_17_5_never_shuffled_the_owner_orders() -> None:
    """COL-17.5 the deck is never shuffled after setup; several cards to one end go in the order chosen."""
    game = scenario(chapter=3, dials=[3, 1, 2, 4], seats=[{}, {"hand": ["C01", "C02", "C03"], "deck": ["C04"],
                                                            "tableau": ["C08"]}])
    end_turns_until(game, 1)
    assert public(game)["wheel"]["barker"] == 3
    deck_before = list(game.state.decks[1])
    run(game, "end")
    assert list(game.state.decks[1]) == deck_before
