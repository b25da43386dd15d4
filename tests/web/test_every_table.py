"""The lobby in every language at a laptop's and a phone's width (no horizontal overflow, no backtick of the
terminal's notation, no raw `true`/`false`, bot levels in words), and resigning seen by the other players. Every
game's table, undo, resign, replay and how-to-play page in every language and size: `test_matrix`."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from .conftest import GAMES, LANGUAGES, PROBLEMS, SIZES, open_page, shot

pytestmark = pytest.mark.browser


def test_the_lobby_reads_well_everywhere(browser: Any, live_server: str) -> None:
    with open_page(browser) as page:
        page.goto(live_server + "/")
        page.select_option("#game", "coloma")
        # the how-to-play page is linked from the lobby, in the reader's language
        assert page.get_attribute("#howto-link", "href") == "/howto/coloma?lang=en"
        found = {}
        for lang in LANGUAGES:
            page.evaluate("(l) => localStorage.setItem('meeple.lang', l)", lang)
            page.reload()
            page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
            assert page.locator("#clock-details").is_hidden()  # no clock: no seconds to fill in
            for game in GAMES:
                page.select_option("#game", game)
                assert page.inner_text("#game-description")
                for width, height in SIZES:
                    page.set_viewport_size({"width": width, "height": height})
                    page.wait_for_timeout(100)
                    problems = page.evaluate(PROBLEMS)
                    text = page.inner_text("body")
                    if problems["overflow"] > 0 or problems["words"] or problems["ticks"] or re.search(
                            r"\b[a-z]+:\d", text):  # a bot level as its notation ("ismcts:0.5s"), not a time
                        found[f"{game} {lang} {width}"] = problems
                        shot(page, f"every-lobby-{game}-{lang}-{width}")
        assert not found, json.dumps(found, ensure_ascii=False, indent=1)


def test_resign_with_a_confirmation_seen_by_the_other_player(browser: Any, live_server: str) -> None:
    body = json.dumps({"game": "coloma", "seats": [{"kind": "human", "name": "Ann"},
                                                   {"kind": "human", "name": "Bea"}]}).encode()
    req = urllib.request.Request(f"{live_server}/api/games", body, {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        seats = json.loads(r.read())["seats"]
    with open_page(browser) as ann, open_page(browser, 390, 844) as bea:
        ann.goto(seats[0]["invite"])
        bea.goto(seats[1]["invite"])
        for page in (ann, bea):
            page.wait_for_function("() => document.getElementById('app').dataset.online === '1'", timeout=15_000)
        ann.click("#resign")
        assert "last place" in ann.inner_text("#resign-box")
        ann.click("#resign-no")  # changed her mind: nothing happens
        assert ann.locator("#resign-box").is_hidden() and ann.get_attribute("#app", "data-status") == "active"
        ann.click("#resign")
        ann.click("#resign-yes")
        for page in (ann, bea):
            page.wait_for_function("() => document.getElementById('app').dataset.status === 'over'", timeout=15_000)
        assert bea.inner_text("#status") == "Game over: Ann resigned."
        assert "Bea" in bea.locator("#ranking li").first.inner_text()
        assert bea.locator("#resign").is_hidden() and ann.locator("#resign").is_hidden()


def test_resign_at_a_table_of_three_hands_the_seat_to_a_bot(browser: Any, live_server: str) -> None:
    body = json.dumps({"game": "bluemooncity", "seats": [{"kind": "human", "name": n} for n in ("Ann", "Bea", "Cid")]})
    req = urllib.request.Request(f"{live_server}/api/games", body.encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        created = json.loads(r.read())
    gid, seats = created["id"], created["seats"]
    state_req = urllib.request.Request(f"{live_server}/api/games/{gid}/state",
                                       headers={"authorization": f"Bearer {seats[0]['token']}"})
    with urllib.request.urlopen(state_req, timeout=10) as r:
        mover = json.loads(r.read())["deciders"][0]
    other = (mover + 1) % 3
    with open_page(browser) as leaver, open_page(browser, 390, 844) as stayer:
        leaver.goto(seats[mover]["invite"])
        stayer.goto(seats[other]["invite"])
        for page in (leaver, stayer):
            page.wait_for_function("() => document.getElementById('app').dataset.online === '1'", timeout=15_000)
        leaver.click("#resign")
        assert "A bot takes your seat" in leaver.inner_text("#resign-box")
        leaver.click("#resign-yes")
        name = seats[mover]["name"] if seats[mover].get("name") else ("Ann", "Bea", "Cid")[mover]
        stayer.wait_for_function("(n) => document.getElementById('toast').innerText.includes(n)",
                                 arg=f"{name} resigned: a bot plays on in their seat.", timeout=15_000)
        # The bot plays the seat at once; the game goes on; the one who left watches it.
        stayer.wait_for_function("() => Number(document.getElementById('app').dataset.version) > 0", timeout=20_000)
        assert stayer.get_attribute("#app", "data-status") == "active"
        leaver.wait_for_url(re.compile(r".*\?watch$"), timeout=15_000)
        leaver.wait_for_function("() => document.getElementById('app').dataset.online === '1'", timeout=15_000)
        assert leaver.locator("#resign").is_hidden()
        shot(stayer, "resign-bot-takes-over")
