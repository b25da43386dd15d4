"""Every game in every language at a laptop's and a phone's size, as a player meets it: the table reads well (no
horizontal overflow, no backtick of the terminal's notation, no raw `true`/`false`), a move is taken back with the
Undo button, the game is resigned through its confirmation, a finished game's replay steps ten steps a second
without a refusal, and the how-to-play page reads well with its pictures.

One server and one browser for the whole module; one page per case, its language set before the page loads. The
server keeps the real limit on replay pages, so a refused page would show."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.server import pictures
from meeple.server.config import Settings

from .conftest import GAMES, LANGUAGES, PROBLEMS, SIZES, open_page, serve, shot, table_settings

pytestmark = pytest.mark.browser
CASES = [(g, lang, size) for g in GAMES for lang in LANGUAGES for size in SIZES]
REPLAY_STEPS = 10  # a second of stepping, ten presses a second

READY = ("() => { const a = document.getElementById('app'); return a.dataset.status === 'over' || "
         "(a.dataset.pending === '' && document.querySelectorAll('#all-moves button[data-action]').length > 0); }")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The module's server: no client limits but the real one on replay pages; games of bots alone allowed."""
    settings = table_settings(tmp_path_factory.mktemp("matrix") / "meeple.sqlite3")
    settings.replay_rate = Settings().replay_rate
    with serve(settings) as address:
        yield address


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}{path}", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return dict(json.loads(r.read()))


@pytest.fixture(scope="module")
def finished(server: str) -> dict[str, str]:
    """A finished game of two random bots per game, by game: the replays' games."""
    ids = {g: str(_post(server, "/api/games", {"game": g, "seats": [{"kind": "bot", "level": "random"}] * 2})["id"])
           for g in GAMES}
    deadline = time.time() + 120
    for game_id in ids.values():
        while True:
            with urllib.request.urlopen(f"{server}/api/games/{game_id}", timeout=10) as r:
                if json.loads(r.read())["status"] == "over":
                    break
            assert time.time() < deadline, "the bots did not finish their games"
            time.sleep(0.2)
    return ids


@pytest.fixture
def page_in(browser: Any) -> Iterator[Any]:
    """Open pages in a language at a size: `page_in(lang, (width, height))` gives a page of a fresh context."""
    opened: list[Any] = []

    def make(lang: str, size: tuple[int, int]) -> Any:
        manager = open_page(browser, size[0], size[1])
        page = manager.__enter__()
        opened.append(manager)
        page.add_init_script(f"localStorage.setItem('meeple.lang', {json.dumps(lang)})")
        return page

    yield make
    for manager in opened:
        manager.__exit__(None, None, None)


def _check(page: Any, where: str, found: dict[str, Any], name: str) -> None:
    problems = page.evaluate(PROBLEMS)
    if problems["overflow"] > 0 or problems["words"] or problems["ticks"]:
        found[where] = problems
        shot(page, name)


def _version(page: Any) -> int:
    return int(page.get_attribute("#app", "data-version") or 0)


@pytest.mark.parametrize(("game", "lang", "size"), CASES,
                         ids=[f"{g}-{lang}-{size[0]}" for g, lang, size in CASES])
def test_a_player_meets_the_game(page_in: Any, server: str, finished: dict[str, str], game: str, lang: str,
                                 size: tuple[int, int]) -> None:
    name = f"matrix-{game}-{lang}-{size[0]}"
    found: dict[str, Any] = {}
    page = page_in(lang, size)
    # The table against a bot: moves until one can be taken back with the button, which is then pressed.
    seats = _post(server, "/api/games", {"game": game, "seats": [{"kind": "human", "name": "Ann"},
                                                                 {"kind": "bot", "level": "random"}]})["seats"]
    page.goto(seats[0]["invite"])
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    undone = False
    for _ in range(12):
        page.wait_for_function(READY, timeout=20_000)
        assert page.get_attribute("#app", "data-status") == "active", "the game ended before a move was taken back"
        version = _version(page)
        action = page.eval_on_selector("#all-moves button[data-action]",
                                       "(b) => { b.click(); return b.dataset.action; }")
        page.wait_for_function("(v) => Number(document.getElementById('app').dataset.version) > v", arg=version)
        page.wait_for_function(READY, timeout=20_000)
        if page.locator("#undo").is_visible():
            _check(page, "table", found, f"{name}-table")
            after = _version(page)
            page.click("#undo")
            page.wait_for_function("(v) => Number(document.getElementById('app').dataset.version) < v", arg=after)
            page.wait_for_function(READY, timeout=20_000)
            assert action in page.eval_on_selector_all("#all-moves button[data-action]",
                                                       "(bs) => bs.map((b) => b.dataset.action)")  # offered again
            undone = True
            break
    assert undone, f"no move of {game} could be taken back with the button"
    if game == "cityofremnants":  # a seat has its gang's colour and letter in the header, as on the board
        symbols = page.eval_on_selector_all("#game-header .seat-symbol", "(s) => s.map((x) => x.textContent)")
        assert set(symbols) <= set("YBGR"), symbols
        outside = page.evaluate("""() => [...document.querySelectorAll('#grid text.level')].filter((t) => {
          const cell = t.parentNode.querySelector('rect.cell-bg').getBoundingClientRect();
          const r = t.getBoundingClientRect();
          return r.left < cell.left - 1 || r.right > cell.right + 1; }).map((t) => t.textContent)""")
        assert not outside, outside  # each space's label inside its own space, mirrored pages too
    if game == "coloma":  # the letters of the cards' amounts in words
        assert "Gc" in page.text_content("#card-legend")
    # Resign: the confirmation first (keeping playing changes nothing), then the game is over.
    page.click("#resign")
    assert page.inner_text("#resign-box").strip()
    _check(page, "resign", found, f"{name}-resign")
    page.click("#resign-no")
    assert page.locator("#resign-box").is_hidden() and page.get_attribute("#app", "data-status") == "active"
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_function("() => document.getElementById('app').dataset.status === 'over'", timeout=15_000)
    assert page.locator("#resign").is_hidden()
    _check(page, "over", found, f"{name}-over")
    # A finished game's replay, ten steps a second, none refused.
    refused: list[str] = []
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{server}/play/{finished[game]}?watch")
    page.wait_for_selector("#replay-open")
    page.click("#replay-open")
    page.wait_for_selector('#replay-at[data-at="0"]')
    page.focus("#replay-forward")
    for _ in range(REPLAY_STEPS):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(100)
    page.wait_for_selector(f'#replay-at[data-at="{REPLAY_STEPS}"]', timeout=5_000)
    assert not refused, refused
    assert page.inner_text("#replay-line").strip()
    _check(page, "replay", found, f"{name}-replay")
    # The how-to-play page in the same language, its pictures drawn.
    page.goto(f"{server}/howto/{game}?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "he" else "ltr")
    broken = page.evaluate("() => [...document.images].filter((i) => !i.complete || !i.naturalWidth).map((i) => i.src)")
    assert page.locator("main img").count() > len(pictures.names(game)) and not broken, broken  # every action's
    _check(page, "howto", found, f"{name}-howto")
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)
