"""Chat at the table in two browsers and a spectator's: lines arrive as text (markup shows as written), the
spectators' lines apart, and the host's switch turns the spectators' chat off."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from engine.dials import Dials
from meeple.engine import registry

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
MARKUP = "<b>hi</b> & <img src=x onerror=alert(1)>"


def _create(base: str) -> dict[str, Any]:
    body = {"game": "bluemooncity", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}
    req = urllib.request.Request(f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        created: dict[str, Any] = json.loads(r.read())
    return created


def test_players_and_a_spectator_chat_as_plain_text(browser: Any, live_server: str) -> None:
    game = _create(live_server)
    gid = game["id"]
    with open_page(browser) as ann, open_page(browser) as bob, open_page(browser) as watcher:
        # Ann's browser is the host's (it keeps the host token as the lobby does when it creates a game).
        ann.goto(f"{live_server}/")
        ann.evaluate("([id, host]) => localStorage.setItem('meeple.hosts', JSON.stringify({[id]: host}))",
                     [gid, game["host_token"]])
        ann.goto(f"{live_server}/play/{gid}#token={game['seats'][0]['token']}")
        bob.goto(f"{live_server}/play/{gid}#token={game['seats'][1]['token']}")
        watcher.goto(f"{live_server}/play/{gid}?watch")
        for page in (ann, bob, watcher):
            page.wait_for_selector("#chat:not([hidden])")
        ann.fill("#chat-text", MARKUP)
        ann.click("#chat-send")
        bob.wait_for_selector("#chat-lines .chat-line")
        assert bob.inner_text("#chat-lines .chat-text") == MARKUP  # shown as written, never as markup
        assert bob.locator("#chat-lines b.chat-who").count() == 1 and bob.locator("#chat-lines img").count() == 0
        assert "Ann" in bob.inner_text("#chat-lines .chat-who")
        watcher.fill("#chat-text", "good game")
        watcher.press("#chat-text", "Enter")
        ann.wait_for_selector("#chat-spectators .chat-line")
        assert ann.inner_text("#chat-spectators .chat-text") == "good game"
        assert ann.locator("#chat-lines .chat-line").count() == 1  # the spectators' lines are apart
        shot(ann, "chat")
        ann.click("#chat-host summary")
        ann.check("#chat-spectators-off")
        watcher.wait_for_selector("#chat-note:not([hidden])")
        assert watcher.is_hidden("#chat-form")
        assert "off" in watcher.inner_text("#chat-note")


def test_a_table_opened_in_the_lobby_is_found_joined_started_and_chatted_at(browser: Any, live_server: str) -> None:
    with open_page(browser) as ann, open_page(browser) as bob:
        ann.goto(f"{live_server}/")
        ann.fill("#name", "Ann")
        ann.select_option("#game", "bluemooncity")
        ann.select_option("#players", "2")
        ann.select_option("#seat-1", "open")
        ann.click("#create")
        ann.click("#play-link")
        ann.wait_for_selector("#table-waiting")
        assert ann.is_disabled("#table-start")  # a seat is still free
        gid = ann.url.rsplit("/", 1)[-1].split("?")[0]
        bob.goto(f"{live_server}/")
        bob.evaluate("localStorage.setItem('meeple.name', 'Bob')")
        bob.goto(f"{live_server}/")
        bob.wait_for_selector(f'#open-tables li[data-table="{gid}"]')
        assert "Ann" in bob.inner_text(f'#open-tables li[data-table="{gid}"]')
        bob.click(f'#open-tables li[data-table="{gid}"] button.take-seat')
        bob.wait_for_selector("#table-waiting")
        ann.wait_for_selector("#table-start:not([disabled])")
        ann.click("#table-start")
        for page in (ann, bob):
            page.wait_for_function("() => document.getElementById('app').dataset.status === 'active'")
        bob.fill("#chat-text", "good luck, Ann")
        bob.click("#chat-send")
        ann.wait_for_selector("#chat-lines .chat-line")
        assert "Bob" in ann.inner_text("#chat-lines") and "good luck, Ann" in ann.inner_text("#chat-lines")
        shot(bob, "open-table-started")


@pytest.fixture
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())  # the server runs in this process
    yield
    registry.unregister("dials")


def _log_in(page: Any, base: str, name: str) -> None:
    page.goto(f"{base}/")
    page.evaluate(f"localStorage.setItem('meeple.name', '{name}')")
    page.fill("#account-user", name)
    page.fill("#account-password", "a long enough secret")
    page.click("#signup")
    page.wait_for_selector("#account-name")


@pytest.mark.usefixtures("dials")
def test_two_players_meet_at_an_open_table_chat_play_and_reach_the_ladder(browser: Any, live_server: str) -> None:
    with open_page(browser) as ann, open_page(browser) as bob:
        _log_in(ann, live_server, "Ann")
        _log_in(bob, live_server, "Bob")
        ann.goto(f"{live_server}/")
        ann.fill("#name", "Ann")
        ann.select_option("#game", "dials")
        ann.select_option("#players", "2")
        ann.select_option("#seat-1", "open")
        ann.click("#create")
        ann.click("#play-link")
        ann.wait_for_selector("#table-waiting")
        gid = ann.url.rsplit("/", 1)[-1].split("?")[0]
        bob.goto(f"{live_server}/")
        bob.click(f'#open-tables li[data-table="{gid}"] button.take-seat')
        bob.wait_for_selector("#table-waiting")
        ann.wait_for_selector("#table-start:not([disabled])")
        ann.click("#table-start")
        for page, line in ((ann, "hello Bob"), (bob, "hi Ann")):
            page.wait_for_function("() => document.getElementById('app').dataset.status === 'active'")
            page.fill("#chat-text", line)
            page.click("#chat-send")
        for page, dial in ((ann, "dial 3"), (bob, "dial 2")):
            page.wait_for_selector("#chat-lines .chat-line >> nth=1")
            assert "hello Bob" in page.inner_text("#chat-lines") and "hi Ann" in page.inner_text("#chat-lines")
            page.evaluate("document.querySelector('.moves-box').open = true")
            page.click(f'#all-moves button[data-action="{dial}"]')
        for page in (ann, bob):
            page.wait_for_function("() => document.getElementById('app').dataset.status === 'over'")
        ann.goto(f"{live_server}/")
        ann.select_option("#ladder-game", "dials")
        ann.wait_for_selector("#ladder tr[data-player]")
        rows = ann.locator("#ladder tr[data-player]").all_inner_texts()
        assert len(rows) == 2 and "Ann" in rows[0] and "Bob" in rows[1] and all("?" in r for r in rows)
        assert ann.locator("#ladder caption").count() == 0
        shot(ann, "ladder")
    with open_page(browser) as elsewhere:  # Ann on another device: her account's seat, without its token
        elsewhere.goto(f"{live_server}/")
        elsewhere.fill("#account-user", "Ann")
        elsewhere.fill("#account-password", "a long enough secret")
        elsewhere.click("#login")
        elsewhere.wait_for_selector(f'#your-games li[data-game="{gid}"][data-seat="0"]')
        elsewhere.click(f'#your-games li[data-game="{gid}"] a')
        elsewhere.wait_for_function("() => document.getElementById('topinfo').textContent.includes('Ann')")
        assert "you are Ann" in elsewhere.inner_text("#topinfo")
