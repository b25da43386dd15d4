"""Help at the table in Debian's Chromium: a newcomer plays a whole Blue Moon City game by following the hints,
reads a card's power on hover and by a long press, sees how much of a payment is still due, pays a box with the
keyboard only, reads the page in Hebrew right to left, on a phone with text and targets big enough; and the
faults a first look at the page found stay fixed."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
SEED = 46  # a deal where our seat (1) moves first
CARDS_SEED = 55  # we move first holding Vulca 1, Terrah 1 and Aqua 1 (cards played on a square)
PHONE, TOUCH = (390, 844), {"is_mobile": True, "has_touch": True}
READY = ("() => { const app = document.getElementById('app'); return app.dataset.status === 'over' || "
         "(app.dataset.pending === '' && document.querySelector('#all-moves button[data-action]') !== null); }")


def _new_game(base: str, bot: str = "greedy") -> dict[str, Any]:
    body = {"game": "bluemooncity", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": bot}]}
    req = urllib.request.Request(f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def _ready(page: Any) -> str:
    page.wait_for_function(READY, timeout=20_000)
    return str(page.get_attribute("#app", "data-status"))


def _legal(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all("#all-moves button[data-action]",
                                                 "bs => bs.map((b) => b.dataset.action)")
    return found


def _version(page: Any) -> int:
    return int(page.get_attribute("#app", "data-version") or -1)


def _play_hint(page: Any) -> str:
    """Ask for a hint and play it with the hint's own button; returns the suggested action."""
    seen = _version(page)
    page.click("#hint")
    page.wait_for_selector("#play-hint")
    action = str(page.get_attribute("#play-hint", "data-action"))
    assert action in _legal(page)
    page.click("#play-hint")
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}", timeout=20_000)
    return action


def _play_until(page: Any, wanted: Callable[[list[str]], bool], limit: int = 60) -> list[str]:
    """Follow the hints until the legal moves satisfy `wanted` (returns them)."""
    for _ in range(limit):
        assert _ready(page) == "active"
        legal = _legal(page)
        if wanted(legal):
            return legal
        _play_hint(page)
    raise AssertionError("the position wanted never came")


def test_a_newcomer_plays_a_whole_game_by_following_the_hints(browser: Any, live_server: str,
                                                              fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    game = _new_game(live_server)
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        _ready(page)
        assert page.get_attribute("#rules-link", "href") == "/howto/bluemooncity?lang=en"  # the page for players
        briefs, words, played = set(), [], 0
        while _ready(page) == "active":
            phase = page.inner_text("#phase-brief")
            assert phase, "every phase of a turn has its sentence"
            briefs.add(phase)
            page.click("#hint")
            page.wait_for_selector("#play-hint")
            said = page.inner_text("#hint-box")
            action = str(page.get_attribute("#play-hint", "data-action"))
            why = page.inner_text("#hint-why")  # and why, in the game's words
            assert why.startswith("— ") and len(why) > 4, why
            # the suggestion in words (not the notation) and the move marked in the list of moves
            move = said.split(why)[0]
            assert move.startswith("Suggestion: ") and action not in move, said
            assert page.locator(f'#all-moves button.hinted[data-action="{action}"]').count() == 1
            words.append(said)
            seen = _version(page)
            page.click("#play-hint")
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen} || "
                                   "document.getElementById('app').dataset.status === 'over'", timeout=20_000)
            played += 1
            assert played < 400, "the game did not end"
        assert page.get_attribute("#app", "data-status") == "over"
        assert "Game over" in page.inner_text("#status")
        # after the end: no "Not your move.", no turn line naming a player to move, no hint button
        assert "Not your move." not in page.inner_text("#board")
        assert page.inner_text("#turn-line") == "Game over"
        assert page.locator("#hint").is_hidden() and page.locator("#phase-brief").is_hidden()
        assert len(briefs) >= 3 and played > 20
        shot(page, "help-whole-game")


