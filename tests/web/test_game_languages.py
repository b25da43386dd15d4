"""Coloma and City of Remnants in the reader's language in Debian's Chromium: Coloma's renderer in Hebrew (right to
left, every word of the wheel, the buttons and the panels from Coloma's catalogue) and then in Spanish from the
language selector; City of Remnants's renderer in Spanish from the browser's language and in Hebrew, with no English
word of its own left."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
FSI, PDI = "\u2068", "\u2069"  # a filled-in value inside a right-to-left sentence is isolated


def _new_game(base: str, game: str) -> dict[str, Any]:
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    req = urllib.request.Request(f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def test_coloma_in_hebrew_right_to_left_then_in_spanish(browser: Any, live_server: str,
                                                        fix_seed: Callable[[int], None]) -> None:
    fix_seed(12)
    with open_page(browser, locale="he-IL") as page:
        game = _new_game(live_server, "coloma")
        page.goto(game["seats"][0]["invite"])
        page.wait_for_selector("#turn-line")
        page.wait_for_selector("#phase-brief:not([hidden])")
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.text_content("#phase-brief") == "שמור/שמרי 4 מתוך 6 הקלפים ששלפת: החזר/י את האחרים אחד אחד, " \
            "לראש החפיסה או לתחתיתה."  # the phase in words, without the terminal's notation
        assert page.text_content('#wheel g.site[data-site="2"] .site-number') == f"אתר {FSI}2{PDI}"
        assert page.text_content("#turn-line").startswith(f"{FSI}1848{PDI} · סיבוב {FSI}1{PDI}, פרק {FSI}1{PDI}")
        assert page.text_content("#col-actions .hint") == "לחץ/י על קלף מסומן ביד שלך."
        assert page.text_content(".col-hand-box h3").startswith(f"היד שלך ({FSI}6{PDI})")
        assert "מלאי זהב" in page.text_content("#supply")
        # no English word of the renderer is left (the cards and towns keep their printed names, the amounts their
        # notation, the seats their names)
        labels = page.eval_on_selector_all(".coloma [aria-label], .coloma title",
                                           "els => els.map((e) => e.getAttribute('aria-label') || e.textContent)")
        words = page.inner_text(".coloma") + " ".join(labels)
        english = (r"\b(Site|Gold Supply|Gold Cart|Dudes|Tents|Horses|Wagon|Rivers|Barrels|VP|hand|deck|Trade|Build|"
                   r"Signpost|Bust|Land L\d+|Click|reserve|gunmen|Sheriff|Outlaws|Hotels|Supply|round|chapter|"
                   r"Horseshoe|City)\b")
        assert not re.findall(english, words)
        page.click("#hand button.usable")  # a card to put back: the choice is offered in Hebrew
        labels = page.locator("#col-actions button[data-action]").all_text_contents()
        assert sorted(labels) == ["להחזיר אותו לראש החפיסה", "להחזיר אותו לתחתית החפיסה"]
        assert page.text_content("#col-actions button.secondary") == "ביטול"
        page.click("#col-actions button[data-action$=' top']")
        page.wait_for_selector('#log li[data-msg="card.returned_top"]')
        assert page.text_content('#log li[data-msg="card.returned_top"]').endswith("מניח/ה קלף הפוך בראש החפיסה שלו/ה")
        shot(page, "coloma-hebrew")

        page.select_option("#language", "es")  # the page reloads in Spanish
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        page.wait_for_selector("#turn-line")
        page.wait_for_selector('#log li[data-msg="card.returned_top"]')
        assert page.evaluate("document.documentElement.dir") == "ltr"
        assert page.text_content('#wheel g.site[data-site="2"] .site-number') == "Sitio 2"
        assert page.text_content("#turn-line").startswith("1848 · ronda 1, capítulo 1")
        assert page.text_content("#phase-brief").startswith("Quédate 4 de las 6 cartas que robaste")
        assert page.text_content('#log li[data-msg="card.returned_top"]').endswith(
            "coloca una carta boca abajo en la parte superior de su mazo")
        assert "Suministro de oro" in page.text_content("#supply")
        shot(page, "coloma-spanish")


# The renderer's own English words (the cards keep only the leaders' printed names, the developments "Club Silver X",
# the levels "Midtown" and "Heights" in Spanish; "ARC" and "YCU" are the game's terms in every language).
COR_ENGLISH = (r"\b(Round|turn|Gang member row|Black market|Developments|Your hand|figures?|pool|reserve|board|draw|"
               r"discard|renown|influence|hand|tableau|Click|Bid|Auction|Battle|first player|entry space|product|"
               r"hazard|Slums|controlled|attack|bribe|Cancel|Not your move|left|bag|supply|deck|Player|Play|Recruit|"
               r"End|city|spaces|member|ability|Turn|Permanent|No ability)\b")


def _city_words(page: Any) -> str:
    """Every word City of Remnants's renderer shows or reads out: its text, its labels and its tooltips."""
    labels = page.eval_on_selector_all(".cor [aria-label], .cor [title], .cor title",
                                       "els => els.map((e) => [e.getAttribute('aria-label'), e.getAttribute('title'),"
                                       " e.tagName === 'title' ? e.textContent : ''].join(' '))")
    return str(page.inner_text(".cor")) + " " + " ".join(labels)


