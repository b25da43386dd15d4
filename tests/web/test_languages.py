"""The page in the reader's language in Debian's Chromium: Hebrew from the browser's language, laid out right to
left, every word from the catalogues; the language selector switches to Spanish (remembered) with the log lines
and the phase help in Spanish."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

import meeple

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
SEED = 46  # a deal where we (seat 1) move first


def _new_game(base: str) -> dict[str, Any]:
    body = {"game": "bluemooncity", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}]}
    req = urllib.request.Request(f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def _layout(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("""() => ({
      lang: document.documentElement.lang, dir: document.documentElement.dir,
      direction: getComputedStyle(document.body).direction,
      brand: document.querySelector('.brand').getBoundingClientRect().x,
      selector: document.getElementById('language').getBoundingClientRect().x })""")
    return found


def _play_to_refill(page: Any) -> None:
    """End the movement and the contribution, then refill (drawing 2 cards): log lines of our own."""
    page.evaluate("document.querySelector('.moves-box').open = true")
    for _ in range(3):
        page.wait_for_function("() => document.getElementById('app').dataset.pending === '' && "
                               "document.querySelector('#all-moves button[data-action]')")
        legal = page.eval_on_selector_all("#all-moves button[data-action]", "bs => bs.map((b) => b.dataset.action)")
        action = "refill" if "refill" in legal else "end"
        page.click(f'#all-moves button[data-action="{action}"]')
        if action == "refill":
            break
    page.wait_for_selector('#log li[data-msg="refill"]')


def test_the_page_in_hebrew_reads_right_to_left_and_switches_to_spanish(browser: Any, live_server: str,
                                                                        fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    with open_page(browser, locale="he-IL") as page:
        page.goto(live_server + "/")
        page.wait_for_selector("#create-form")
        layout = _layout(page)
        assert layout["lang"] == "he" and layout["dir"] == "rtl" and layout["direction"] == "rtl"
        assert layout["selector"] < layout["brand"]  # mirrored: the brand on the right, the selector on the left
        assert page.text_content("#create") == "יצירת משחק"
        assert [h.strip() for h in page.locator(".lobby h2").all_text_contents()][:1] == ["משחק חדש"]
        assert page.locator("#players option").first.text_content() == "שני שחקנים"  # Hebrew's dual form
        assert page.eval_on_selector("#language", "s => s.value") == "he"
        shot(page, "lobby-hebrew")

        game = _new_game(live_server)
        page.goto(game["seats"][0]["invite"])
        page.wait_for_selector("#hand")
        page.wait_for_selector("#phase-help summary")
        assert page.text_content("#phase-help summary") == "עזרה: \u2068תנועה\u2069"
        assert page.text_content("#phase-help .help-text").startswith("צעד/י עד מספר הצעדים שנותרו לך")
        assert "`" not in page.text_content("#phase-help .help-text")  # words, not the terminal's notation
        assert page.text_content("#status") == "תורך."
        # The game's renderer writes no words of its own: the hand, the obelisk and the city's names are Hebrew.
        assert page.text_content("#crystals") == "◇ \u20680\u2069 קריסטלים"
        assert page.text_content("#obelisk h3") == "אובליסק · \u20686\u2069 מנחות מנצחות"
        assert page.text_content('g.tile[data-square="c3"] .tile-name') == "חצר"
        _play_to_refill(page)
        # Filled-in values are isolated (FSI ... PDI) so that a Latin name keeps its place in a Hebrew line.
        refill = page.text_content('#log li[data-msg="refill"]')
        assert refill == "\u2068Ann\u2069 זורק/ת \u2068כלום\u2069 ולוקח/ת \u20682\u2069 קלפים"
        page.wait_for_selector('#log li[data-msg="turn"]')
        assert re.match(r"^תור \u20682\u2069: ", page.text_content('#log li[data-msg="turn"]'))
        assert _layout(page)["dir"] == "rtl"
        shot(page, "game-hebrew")

        page.select_option("#language", "es")  # the page reloads in Spanish
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        page.wait_for_selector('#log li[data-msg="turn"]')
        layout = _layout(page)
        assert layout["dir"] == "ltr" and layout["direction"] == "ltr" and layout["selector"] > layout["brand"]
        assert re.match(r"^Turno 2: ", page.text_content('#log li[data-msg="turn"]'))
        assert page.text_content('#log li[data-msg="refill"]') == "Ann descarta nada y roba 2 cartas"
        assert page.text_content("#phase-help summary") == "Ayuda: Movimiento"
        assert page.text_content("#phase-help .help-text").startswith("Da tantos pasos como te queden")
        assert page.text_content(".side h3") == "Registro"
        assert page.text_content("#crystals") == "◇ 0 cristales"
        assert page.text_content('g.tile[data-square="c3"] .tile-name') == "Patio"

        page.goto(live_server + "/")  # the choice is remembered over the browser's Hebrew
        page.wait_for_selector("#create-form")
        assert page.text_content("#create") == "Crear partida" and _layout(page)["lang"] == "es"
        shot(page, "lobby-spanish")


def test_the_lobby_creates_a_rated_game_unless_told_otherwise_in_every_language(browser: Any,
                                                                                live_server: str) -> None:
    words = {"en": "Rated: the result counts on the ladder", "es": "Puntuable: el resultado cuenta",
             "pt": "Ranqueada: o resultado conta", "he": "מדורג: התוצאה נספרת"}
    for lang, start in words.items():
        with open_page(browser, locale=lang) as page:
            page.goto(live_server + "/")
            page.wait_for_selector("#create-form #rated")
            assert page.text_content(".rated-row").strip().startswith(start)
            assert page.is_checked("#rated")  # rated by default
    with open_page(browser, locale="en-GB") as page:
        created = []
        for rated in (True, False):
            page.goto(live_server + "/")
            page.wait_for_selector("#create-form #rated")
            page.fill("#name", "Ann")
            page.select_option("#players", "2")
            page.select_option("#seat-1", "bot:easy")
            if not rated:
                page.uncheck("#rated")
            page.click("#create")
            page.wait_for_selector("#play-link")
            created.append(page.get_attribute("#play-link", "href").rsplit("/", 1)[-1].split("#")[0])
    for game_id, rated in zip(created, (True, False), strict=True):
        with urllib.request.urlopen(f"{live_server}/api/games/{game_id}", timeout=10) as r:
            assert json.loads(r.read())["rated"] is rated


def test_the_lobby_and_the_ladder_show_the_levels_measured_ratings_in_every_language(browser: Any,
                                                                                    live_server: str) -> None:
    """A game whose levels the arena measured (a ratings file the package ships): the lobby's bot choice reads
    "Hard · rating 27.3" in the reader's words, and the ladder lists the four levels with their ratings."""
    from meeple.agents.ratings import level_ratings

    measured = [gid for gid in meeple.game_ids() if level_ratings(gid)]
    assert measured, "the package ships the measured ratings of at least one game"
    gid = measured[0]
    data = level_ratings(gid)
    assert data is not None
    words = {"en": ("Hard", "rating"), "es": ("Difícil", "puntuación"), "pt": ("Difícil", "pontuação"),
             "he": ("קשה", "דירוג")}
    for lang, (hard, rating) in words.items():
        with open_page(browser, locale=lang) as page:
            page.goto(live_server + "/")
            page.wait_for_selector("#create-form")
            page.select_option("#game", gid)
            page.select_option("#players", "2")
            label = page.text_content('#seat-1 option[value="bot:hard"]') or ""
            label = re.sub("[\u2066-\u2069]", "", label)  # the isolates around the fields of a right-to-left text
            found = re.search(rf"{hard} · {rating} (-?\d+\.\d)", label)
            assert found, (lang, label)
            assert abs(float(found[1]) - data["levels"]["hard"]["rating"]) <= 0.051
            page.select_option("#ladder-game", gid)
            page.wait_for_selector('#ladder-levels tr[data-level="expert"]')
            assert page.locator("#ladder-levels tr[data-level]").count() == 4
            assert page.locator("#ladder-levels li").count() == 3  # each level against the one below
