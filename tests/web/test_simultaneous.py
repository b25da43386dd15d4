"""A simultaneous secret decision in the browser, with the `dials` test game (no renderer of its own: the generic
one shows it): two people in two browser contexts choose in either order, each page says how many players are
still choosing, neither page shows the other's choice before the reveal, and both show the reveal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.dials import Dials
from meeple.engine import registry

from .conftest import open_page, shot

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def dials() -> Iterator[None]:
    registry.register("dials", lambda: Dials())  # the server runs in this process
    yield
    registry.unregister("dials")


def _create_in_lobby(page: Any, base: str) -> tuple[str, str]:
    """Create a two-round game of dials for two people in the lobby; returns the table's and the invite's address."""
    page.goto(base + "/")
    page.fill("#name", "Ann")
    page.select_option("#game", "dials")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "human")
    assert "rounds to play" in page.inner_text(".options")  # the option in words, from the game's spec
    page.select_option("#option-rounds", "2")
    page.click("#create")
    page.wait_for_selector("#play-link")
    invite = page.input_value("input.invite")
    return str(page.get_attribute("#play-link", "href")), str(invite)


def _ready(page: Any, version: int) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) >= {version}"
                           " && document.getElementById('app').dataset.pending === ''", timeout=15_000)


def _status(page: Any) -> str:
    return str(page.inner_text("#status"))


def _shown(page: Any) -> dict[str, str]:
    """What the generic renderer shows of this seat's view, and the log."""
    found: dict[str, str] = page.evaluate("""() => {
      const dd = (k) => document.querySelector(`#view dd[data-key="${k}"]`)?.innerText ?? null;
      return { mine: dd('mine'), chosen: dd('chosen'), revealed: dd('revealed'),
               log: document.getElementById('log').innerText }; }""")
    return found


@pytest.mark.parametrize("first", [0, 1])
def test_two_people_choose_at_once_and_see_nothing_of_each_other_before_the_reveal(
        browser: Any, live_server: str, first: int) -> None:
    with open_page(browser) as ann, open_page(browser) as bob, open_page(browser) as watcher:
        table, invite = _create_in_lobby(ann, live_server)
        ann.goto(live_server + table)
        bob.goto(invite)
        pages = [ann, bob]
        for pg in pages:
            pg.wait_for_selector('#board button[data-action="dial 1"]')
        game_id = table.rsplit("/", 1)[-1]
        watcher.goto(f"{live_server}/play/{game_id}?watch")
        watcher.wait_for_selector("#view")
        assert _status(watcher) == "Waiting for 2 players."
        assert _status(ann).startswith("Your move (1 other player chooses at the same time)")
        assert "Choose a number from 1 to 3" in (ann.text_content("#phase-help") or "")  # the game's help for the phase

        second = 1 - first
        dial = {first: 3, second: 1}
        revealed = f"{dial[0]}, {dial[1]}"  # in seat order
        pages[first].click(f'#board button[data-action="dial {dial[first]}"]')
        for pg in [*pages, watcher]:
            _ready(pg, 1)
        # The chooser sees its own choice; the other seat and the spectator see only that a choice was made.
        assert _shown(pages[first])["mine"] == "3" and "You chose 3" in _shown(pages[first])["log"]
        assert _status(pages[first]) == "Waiting for 1 player."
        assert _status(watcher) == "Waiting for 1 player."
        for pg in (pages[second], watcher):
            seen = _shown(pg)
            assert seen["mine"] in ("–", None) and seen["revealed"] == "none"
            assert "chose" not in seen["log"] and "revealed" not in seen["log"] and "sets a dial" in seen["log"]
            assert "3" not in pg.inner_text("#view")
        shot(pages[second], "dials-waiting")

        pages[second].click(f'#board button[data-action="dial {dial[second]}"]')
        for pg in [*pages, watcher]:
            _ready(pg, 2)
            pg.wait_for_function("() => document.getElementById('log').innerText.includes('revealed')",
                                 timeout=15_000)
            seen = _shown(pg)
            assert seen["revealed"] == revealed and f"The dials are revealed: {revealed}" in seen["log"]

        # Round 2: both click at once, each in the position it last saw; both choices are accepted.
        for pg in pages:
            pg.wait_for_selector('#board button[data-action="dial 2"]')
        ann.click('#board button[data-action="dial 2"]')
        bob.click('#board button[data-action="dial 2"]')
        for pg in [*pages, watcher]:
            pg.wait_for_function("() => document.getElementById('app').dataset.status === 'over'", timeout=15_000)
            assert _status(pg).startswith("Game over")
            assert _shown(pg)["revealed"].replace("\n", " ") == f"{revealed} 2, 2"
        assert not ann.locator(".toast.warn.show").count() and not bob.locator(".toast.warn.show").count()
        shot(watcher, "dials-over")
