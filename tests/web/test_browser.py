"""The web client in Debian's Chromium: create a game against a bot in the lobby and play it to the end by
clicking while a spectator watches, reload midway and resume, and fit phone and laptop screens.

Every game here has a fixed seed (the deal, and the bots' choices, which the server derives from it) and our
player chooses with a seeded stream, so each run plays the same game. Screenshots go to artifacts/web/."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

import pytest

from meeple.engine.rng import Stream

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
CARD = re.compile(r"^(vulca|terrah|aqua|venti|khind|mimix|lux|pillar)[123]$")
SQUARE = re.compile(r"^[a-e][1-5]$")
# A short game (about 130 of our moves against the greedy bot) that still has everything the page offers:
# steps, payments with several cards, a box payable in several colours, cards played for their power, an
# offering on the obelisk, refills and rebuilt buildings. Found by playing `choose` against the bot offline.
SEED = 46
RELOAD_AT = 20  # our move before which the page is reloaded
PHONE, LAPTOP, TOUCH = (390, 844), (1366, 768), {"is_mobile": True, "has_touch": True}

# The position the page shows once it is ready for our move (or the game is over), read in one call.
POSITION = """() => { const app = document.getElementById('app');
  const legal = [...document.querySelectorAll('#all-moves button[data-action]')].map((b) => b.dataset.action);
  if (app.dataset.status !== 'over' && (app.dataset.pending !== '' || !legal.length)) return null;
  const text = (sel) => document.querySelector(sel)?.textContent ?? null;
  return { status: app.dataset.status, version: Number(app.dataset.version), legal,
    hand: [...document.querySelectorAll('#hand button.card')].map((b) => b.dataset.card),
    cards: [...document.querySelectorAll('#seats tbody tr')].map((r) => r.children[3].textContent),
    crystals: text('#crystals') }; }"""
# What the page shows besides the position: the log, the city and the status line.
SHOWN = """() => ({ log: document.getElementById('log').textContent,
  city: document.querySelector('svg.city').outerHTML, status: document.getElementById('status').textContent })"""


def _post(base: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def position(page: Any) -> dict[str, Any]:
    """Wait until the page is ready for our move (or shows the end) and read what it shows."""
    found: dict[str, Any] = page.wait_for_function(POSITION, timeout=15_000).json_value()
    return found


def version(page: Any) -> int:
    return int(page.get_attribute("#app", "data-version") or -1)


def wait_past(page: Any, seen: int) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}",
                           timeout=15_000)


def choose(moves: list[str], rng: Stream) -> str:
    """A simple player: offer and pay whenever possible, wander a little, otherwise end the phase."""
    for wanted in ("offer", "done"):
        if wanted in moves:
            return wanted
    for prefix in ("pay ", "contribute "):
        found = [a for a in moves if a.startswith(prefix)]
        if found:
            return found[0]
    steps = [a for a in moves if a.startswith("step ")]
    if steps and rng.below(10) < 7:
        return rng.choice(steps)
    for wanted in ("end", "refill"):
        if wanted in moves:
            return wanted
    return moves[0]


def click_move(page: Any, action: str) -> None:
    """Make a move the way a person would: on the board, a card or a button (the list of moves as a last resort)."""
    verb, _, rest = action.partition(" ")
    chosen = f'#bmc-actions button[data-action="{action}"]'
    if verb == "step":
        page.click(f'g.tile.target[data-square="{rest}"]')
    elif verb == "contribute":
        page.click(f'g.tile.here g.box.target[data-box="{rest.partition(" ")[0]}"]')
        # Several ways to pay this box (a Royal Palace colour): the page asks which one. Once a click has sent
        # a move, the page shows no action buttons until the answer, so a button here means it asked.
        if page.locator(chosen).count():
            page.click(chosen)
    elif verb == "pay" or (CARD.match(verb) and not SQUARE.match(rest)):
        page.click(f'#hand button.card[data-card="{rest if verb == "pay" else verb}"]')
        if page.locator(chosen).count():  # a card with several uses: the page asks which one
            page.click(chosen)
    elif action == "refill":
        page.click("#refill")
    elif page.locator(chosen).count():
        page.click(chosen)
    else:
        page.evaluate("document.querySelector('.moves-box').open = true")  # the list of every move
        page.click(f'#all-moves button[data-action="{action}"]')


def _create_in_lobby(page: Any, base: str, bot: str) -> str:
    page.goto(base + "/")
    page.fill("#name", "Ann")
    page.select_option("#players", "2")
    page.select_option("#seat-1", f"bot:{bot}")
    shot(page, "lobby")
    page.click("#create")
    page.wait_for_selector("#play-link")
    page.click("#play-link")
    page.wait_for_selector("#hand")
    return str(page.url.rsplit("/", 1)[-1])


def test_play_a_whole_game_against_a_bot_by_clicking(browser: Any, page: Any, live_server: str,
                                                      fix_seed: Callable[[int], None]) -> None:
    fix_seed(SEED)
    game_id = _create_in_lobby(page, live_server, "medium")
    with open_page(browser, *PHONE, **TOUCH) as watcher:
        watcher.goto(f"{live_server}/play/{game_id}?watch")
        watcher.wait_for_selector("#obelisk")
        rng = Stream(3, 7)
        made: list[str] = []
        seen = position(page)
        while seen["status"] != "over":
            assert len(made) < 400, "the game does not end"
            _check_own_view(seen)
            if len(made) == RELOAD_AT:
                seen = _reload_and_compare(page, seen)
            made.append(choose(seen["legal"], rng))
            click_move(page, made[-1])
            wait_past(page, seen["version"])
            seen = position(page)
        _check_the_end(page, seen, made)
        _check_the_spectator(watcher, page, seen)


def _check_own_view(seen: dict[str, Any]) -> None:
    """The page shows this seat's hand and crystals, and the other hand only as a count."""
    assert str(len(seen["hand"])) == seen["cards"][0].split(" ")[0]
    assert re.match(r"◇ \d+ crystals", seen["crystals"] or "")


