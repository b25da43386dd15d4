"""An action the server refuses as over the seat's rate (`rate_limited`, an error answer rather than a rejection)
leaves the page ready to send it again: the pending action is cleared, the status no longer says "Sending…", the
refusal is shown and the moves can be clicked."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.dials import Dials
from meeple.engine import registry

from .conftest import open_page, serve, table_settings

pytestmark = pytest.mark.browser
RATE = 2  # actions a minute per seat


@pytest.fixture(autouse=True)
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())  # the server runs in this process
    yield
    registry.unregister("dials")


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[str]:
    """A server in a thread of this process whose only limit any test reaches is the rate of actions per seat."""
    settings = table_settings(tmp_path / "meeple.sqlite3")
    settings.action_rate = f"{RATE}/minute"
    with serve(settings) as address:
        yield address


def _request(url: str, body: dict[str, Any], token: str | None = None) -> tuple[int, dict[str, Any]]:
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {token}"} if token else {})}
    req = urllib.request.Request(url, json.dumps(body).encode(), headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def _ready(page: Any) -> list[str]:
    """Wait until the page offers moves and sends none; the moves it offers."""
    page.wait_for_function("() => document.getElementById('app').dataset.pending === '' && "
                           "document.querySelectorAll('#all-moves button[data-action]').length > 0", timeout=15_000)
    moves: list[str] = page.eval_on_selector_all("#all-moves button[data-action]",
                                                 "bs => bs.map(b => b.dataset.action)")
    return moves


def test_an_action_refused_as_over_the_rate_can_be_sent_again(browser: Any, strict_server: str) -> None:
    status, created = _request(f"{strict_server}/api/games", {"game": "dials", "seats": [{"kind": "human"},
                                                                                          {"kind": "human"}]})
    assert status == 201
    gid, token = created["id"], created["seats"][0]["token"]
    with open_page(browser) as page:
        page.goto(f"{strict_server}/play/{gid}#token={token}")
        moves = _ready(page)
        # The seat spends its allowance over HTTP (refused moves count too: the limit comes before any check).
        for _ in range(RATE):
            code, _body = _request(f"{strict_server}/api/games/{gid}/actions", {"action": "nonsense", "version": 0},
                                   token)
            assert code != 429
        code, body = _request(f"{strict_server}/api/games/{gid}/actions", {"action": moves[0], "version": 0}, token)
        assert code == 429 and body["code"] == "rate_limited"

        page.evaluate("document.querySelector('.moves-box').open = true")  # the list of every move
        page.click(f'#all-moves button[data-action="{moves[0]}"]')
        page.wait_for_selector("#toast.show.warn", timeout=15_000)
        # the reason in the reader's words (the faces' message for the code `rate_limited`)
        assert "Too many requests at once" in page.inner_text("#toast")
        again = _ready(page)  # not stuck on "Sending…": the same moves are offered again
        assert again == moves
        assert page.get_attribute("#app", "data-version") == "0"  # the refused action changed nothing
        assert "Sending" not in page.inner_text("#status")
