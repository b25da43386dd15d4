"""The replay viewer steps as fast as a player presses: ten steps a second through a finished game, on a server with
its real limits, without a refusal; it asks the server for a page of positions at a time and jumps to a round."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meeple.server.config import Settings

from .conftest import open_page, serve, table_settings

pytestmark = pytest.mark.browser
STEPS = 40  # more than a page of positions (32): the viewer crosses into the next page


@pytest.fixture
def limited_server(tmp_path: Path) -> Iterator[str]:
    """A server with the limits of `meeple serve` on state requests and replay pages, that lets bots play alone."""
    settings = table_settings(tmp_path / "meeple.sqlite3")
    settings.state_rate, settings.replay_rate = Settings().state_rate, Settings().replay_rate
    settings.http_rate = Settings().http_rate
    settings.bot_only_rate = "10/minute"
    with serve(settings) as address:
        yield address


def _finished(base: str, game: str) -> str:
    """A game of two random bots, played to its end; its id."""
    body = json.dumps({"game": game, "seats": [{"kind": "bot", "level": "random"}] * 2}).encode()
    req = urllib.request.Request(f"{base}/api/games", body, {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        game_id = str(json.loads(r.read())["id"])
    deadline = time.time() + 60
    while True:
        with urllib.request.urlopen(f"{base}/api/games/{game_id}", timeout=10) as r:
            if json.loads(r.read())["status"] == "over":
                return game_id
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.2)


def test_ten_steps_a_second_without_a_refusal(browser: Any, limited_server: str) -> None:
    game_id = _finished(limited_server, "coloma")
    with open_page(browser) as page:
        pages: list[str] = []
        refused: list[int] = []
        page.on("response", lambda r: (pages.append(r.url) if "/replay/positions" in r.url else None,
                                       refused.append(r.status) if r.status >= 400 else None))
        page.goto(f"{limited_server}/play/{game_id}?watch")
        page.wait_for_selector("#replay-open")
        page.click("#replay-open")
        page.wait_for_selector('#replay-at[data-at="0"]')
        page.focus("#replay-forward")
        for _ in range(STEPS):
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(100)  # ten presses a second
        page.wait_for_selector(f'#replay-at[data-at="{STEPS}"]', timeout=5_000)
        line = page.inner_text("#replay-line")
        assert line and "`" not in line and "null" not in line and "undefined" not in line
        assert not refused, refused
        assert page.locator(".warn").count() == 0 or not page.locator(".warn").first.is_visible()
        assert 2 <= len(pages) <= 3, pages  # a page of positions at a time, the next asked for ahead
        # Back across the page boundary without asking again, then a jump to a round.
        for _ in range(10):
            page.keyboard.press("ArrowLeft")
        page.wait_for_selector(f'#replay-at[data-at="{STEPS - 10}"]')
        assert page.locator("#replay-round option").count() >= 2
        page.select_option("#replay-round", index=1)
        second = int(page.get_attribute("#replay-round option >> nth=1", "value") or 0)
        page.wait_for_selector(f'#replay-at[data-at="{second}"]')
        assert not refused, refused