def _reload_and_compare(page: Any, seen: dict[str, Any]) -> dict[str, Any]:
    """Reloading resumes exactly where the player was: same position, hand, moves, crystals, log and city."""
    shown = page.evaluate(SHOWN)
    page.reload()
    again = position(page)
    assert again == seen
    assert page.evaluate(SHOWN) == shown
    shot(page, "after-reload")
    return again


def _check_the_end(page: Any, seen: dict[str, Any], made: list[str]) -> None:
    status = page.inner_text("#status")
    assert status.startswith("Game over") and ("won" in status or "wins" in status)
    assert status.count("Ann") + status.count("Bot 2") == 1  # the winner named once, not "X won (X wins ...)"
    assert "Final crystals" in page.inner_text("#seats")
    # The end screen: the ranking with names, and the final figures labelled in the game's words.
    assert page.locator("#ranking li").count() >= 1 and "Ann" in page.inner_text("#ranking")
    figures = page.inner_text("#figures")
    assert "Offerings" in figures and "Crystals" in figures and "Ann" in figures
    assert page.is_visible("#play-again") and page.is_visible("#replay-open")
    assert page.locator("#log li").count() >= min(len(made), 300)  # the page keeps the last 300 lines
    missing = {"step", "contribute", "pay", "done", "end", "refill", "offer"} - {m.split(" ")[0] for m in made}
    assert not missing, f"the game of SEED {SEED} no longer has {missing} (the rules or bots changed?): pick another"
    # Complete buildings look complete: no boxes (so no cost numbers, no markers), a badge instead.
    built = page.locator("g.tile.rebuilt:has(.built-label)")
    assert built.count() >= 3
    assert page.locator("g.tile.rebuilt .box").count() == 0
    assert page.locator("g.tile.rebuilt .box-number").count() == 0
    assert "rebuilt" in (built.first.get_attribute("aria-label") or "")
    for tile in page.locator("g.tile:not(.rebuilt)").all():
        numbers = tile.locator(".box-number").all_text_contents()
        assert numbers and all(n.isdigit() for n in numbers)
    shot(page, "game-over")


def _check_the_spectator(watcher: Any, page: Any, seen: dict[str, Any]) -> None:
    """The spectator (on a phone) followed the whole game live: at the end it shows the player's city and
    result, the same last line of the log (earlier lines differ: the player reads their own cards there), and
    no hand, crystals or moves."""
    watcher.wait_for_function("() => document.getElementById('app').dataset.status === 'over'", timeout=15_000)
    assert version(watcher) == seen["version"]
    theirs, ours = watcher.evaluate(SHOWN), page.evaluate(SHOWN)
    assert theirs["city"] == ours["city"] and theirs["status"] == ours["status"]
    last = "#log li:last-child"
    assert watcher.inner_text(last) == page.inner_text(last)
    assert watcher.locator("#hand").count() == 0 and watcher.locator("#crystals").count() == 0
    assert watcher.locator("#all-moves button[data-action]").count() == 0
    assert "watching" in watcher.inner_text("#topinfo")
    _check_fits(watcher)
    shot(watcher, "spectator-phone")


def _check_fits(page: Any) -> None:
    width = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1] + 1, f"the page is wider than the screen: {width}"


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_the_game_fits_the_screen(browser: Any, live_server: str, fix_seed: Callable[[int], None],
                                  screen: str) -> None:
    fix_seed(SEED)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    game = _post(live_server, {"game": "bluemooncity", "seats": seats})
    size = {"phone": PHONE, "laptop": LAPTOP}[screen]
    with open_page(browser, *size, **(TOUCH if screen == "phone" else {})) as pg:
        pg.goto(game["seats"][0]["invite"])
        pg.wait_for_selector("#hand")
        assert "#token=" not in pg.url  # the seat secret leaves the address bar at once
        _check_fits(pg)
        shot(pg, screen)


def test_a_letter_corrected_in_the_game_data_reaches_the_page(browser: Any, live_server: str,
                                                              fix_seed: Callable[[int], None],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The page takes the peoples' letters from the game's data (`Rules.client_data`, sent by the server), not
    from a copy of its own: a letter corrected there shows on the cards."""
    from meeple.engine import get_rules

    rules = get_rules("bluemooncity")
    data = rules.client_data()
    corrected = {**data, "peoples": [{**p, "letter": "W"} if p["id"] == "vulca" else p for p in data["peoples"]]}
    monkeypatch.setattr(type(rules), "client_data", lambda self: corrected)
    fix_seed(SEED)
    game = _post(live_server, {"game": "bluemooncity", "seats": [{"kind": "human"}, {"kind": "bot"}]})
    with open_page(browser) as pg:
        pg.goto(game["seats"][0]["invite"])
        pg.wait_for_selector("#hand button.card")
        cards = pg.eval_on_selector_all("#hand button.card", "bs => bs.map((b) => [b.dataset.card, "
                                        "b.querySelector('.letter').textContent])")
    letters = {card.rstrip("123"): letter for card, letter in cards}
    # The deal of SEED holds two Vulca cards and five other peoples, which keep their letters.
    assert letters["vulca"] == "W" and letters["terrah"] == "T" and len(letters) == 6