def test_city_of_remnants_in_spanish_from_the_browsers_language(browser: Any, live_server: str,
                                                                fix_seed: Callable[[int], None]) -> None:
    fix_seed(3)
    with open_page(browser, locale="es-ES") as page:
        game = _new_game(live_server, "cityofremnants")
        page.goto(game["seats"][0]["invite"])
        page.wait_for_selector("#phase-brief:not([hidden])")
        page.wait_for_selector("#grid")
        assert page.evaluate("document.documentElement.lang") == "es"
        assert page.text_content("#phase-brief") == ("Juega cartas de tu mano y declara una acción: Reclutar, Comprar, "
                                                     "Producir>>>Desarrollar, Vender, Actualizar o Moverse.")
        assert page.text_content("#turn-line").startswith("Ronda 1 · turno de ")
        assert page.text_content(".cor-hand-box h3") == "Tu mano (4)"
        assert page.text_content("#market h3").startswith("Fila de miembros de la pandilla (")
        assert "Desarrollos por construir" in page.text_content("#market")
        assert "Haz clic en una carta marcada." in page.text_content("#cor-actions")
        assert "influencia 4" in page.text_content("#gangs")
        assert page.get_attribute("#grid", "aria-label") == "La ciudad: 7 por 7 espacios"
        words = _city_words(page)
        assert "barrios marginales" in words and "espacio de entrada de" in words
        assert not re.findall(COR_ENGLISH, words), re.findall(COR_ENGLISH, words)
        shot(page, "cityofremnants-spanish")


def test_city_of_remnants_in_hebrew_right_to_left(browser: Any, live_server: str,
                                                  fix_seed: Callable[[int], None]) -> None:
    fix_seed(3)
    with open_page(browser, locale="he-IL") as page:
        game = _new_game(live_server, "cityofremnants")
        page.goto(game["seats"][0]["invite"])
        page.wait_for_selector("#phase-brief:not([hidden])")
        page.wait_for_selector("#grid")
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.text_content("#turn-line").startswith(f"סיבוב {FSI}1{PDI} · התור של ")
        assert page.text_content(".cor-hand-box h3") == f"היד שלך ({FSI}4{PDI})"
        assert "פיתוחים לבנייה" in page.text_content("#market")
        assert "לחץ/י על קלף מסומן." in page.text_content("#cor-actions")
        words = _city_words(page)
        assert "שכונות עוני" in words and "משבצת הכניסה של" in words
        assert not re.findall(COR_ENGLISH, words), re.findall(COR_ENGLISH, words)
        page.click("#hand button.usable")  # a card to play: the choice (or the move) comes in Hebrew
        page.wait_for_function("() => !document.querySelector('#cor-actions .secondary') || "
                               "document.querySelector('#cor-actions .secondary').textContent === 'ביטול'")
        assert not re.findall(COR_ENGLISH, _city_words(page))
        shot(page, "cityofremnants-hebrew")
