"""The table in Chromium beyond playing: a creator who opens another seat's invite link in the same browser keeps
both seats (and names the new one), the host gives a seat a new link, an undo seen by the other player, "your
move" in the tab's title and others' moves marked, no input while the connection is down, and the end screen
with its ranking, the replay viewer and "play again" with the same seats."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
WS = re.compile(r".*/ws/games/.*")


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def _get(base: str, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as r:
        result: dict[str, Any] = json.loads(r.read())
        return result


def _ready(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('app').dataset.online === '1'", timeout=15_000)


def _version(page: Any) -> int:
    return int(page.get_attribute("#app", "data-version") or -1)


def _wait_version(page: Any, version: int) -> None:
    page.wait_for_function(f"() => document.getElementById('app').dataset.version === '{version}'", timeout=15_000)


def _step(page: Any) -> str:
    """Make the first step of the list of every move; returns it."""
    page.evaluate("document.querySelector('.moves-box').open = true")
    button = page.locator('#all-moves button[data-action^="step"]').first
    action = str(button.get_attribute("data-action"))
    seen = _version(page)
    button.click()
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen}", timeout=15_000)
    return action


def _http_step(base: str, game_id: str, token: str, version: int) -> str:
    headers = {"content-type": "application/json", "authorization": f"Bearer {token}"}
    req = urllib.request.Request(f"{base}/api/games/{game_id}/state", headers=headers)
    with urllib.request.urlopen(req, timeout=10) as r:
        step = str(next(a for a in json.loads(r.read())["legal"] if a.startswith("step")))
    body = json.dumps({"action": step, "version": version}).encode()
    with urllib.request.urlopen(urllib.request.Request(f"{base}/api/games/{game_id}/actions", body, headers),
                                timeout=10):
        return step


def test_a_creator_who_opens_an_invite_link_keeps_both_seats(browser: Any, live_server: str) -> None:
    with open_page(browser) as page:
        page.goto(live_server + "/")
        page.fill("#name", "Ann")
        page.select_option("#players", "2")
        page.select_option("#seat-1", "human")
        page.click("#create")
        page.wait_for_selector("#own-invite")
        own = page.input_value("#own-invite")
        invite = page.input_value("#invite-1")
        assert "#token=" in own and own != invite  # the creator sees a link to their own seat
        assert re.search(r"until .*20\d\d", page.inner_text("#links-expire"))  # when the links stop working
        page.click("#play-link")
        _ready(page)
        game_id = page.url.rsplit("/", 1)[-1].split("?")[0]
        assert "Ann" in page.inner_text("#topinfo")
        # The same browser opens the other seat's link: it asks for a name (the seat has none yet).
        page.goto(invite)
        page.wait_for_selector("#name-prompt")
        _ready(page)
        page.fill("#join-name", "Bob")
        page.click("#join")
        page.wait_for_function("() => !document.getElementById('name-prompt')")
        assert page.url.endswith(f"/play/{game_id}?seat=1")
        assert "Bob (you)" in page.inner_text("#game-header") and "Ann" in page.inner_text("#game-header")
        # Both seats are kept: the page links them, and each opens as its own seat.
        switcher = page.inner_text("#seat-switcher")
        assert "Ann" in switcher and "Bob" in switcher
        page.click('#seat-switcher a[data-seat="0"]')
        _ready(page)
        assert "Ann (you)" in page.inner_text("#game-header") and page.url.endswith("?seat=0")
        page.reload()
        _ready(page)
        assert "Ann (you)" in page.inner_text("#game-header")
        # The lobby lists the game once per seat held, each under its own name.
        page.goto(live_server + "/")
        page.wait_for_selector(f'#your-games li[data-game="{game_id}"][data-seat="1"]')
        assert page.locator(f'#your-games li[data-game="{game_id}"]').count() == 2
        assert "as Bob" in page.inner_text(f'#your-games li[data-game="{game_id}"][data-seat="1"]')
        # The host gives seat 2 a new link: the old one stops working, the browser keeps the seat with the new one.
        page.click(f'#your-games li[data-game="{game_id}"] .host-panel summary')
        page.click('[data-reinvite="1"]')
        page.wait_for_selector("#reinvite-1")
        fresh = page.input_value("#reinvite-1")
        assert fresh != invite and "#token=" in fresh
        shot(page, "lobby-host")
        page.goto(f"{live_server}/play/{game_id}?seat=1")
        _ready(page)
        assert "Bob (you)" in page.inner_text("#game-header")
    with open_page(browser) as other:
        other.goto(invite)  # the revoked link
        other.wait_for_function("() => (document.getElementById('banner')?.textContent ?? '').includes('not valid')")


def test_undo_turn_signals_and_a_dropped_connection(browser: Any, live_server: str) -> None:
    game = _post(live_server, "/api/games", {"game": "bluemooncity", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    first = _get(live_server, f"/api/games/{game['id']}")["deciders"][0]
    blocked = {"on": False}
    routes: list[Any] = []

    def route(ws: Any) -> None:
        if blocked["on"]:
            ws.close(code=1001, reason="cut")
            return
        ws.connect_to_server()
        routes.append(ws)

    with open_page(browser) as mover, open_page(browser) as other:
        other.route_web_socket(WS, route)
        mover.goto(game["seats"][first]["invite"])
        other.goto(game["seats"][1 - first]["invite"])
        _ready(mover)
        _ready(other)
        # "Your move" in the tab's title of the seat to move only.
        mover.wait_for_function("() => document.title.startsWith('Your move')")
        other.wait_for_function("() => (document.getElementById('status')?.textContent ?? '').startsWith('Waiting')")
        assert not other.title().startswith("Your move")
        assert mover.locator("#undo").is_hidden()  # nothing to take back yet
        assert not mover.is_checked("#sound")  # the chime is off until the player turns it on
        mover.check("#sound")
        assert mover.evaluate("() => localStorage.getItem('meeple.sound')") == "1"
        action = _step(mover)
        _wait_version(other, 1)
        # The other player sees what moved: the line is marked in the log and shown above the board.
        assert "Ann" in other.inner_text("#recent") or "Bob" in other.inner_text("#recent")
        assert other.locator("#log li.recent").count() >= 1
        assert mover.locator("#recent").is_hidden()  # one's own move is no news
        shot(other, "others-move-marked")
        # Undo: both pages go back to the position before the step, and the other player is told.
        mover.wait_for_selector("#undo:not([hidden])")
        mover.click("#undo")
        _wait_version(mover, 0)
        _wait_version(other, 0)
        other.wait_for_function("() => document.getElementById('toast').textContent.includes('takes back')")
        told = other.inner_text("#toast")  # the move in the renderer's words, not the notation
        assert "takes back a move: " in told and f"`{action}`" not in told
        assert told.split("takes back a move: ")[1].strip()
        assert other.locator("#log li").count() == 0
        assert mover.locator("#undo").is_hidden()
        # The connection drops: no input until it is back, and the page says so.
        blocked["on"] = True
        routes[-1].close(code=1001, reason="cut")
        other.wait_for_function("() => document.getElementById('app').dataset.online === '0'", timeout=10_000)
        assert other.is_visible("#banner")
        assert other.evaluate("() => document.getElementById('board').inert")
        assert other.locator("#all-moves button[data-action]").count() == 0
        shot(other, "disconnected")
        blocked["on"] = False
        _ready(other)
        assert not other.evaluate("() => document.getElementById('board').inert")


def test_the_end_screen_replay_and_play_again(browser: Any, live_server: str) -> None:
    # A game that ends quickly: the first seat's bank of 8 s runs out after two steps, and that seat forfeits.
    game = _post(live_server, "/api/games", {"game": "bluemooncity", "clock": {
        "mode": "game", "seconds": 8, "on_timeout": "forfeit"}, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    first = _get(live_server, f"/api/games/{game['id']}")["deciders"][0]
    names = ["Ann", "Bob"]
    # Two steps at once over HTTP (so that a slow page cannot run out of the bank before making them).
    steps = [_http_step(live_server, game["id"], game["seats"][first]["token"], v) for v in (0, 1)]
    with open_page(browser) as a, open_page(browser) as b:
        a.goto(game["seats"][first]["invite"])
        b.goto(game["seats"][1 - first]["invite"])
        for page in (a, b):
            page.wait_for_function("() => document.getElementById('app').dataset.status === 'over'", timeout=20_000)
        # The ranking with names, and how it was decided.
        a.wait_for_selector("#end:not([hidden]) #ranking")
        places = a.locator("#ranking li").all_inner_texts()
        assert len(places) == 2 and names[1 - first] in places[0] and names[first] in places[1]
        assert f"{names[first]} ran out of time and forfeited" in a.inner_text("#decided")
        assert "null" not in a.inner_text("#end") and "undefined" not in a.inner_text("#end")
        shot(a, "end-screen")
        # The replay: step forwards and backwards through the saved log, jump to a turn, then back to the table.
        a.click("#replay-open")
        a.wait_for_selector('#replay-at[data-at="0"]')
        a.click("#replay-forward")
        a.wait_for_selector('#replay-at[data-at="1"]')
        # the step in the game's words: who moved to which square, not the notation
        square = steps[0].split()[-1]
        assert square in a.inner_text("#replay-line") and names[first] in a.inner_text("#replay-line")
        assert "`" not in a.inner_text("#replay-line")
        a.click("#replay-forward")
        a.wait_for_selector('#replay-at[data-at="2"]')
        assert a.locator("#replay-forward").is_disabled()  # the end of the game
        a.click("#replay-back")
        a.wait_for_selector('#replay-at[data-at="1"]')
        a.keyboard.press("ArrowLeft")
        a.wait_for_selector('#replay-at[data-at="0"]')
        assert a.locator("#replay-turn option").count() == 1  # one seat's turn so far
        a.select_option("#replay-turn", index=0)
        a.wait_for_selector('#replay-at[data-at="1"]')
        shot(a, "replay")
        a.click("#replay-close")
        a.wait_for_selector("#replay", state="hidden")
        # Play again with the same seats: a new game; the other player is offered to join it.
        a.click("#play-again")
        a.wait_for_url(re.compile(rf"/play/(?!{game['id']})\w+\?seat={first}$"), timeout=15_000)
        _ready(a)
        new_id = a.url.rsplit("/", 1)[-1].split("?")[0]
        b.wait_for_function("() => document.getElementById('play-again').textContent.includes('new game')")
        b.click("#play-again")
        b.wait_for_url(re.compile(rf"/play/{new_id}\?seat={1 - first}$"), timeout=15_000)
        _ready(b)
        for page, me in ((a, first), (b, 1 - first)):
            assert _version(page) == 0 and page.get_attribute("#app", "data-status") == "active"
            assert f"{names[me]} (you)" in page.inner_text("#game-header")
            assert names[1 - me] in page.inner_text("#game-header")
