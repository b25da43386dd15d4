"""A hint says why: the greedy bot's suggestion comes with a reason of the game's catalogue (`Rules.hint_reason`),
which every language renders with its parameters, and the suggestion is the move the bot itself would play."""

from __future__ import annotations

from collections import Counter

import pytest

import meeple
from meeple import i18n
from meeple.agents.simple import GreedyAgent

GAMES = ("bluemooncity", "coloma", "cityofremnants")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hint_of_a_game_gives_a_reason_in_every_language(game_id: str) -> None:
    game = meeple.new_game(game_id, players=2, seed=3)
    catalogues = {lang: i18n.catalogue(game.rules, lang) for lang in i18n.LANGUAGES}
    seen: Counter[str] = Counter()
    for _ in range(120):
        if game.is_over():
            break
        seat = game.deciders()[0]
        table = game.seat_table(seat)
        action, why = GreedyAgent(seed=7).suggest(table)
        assert action == GreedyAgent(seed=7).choose(table)  # the hint is the bot's own move
        assert why is not None and why.msg.startswith("hint.")
        seen[why.msg] += 1
        for lang, cat in catalogues.items():
            assert cat.has(why.msg), (lang, why.msg)
            words = cat.event_text(why.to_dict())
            assert "{" not in words and "hint." not in words, (lang, words)
        game.apply(seat, action)
    # more than the catch-all: the reasons name what a move gains
    assert len(seen) >= 4 and seen["hint.best"] < sum(seen.values()) / 2, seen


def test_a_coloma_dial_is_explained_by_what_its_site_is_worth() -> None:
    game = meeple.new_game("coloma", players=2, seed=3)
    while not any(a.startswith("dial") for a in game.legal_actions(game.deciders()[0])):
        seat = game.deciders()[0]
        game.apply(seat, GreedyAgent(seed=1).choose(game.seat_table(seat)))
    seat = game.deciders()[0]
    action, why = GreedyAgent(seed=1).suggest(game.seat_table(seat))
    assert why is not None and why.msg in ("hint.dial_safe", "hint.dial_risky", "hint.dial_any")
    assert why.params["site"] == int(action.split()[1])
    words = i18n.catalogue(game.rules, "es").event_text(why.to_dict())
    assert f"Sitio {why.params['site']}" in words


def test_a_coloma_bust_chance_counts_the_pioneers_the_seat_cannot_see() -> None:
    """Alone with Buster (two players), a Site busts when Buster and the other pioneer are both there with you, or
    when exactly one of them joins you and nobody else ties; Buster never goes to a Site it was shown on."""
    from meeple.games.coloma.heuristics import bust_chance
    from meeple.games.coloma.state import SELECT

    game = meeple.new_game("coloma", players=2, seed=3)
    while game.state.phase != SELECT:
        seat = game.deciders()[0]
        game.apply(seat, GreedyAgent(seed=1).choose(game.seat_table(seat)))
    s = game.state
    ctx = game.rules.ctx  # type: ignore[attr-defined]
    shown = s.buster_shown
    assert len(shown) == 2
    for site in range(1, 6):
        chance = bust_chance(ctx, s, 0, site)
        # the other pioneer joins you 1 time in 5; Buster joins you 1 time in 3 unless it was shown this Site
        other, buster = 1 / 5, (0 if site in shown else 1 / 3)
        assert abs(chance - (1 - (1 - other) * (1 - buster))) < 1e-9, (site, chance, shown)