def test_card_powers_show_on_hover_and_by_a_long_press(browser: Any, live_server: str,
                                                        fix_seed: Callable[[int], None]) -> None:
    fix_seed(CARDS_SEED)
    game = _new_game(live_server, "random")
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        page.wait_for_selector("#hand button.card")
        titles = page.eval_on_selector_all("#hand button.card", "bs => bs.map((b) => [b.dataset.card, b.title, "
                                           "b.getAttribute('aria-label')])")
        for card, title, label in titles:
            assert title == label  # the same words for a screen reader
            value = card[-1]
            assert f"worth {value}" in title and "(" in title
            if value in "12":
                assert ": Movement: " in title or ": Payment: " in title or ": Contribution: " in title, title
        vulca = next(t for c, t, _ in titles if c == "vulca1")
        assert vulca == "Vulca 1 (black, worth 1): Movement: the red dragon flies to any tile, or out of the city."
    with open_page(browser, *PHONE, **TOUCH) as phone:
        phone.goto(game["seats"][0]["invite"])
        phone.wait_for_selector("#hand button.card")
        # a card that cannot be played now still tells its power when held down
        phone.dispatch_event('#hand button.card[data-card="vulca1"]', "contextmenu")
        phone.wait_for_selector("#toast.show")
        assert phone.inner_text("#toast").startswith("Vulca 1 (black, worth 1): Movement:")


def test_a_payment_says_what_is_still_due(browser: Any, live_server: str, fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    game = _new_game(live_server)
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        _play_until(page, lambda legal: any(a.startswith("contribute ") for a in legal))
        box = next(a for a in _legal(page) if a.startswith("contribute ")).split(" ")[1]
        number = int(page.get_attribute(f'g.tile.here g.box[data-box="{box}"]', "data-number") or 0)
        seen = _version(page)
        page.click(f'g.tile.here g.box.target[data-box="{box}"]')
        if page.locator("#bmc-actions button[data-action^='contribute']").count():
            page.click("#bmc-actions button[data-action^='contribute']")
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}")
        _ready(page)
        assert page.inner_text("#still-due") == f"{number} still due"
        while "done" not in _legal(page):
            assert page.locator("#payment").count() == 1
            before = int(page.inner_text("#still-due").split(" ")[0])
            _play_hint(page)  # the hint pays with a card (or plays a Lux card for the box)
            _ready(page)
            due = page.inner_text("#still-due")
            if "done" in _legal(page):
                assert due == "Paid in full: finish paying."
            else:
                assert due.endswith(" still due") and int(due.split(" ")[0]) <= before
        shot(page, "help-still-due")


def test_a_box_is_paid_with_the_keyboard_only(browser: Any, live_server: str, fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    game = _new_game(live_server)
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        _play_until(page, lambda legal: any(a.startswith("contribute ") for a in legal))

        def tab_to(test: str) -> None:
            for _ in range(300):
                page.keyboard.press("Tab")
                if page.evaluate(f"() => {{ const e = document.activeElement; return Boolean(e && ({test})); }}"):
                    return
            raise AssertionError(f"Tab never reached {test}")

        def press(test: str) -> None:
            seen = _version(page)
            tab_to(test)
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}")
            _ready(page)

        # a box of the building we stand on: focusable, labelled, played with Enter
        press("e.matches('g.box.target')")
        label = page.get_attribute("g.tile.here g.box", "aria-label") or ""
        assert label.startswith("Box 1: ")
        if page.locator("#bmc-actions button[data-action^='contribute']").count():
            press("e.matches('#bmc-actions button[data-action^=contribute]')")
        assert page.locator("#payment").count() == 1
        while "done" not in _legal(page):
            press("e.matches('#hand button.card.usable')")
        press("e.matches('#bmc-actions button[data-action=done]')")
        assert page.locator("#payment").count() == 0
        assert page.locator('#log li[data-msg="pay.done"]').count() == 1


