"""The web client in Debian's Chromium: create a game against a bot in the lobby, play it to the end by clicking,
watch as a spectator, reload and resume, and fit a phone screen. Screenshots go to artifacts/web/."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest

from meeple.engine.rng import Stream

from .conftest import shot

pytestmark = pytest.mark.browser
CARD = re.compile(r"^(vulca|terrah|aqua|venti|khind|mimix|lux|pillar)[123]$")
SQUARE = re.compile(r"^[a-e][1-5]$")
READY = """() => { const a = document.getElementById('app');
  return a.dataset.status === 'over' || (a.dataset.pending === '' &&
    document.querySelectorAll('#all-moves button[data-action]').length > 0); }"""


def _post(base: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def legal(page: Any) -> list[str]:
    actions: list[str] = page.eval_on_selector_all("#all-moves button[data-action]",
                                                   "els => els.map(e => e.dataset.action)")
    return actions


def version(page: Any) -> int:
    return int(page.get_attribute("#app", "data-version") or -1)


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
    if verb == "step":
        page.click(f'g.tile.target[data-square="{rest}"]')
    elif verb == "contribute":
        slot = rest.partition(" ")[0]
        before = version(page)
        page.click(f'g.tile.here g.box.target[data-box="{slot}"]')
        # Several ways to pay this box (a Royal Palace colour): the page asks which one.
        if version(page) == before and page.locator(f'#bmc-actions button[data-action="{action}"]').count():
            page.click(f'#bmc-actions button[data-action="{action}"]')
    elif verb == "pay" or (CARD.match(verb) and not SQUARE.match(rest)):
        card = rest if verb == "pay" else verb
        before = version(page)
        page.click(f'#hand button.card[data-card="{card}"]')
        if version(page) == before and page.locator(f'#bmc-actions button[data-action="{action}"]').count():
            page.click(f'#bmc-actions button[data-action="{action}"]')
    elif action == "refill":
        page.click("#refill")
    elif page.locator(f'#bmc-actions button[data-action="{action}"]').count():
        page.click(f'#bmc-actions button[data-action="{action}"]')
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


def test_play_a_whole_game_against_a_bot_by_clicking(page: Any, live_server: str) -> None:
    _create_in_lobby(page, live_server, "greedy")
    rng = Stream(3, 7)
    deadline = time.time() + 150
    moves_made = 0
    while time.time() < deadline:
        page.wait_for_function(READY, timeout=15_000)
        if page.get_attribute("#app", "data-status") == "over":
            break
        _check_own_view(page)
        if moves_made == 20:
            shot(page, "game-midway")
        before = version(page)
        click_move(page, choose(legal(page), rng))
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}",
                               timeout=15_000)
        moves_made += 1
    assert page.get_attribute("#app", "data-status") == "over", f"game not over after {moves_made} moves"
    status = page.inner_text("#status")
    assert status.startswith("Game over") and "won" in status
    assert "Final crystals" in page.inner_text("#seats")
    assert page.locator("#log li").count() > 20
    shot(page, "game-over")


def _check_own_view(page: Any) -> None:
    """The page shows this seat's hand and crystals, and the other hand only as a count."""
    cards = page.locator("#hand button.card").count()
    counts = page.eval_on_selector_all("#seats tbody tr", "rows => rows.map(r => r.children[3].textContent)")
    assert str(cards) == counts[0].split(" ")[0]
    assert re.match(r"◇ \d+ crystals", page.inner_text("#crystals"))


def test_a_spectator_sees_the_public_view_live(page: Any, live_server: str) -> None:
    game = _post(live_server, {"game": "bluemooncity", "seats": [{"kind": "bot", "level": "greedy"},
                                                                  {"kind": "bot", "level": "greedy"}]})
    page.goto(f"{live_server}/play/{game['id']}?watch")
    page.wait_for_selector("#obelisk")
    first = version(page)
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {first + 5}",
                           timeout=20_000)
    assert page.locator("#hand").count() == 0 and page.locator("#crystals").count() == 0
    assert page.locator("#all-moves button[data-action]").count() == 0
    assert "watching" in page.inner_text("#topinfo")
    shot(page, "spectator")


def test_reloading_resumes_exactly_where_the_player_was(page: Any, live_server: str) -> None:
    _create_in_lobby(page, live_server, "random")
    rng = Stream(5, 1)
    for _ in range(8):
        page.wait_for_function(READY, timeout=15_000)
        before = version(page)
        click_move(page, choose(legal(page), rng))
        page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {before}",
                               timeout=15_000)
    page.wait_for_function(READY, timeout=15_000)
    seen = {"version": version(page), "hand": page.inner_text("#hand"), "log": page.inner_text("#log"),
            "moves": legal(page), "crystals": page.inner_text("#crystals")}
    page.reload()
    page.wait_for_function(READY, timeout=15_000)
    again = {"version": version(page), "hand": page.inner_text("#hand"), "log": page.inner_text("#log"),
             "moves": legal(page), "crystals": page.inner_text("#crystals")}
    assert again == seen
    shot(page, "after-reload")


def test_the_game_fits_a_phone_screen(browser: Any, live_server: str) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    game = _post(live_server, {"game": "bluemooncity", "seats": seats})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone = context.new_page()
    try:
        phone.goto(game["seats"][0]["invite"])
        phone.wait_for_selector("#hand")
        width = phone.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1] + 1, f"the page is wider than the phone: {width}"
        assert "#token=" not in phone.url  # the seat secret leaves the address bar at once
        shot(phone, "phone")
    finally:
        context.close()
