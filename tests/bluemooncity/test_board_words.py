"""The text board's words are messages of the game's catalogue: English by default, the reader's language when a
face gives its catalogue (the symbols of the cells stay, explained by the legend)."""

from __future__ import annotations

import meeple
from meeple import i18n
from meeple.engine import get_rules


def test_the_board_speaks_the_catalogue_it_is_given() -> None:
    game = meeple.new_game("bluemooncity", 2, 3)
    rules = get_rules("bluemooncity")
    english = game.render(0, color=False)
    assert english == rules.render(game.state, 0, False, i18n.catalogue(rules, "en"))
    assert "Obelisk: 7 7 8" in english and "Player 1 (you): c3, offerings 0" in english
    assert english.splitlines()[-1] == "Turn 1: Player 2, movement phase (2 steps left)"
    spanish = rules.render(game.state, 0, False, i18n.catalogue(rules, "es"))
    assert "Obelisco: 7 7 8" in spanish and "Jugador 1 (tú): c3, ofrendas 0" in spanish
    assert "Tu mano: V1 Vulca" in spanish and "c3 ofrendas" in spanish
    assert spanish.splitlines()[-1] == "Turno 1: Jugador 2, fase de movimiento (quedan 2 pasos)"
    hebrew = rules.render(game.state, 0, False, i18n.catalogue(rules, "he"))
    assert hebrew.splitlines()[-1].startswith("תור 1: ")
    # the city's cells are the same in every language but for the Courtyard's word
    assert english.splitlines()[:3] == spanish.splitlines()[:3]


def test_a_kosmos_board_names_the_editions_peoples() -> None:
    game = meeple.new_game("bluemooncity", 2, 3, {"edition": "kosmos2006"})
    rules = get_rules("bluemooncity")
    text = rules.render(game.state, 0, False, i18n.catalogue(rules, "pt"))
    assert "Venti" not in text and "Sua mão:" in text