def test_the_help_reads_right_to_left_in_hebrew(browser: Any, live_server: str,
                                                fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    game = _new_game(live_server)
    with open_page(browser, locale="he-IL") as page:
        page.goto(game["seats"][0]["invite"])
        _ready(page)
        assert page.evaluate("() => document.documentElement.dir") == "rtl"
        assert page.inner_text("#hint") == "רמז" and page.inner_text("#rules-link") == "איך משחקים"
        assert page.inner_text("#phase-brief").startswith("הזיזו את הדמות")
        assert "בונוס הרוב" in page.inner_text("#bmc-legend")
        bar = page.evaluate("() => [document.getElementById('phase-brief').getBoundingClientRect().right, "
                            "document.getElementById('help-bar').getBoundingClientRect().right]")
        assert abs(bar[0] - bar[1]) < 2  # the sentence starts on the right
        page.click("#hint")
        page.wait_for_selector("#play-hint")
        assert page.inner_text("#hint-box").startswith("הצעה: ")
        shot(page, "help-hebrew")


def test_on_a_phone_text_and_targets_are_big_enough(browser: Any, live_server: str,
                                                     fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    game = _new_game(live_server)
    with open_page(browser, *PHONE, **TOUCH) as page:
        page.goto(game["seats"][0]["invite"])
        _ready(page)
        small = page.evaluate("""() => [...document.querySelectorAll('#app *')].filter((e) => {
            if (e.closest('svg') || !e.offsetParent) return false;
            const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
            return own && parseFloat(getComputedStyle(e).fontSize) < 14; }).map((e) => e.outerHTML.slice(0, 80))""")
        assert not small, sorted(set(small))
        tiny = page.evaluate("""() => [...document.querySelectorAll('#app button, #app select, ' +
            '#app input, #help-bar a')].filter((e) => e.offsetParent)
            .map((e) => [e.getBoundingClientRect(), e.outerHTML.slice(0, 60)])
            .filter(([r]) => r.width < 44 || r.height < 44).map(([, h]) => h)""")
        assert not tiny, tiny
        # the city's names are drawn at 14 px at least (the city scrolls sideways rather than shrink them): their
        # font size times the city's scale on the screen, not the height of their box, which is the font's own
        # ascent and descent and differs between the fonts a machine has
        drawn = page.evaluate("""() => [...document.querySelectorAll('svg.city .tile-name')].map((e) =>
            [parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a, e.getBoundingClientRect().height])""")
        assert drawn and all(size >= 14 and height > 0 for size, height in drawn), drawn
        width = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1] + 1
        # the city scrolls sideways, first to the figure that moves
        seen = page.evaluate("""() => { const b = document.querySelector('.city-box').getBoundingClientRect();
            const t = document.querySelector('g.tile.here').getBoundingClientRect();
            return t.left >= b.left - 1 && t.right <= b.right + 1; }""")
        assert seen
        shot(page, "help-phone")


def test_what_a_first_look_found_stays_fixed(browser: Any, live_server: str, fix_seed: Callable[[int], None]) -> None:
    fix_seed(CARDS_SEED)
    with open_page(browser) as page:
        # a solo game (one person, one bot): the created box shows no "null"
        page.goto(live_server + "/")
        page.wait_for_selector("#create")
        options = page.eval_on_selector("#option-edition", "s => [...s.options].map((o) => o.textContent)")
        assert options == ["CMON 2019 edition", "Kosmos 2006 edition"]  # options in words
        page.click("#create")
        page.wait_for_selector("#created:not([hidden])")
        assert "null" not in page.inner_text("#created")
        page.click("#play-link")
        page.wait_for_selector("#hand")
        # the renderer's .card styles stay in the board: a lobby-like card elsewhere on the page is not bold
        weight = page.evaluate("""() => { const s = document.createElement('section'); s.className = 'card';
            s.textContent = 'x'; document.body.append(s); const w = getComputedStyle(s).fontWeight; s.remove();
            return w; }""")
        assert weight == "400"
        # a card played on a square: the page asks for a square once, not once per square
        _ready(page)
        card = page.evaluate("""() => [...document.querySelectorAll('#all-moves button[data-action]')]
            .map((b) => b.dataset.action).find((a) => /^(venti1|vulca1|terrah1|aqua1) [a-e][1-5]$/.test(a))""")
        assert card, "the deal of SEED has a card to play on a square at once"
        page.click(f'#hand button.card[data-card="{card.split(" ")[0]}"]')
        page.wait_for_selector("#bmc-actions .hint")
        assert page.locator("#bmc-actions .hint", has_text="Click a highlighted square.").count() == 1
        # owners' markers lie under the boxes, never over their numbers
        overlaps = page.evaluate("""() => [...document.querySelectorAll('g.box')].filter((g) => {
            const n = g.querySelector('.box-number').getBoundingClientRect();
            return [...g.querySelectorAll('circle, .box-letter')].some((m) => { const r = m.getBoundingClientRect();
              return r.top < n.bottom && n.top < r.bottom && r.left < n.right && n.left < r.right; }); }).length""")
        assert overlaps == 0
        # the dragons start beside the city (BMC-1.5): drawn there, not lost
        off = page.eval_on_selector_all("#off-city [data-dragon]", "ds => ds.map((d) => d.dataset.dragon)")
        assert sorted(off) == ["blue", "green", "red"]
        # every box says its colour with a letter too, and its label names it in full
        letters = page.eval_on_selector_all("g.box .box-letter", "ts => ts.map((t) => t.textContent)")
        assert letters and all(len(x) == 1 for x in letters)
        labels = page.eval_on_selector_all("g.box", "gs => gs.map((g) => g.getAttribute('aria-label'))")
        assert all(label and label.startswith("Box ") for label in labels)


def test_after_a_forfeit_the_page_says_who_forfeited_and_nobody_is_to_move(browser: Any, live_server: str,
                                                                          fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    body = {"game": "bluemooncity", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}],
            "clock": {"mode": "game", "seconds": 5, "on_timeout": "forfeit"}}
    req = urllib.request.Request(f"{live_server}/api/games", json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        game = json.loads(r.read())
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        page.wait_for_function("() => document.getElementById('app').dataset.status === 'over'", timeout=30_000)
        page.wait_for_selector("#turn-line")
        assert page.inner_text("#status") == "Game over: Ann ran out of time and forfeited."  # said once
        assert page.inner_text("#turn-line") == "Game over"
        assert "Not your move." not in page.inner_text("#board")


def test_a_payment_is_cancelled_whole(browser: Any, live_server: str, fix_seed: Callable[[int], None]) -> None:
    """Cancel takes back the payment's cards and the opening of the box (undo, nothing hidden was revealed)."""
    fix_seed(SEED)
    game = _new_game(live_server)
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        legal = _play_until(page, lambda legal: any(a.startswith("contribute ") for a in legal))
        hand = page.eval_on_selector_all("#hand button.card", "bs => bs.map((b) => b.dataset.card)")
        before = _version(page)
        action = next(a for a in legal if a.startswith("contribute "))
        page.evaluate("document.querySelector('.moves-box').open = true")
        page.click(f'#all-moves button[data-action="{action}"]')
        page.wait_for_selector("#payment")
        _ready(page)
        for _ in range(2):  # a card or two into the box
            if "done" in _legal(page) or not any(a.startswith("pay ") for a in _legal(page)):
                break
            pay = next(a for a in _legal(page) if a.startswith("pay "))
            seen = _version(page)
            page.click(f'#all-moves button[data-action="{pay}"]')
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}")
            _ready(page)
        page.click("#cancel-payment")
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) === {before} && "
                               "!document.getElementById('payment')", timeout=20_000)
        _ready(page)
        assert page.eval_on_selector_all("#hand button.card", "bs => bs.map((b) => b.dataset.card)") == hand
        assert sorted(_legal(page)) == sorted(legal)


