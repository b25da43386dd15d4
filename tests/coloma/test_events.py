"""Barker Events (COL-18)."""

from __future__ import annotations

from meeple.games.coloma.data import load_components

from .helpers import lodge, public, run, scenario, seat

COMP = load_components()


def test_col_18_1_col_18_1a_col_18_3_each_site_has_its_event() -> None:
    """COL-18.1 the Barker turning onto a Site triggers its Event for every player at once; COL-18.1a the five kinds:
    Bucks, Gold, cards, Dudes, Gold for VP; COL-18.3 which Site has which (D2)."""
    kinds = [e.effect.text for e in COMP.events]
    assert kinds == ["2$", "1G", "1K", "exchange:3:2", "1D"]
    game = scenario(round=2, chapter=1, event=True)
    assert public(game)["event"] == "payday"
    assert [lodge(game, p)["bucks"] for p in range(4)] == [4, 4, 4, 4]
    cards = scenario(round=1, chapter=3, event=True)
    assert [seat(cards, p)["hand_size"] for p in range(4)] == [7, 7, 7, 7]


def test_col_18_1_events_happen_when_the_wheel_turns() -> None:
    """COL-18.1 in play: ending chapter 1 turns the Barker onto Site 2 and everybody gets its Gold."""
    game = scenario(chapter=1, dials=[1, 2, 3, 4])
    gold = [lodge(game, p)["gold"] for p in range(4)]
    while public(game)["chapter"] == 1:
        run(game, "end")
    assert [lodge(game, p)["gold"] for p in range(4)] == [g + 1 for g in gold]
    assert public(game)["event"] == "gold_strike"
