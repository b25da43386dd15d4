"""An account's profile page, reached from the lobby's account box: its name, its games with their results (its
game in play too, for its owner) and its ratings; in every language; a name nobody holds says so."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .conftest import open_page, shot

pytestmark = pytest.mark.browser
CREATE = """async (seats) => {
  const r = await fetch('/api/games', {method: 'POST', headers: {'content-type': 'application/json'},
                                       body: JSON.stringify({game: 'bluemooncity', seats})});
  return await r.json();
}"""


def _resign(base: str, gid: str, token: str) -> None:
    req = urllib.request.Request(f"{base}/api/games/{gid}/resign", b"", {"authorization": f"Bearer {token}"},
                                 method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        assert json.loads(r.read())["outcome"] == "over"


def test_the_profile_page_shows_games_results_and_ratings_in_every_language(browser: Any, live_server: str) -> None:
    with open_page(browser) as ann:
        ann.goto(f"{live_server}/")
        ann.fill("#account-user", "Ann")
        ann.fill("#account-password", "a long enough secret")
        ann.click("#signup")
        ann.wait_for_selector("#profile-link")
        # Two games of her account's seat (created from her page, with her session): one Cid leaves, one in play.
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Cid"}]
        finished = ann.evaluate(CREATE, seats)
        playing = ann.evaluate(CREATE, seats)
        _resign(live_server, finished["id"], finished["seats"][1]["token"])
        ann.click("#profile-link")
        ann.wait_for_selector("#profile-games li")
        assert ann.url.endswith("/profile/Ann")
        assert ann.inner_text("#profile-name") == "Profile of Ann"
        done = ann.locator(f'#profile-games li[data-game="{finished["id"]}"]').inner_text()
        assert "Blue Moon City" in done and "won" in done and "place 1 of 2" in done
        assert "in play" in ann.locator(f'#profile-games li[data-game="{playing["id"]}"]').inner_text()
        assert "No rated games yet." in ann.inner_text("#profile")
        text = ann.inner_text("body")
        assert finished["seats"][0]["token"] not in text and finished["host_token"] not in text
        shot(ann, "profile")
        for lang, title in (("es", "Perfil de Ann"), ("pt", "Perfil de Ann"), ("he", "הפרופיל של Ann")):
            ann.evaluate(f"localStorage.setItem('meeple.lang', '{lang}')")
            ann.reload()
            ann.wait_for_selector("#profile-games li")
            # (a name inside a right-to-left sentence is isolated: U+2068 ... U+2069)
            assert ann.inner_text("#profile-name").replace("\u2068", "").replace("\u2069", "") == title
            assert "Profile" not in ann.inner_text("#profile") and "in play" not in ann.inner_text("#profile")
        ann.evaluate("localStorage.setItem('meeple.lang', 'en')")
    with open_page(browser, 390, 844) as someone:  # the public sees her finished game only
        someone.goto(f"{live_server}/profile/ann")
        someone.wait_for_selector("#profile-games li")
        assert someone.locator("#profile-games li").count() == 1
        assert someone.locator(f'#profile-games li[data-game="{playing["id"]}"]').count() == 0
        assert someone.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        someone.goto(f"{live_server}/profile/Nobody")
        someone.wait_for_selector("#profile-error")
        assert someone.inner_text("#profile-error") == "No account has this name."
        someone.click("#profile-back")
        someone.wait_for_selector("#create-form")