@pytest.mark.parametrize("game_id", ["coloma", "cityofremnants"])
def test_the_other_games_get_the_help_bar_for_free(browser: Any, live_server: str, game_id: str) -> None:
    """Nothing of the help bar names a game: another game's phase sentence (its `brief.<phase>`), its how-to-play page
    and a hint from the server's bot that plays on its page."""
    body = {"game": game_id, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "greedy"}]}
    req = urllib.request.Request(f"{live_server}/api/games", json.dumps(body).encode(),
                                 {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        game = json.loads(r.read())
    with open_page(browser) as page:
        page.goto(game["seats"][0]["invite"])
        page.wait_for_function("() => document.getElementById('app').dataset.pending === '' && "
                               "document.querySelector('#all-moves button[data-action]') !== null", timeout=20_000)
        assert page.get_attribute("#rules-link", "href") == f"/howto/{game_id}?lang=en"  # its page for players
        assert page.inner_text("#phase-brief")  # the phase in a sentence
        seen = _version(page)
        page.click("#hint")
        page.wait_for_selector("#play-hint")
        action = str(page.get_attribute("#play-hint", "data-action"))
        assert action in _legal(page)
        assert page.locator(f'#all-moves button.hinted[data-action="{action}"]').count() == 1
        page.click("#play-hint")
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}",
                               timeout=20_000)
