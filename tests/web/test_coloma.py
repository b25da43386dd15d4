"""Coloma in Debian's Chromium: a whole seeded 2-player game (with Buster) against a bot, created in the lobby and
played by clicking the wheel, the map, the cards and the buttons of Coloma's renderer, while every WebSocket frame
and HTTP answer the page receives is captured and checked: the page's view is the seat's own view at every
position, and nothing ever shows the bot's dial before the reveal or the bot's hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.engine.rng import Stream
from meeple.server.store import Store

from .conftest import READY, apply_update, record, shot, start_against_bot, walk

pytestmark = pytest.mark.browser
SEED = 12
ME, BOT = 0, 1
def choose(legal: list[str], rng: Stream) -> str:
    """A simple player: does something most of the time, ends a turn now and then."""
    others = [a for a in legal if a != "end"]
    if not others or ("end" in legal and rng.below(3) == 0):
        return "end"
    return others[rng.below(len(others))]


def click_move(page: Any, action: str) -> None:
    """Make a move the way a person would: on the wheel, the map, a card, a Barrel or a button."""
    verb, _, rest = action.partition(" ")
    button = f'#col-actions button[data-action="{action}"]'
    arg = rest.split(" ")[0]
    if verb == "dial":
        page.click(f'g.site.target[data-site="{arg}"]')
    elif verb == "move":
        page.click(f'g.space.target[data-space="{arg.upper()}"]')
    elif verb == "camp":
        page.click(f'g.land.target[data-land="{arg.upper()}"]')
    elif verb == "barrel":
        page.click(f'#supply button.barrel.target[data-barrel-space="{arg}"]')
    elif verb in ("build", "return"):
        card = f'#hand button.col-card[data-slot="{arg}"]' if verb == "return" else \
            f'#hand button.col-card[data-card="{arg.upper()}"]'
        page.click(card)
        if page.locator(button).count():  # several uses of the card: the page asks which one
            page.click(button)
    elif verb in ("hotel", "ability", "foundry"):
        page.click(f'#tableau button.chip[data-card="{arg.upper()}"]')
        if page.locator(button).count():
            page.click(button)
    else:
        page.click(button)


def test_a_whole_coloma_game_by_clicking_shows_no_other_dial_or_hand(browser: Any, stored_server: tuple[str, Path],
                                                                     fix_seed: Callable[[int], None]) -> None:
    base, db = stored_server
    fix_seed(SEED)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    seen_by = record(page)
    errors, frames, answers = seen_by.errors, seen_by.frames, seen_by.answers
    try:
        game_id = start_against_bot(page, base, "coloma", "#wheel")
        rng = Stream(SEED, 5)
        made: list[str] = []
        seen = page.wait_for_function(READY, timeout=20_000).json_value()
        shot(page, "coloma-start")
        while seen["status"] != "over":
            assert len(made) < 600, "the game does not end"
            made.append(choose(seen["legal"], rng))
            click_move(page, made[-1])
            page.wait_for_function(f"() => Number(document.getElementById('app').dataset.version) > {seen['version']}",
                                   timeout=20_000)
            seen = page.wait_for_function(READY, timeout=20_000).json_value()
            if len(made) == 40:
                shot(page, "coloma-midgame")
        shot(page, "coloma-over")
        assert "Game over" in page.inner_text("#status")
    finally:
        context.close()
    assert not errors, f"errors in the page: {errors}"
    kinds = {a.split(" ")[0] for a in made}
    assert {"return", "dial", "end"} <= kinds and len(kinds & {"build", "move", "survey", "sutter", "trade",
                                                                "deputise", "barrel", "camp", "wagon"}) >= 4, kinds

    # The truth: the game the server stored, replayed position by position.
    store = Store(f"sqlite:///{db}")
    rec = store.get(game_id)
    assert rec is not None and rec.status == "over"
    actions = store.actions_of(game_id)
    store.close()
    truth = meeple.new_game("coloma", 2, rec.seed)
    views = {0: truth.view(ME)}
    secrets: dict[int, list[str]] = {0: []}
    cards = truth.rules.ctx.comp.cards
    for n, act in enumerate(actions, start=1):
        truth.apply(act.seat, act.action)
        views[n] = truth.view(ME)
        s = truth.state
        hidden = [json.dumps([cards[c].id for c in s.hands[BOT]])] if len(s.hands[BOT]) >= 3 else []
        secrets[n] = hidden
    assert truth.is_over() and {a.seat for a in actions} == {ME, BOT}
    # Every dial of the bot, and the position where it was set and where it was revealed.
    bot_dials = [(n, a.action) for n, a in enumerate(actions, start=1) if a.seat == BOT and a.action.startswith("dial")]
    assert len(bot_dials) == 15

    view: dict[str, Any] | None = None
    checked = 0
    for msg in frames:
        if msg.get("type") not in ("state", "update"):
            text = json.dumps(msg)
            assert '"hand"' not in text and '"dial"' not in text, msg
            continue
        assert msg["seat"] == ME
        view = apply_update(view, msg)
        version = msg["version"]
        assert view == views[version], f"the page's view at position {version} is not the seat's own view"
        text = json.dumps(msg)
        for secret in secrets[version]:
            assert secret not in text, f"the bot's hand reached the page at position {version}"
        for entry in [e for evs in msg.get("log", []) for e in evs]:
            if entry["msg"] in ("dial.chosen", "cards.drawn_you", "card.returned_top", "card.returned_bottom"):
                assert entry["params"].get("seat", ME) == ME or entry["msg"].startswith("card.returned"), entry
            if entry["params"].get("seat") == BOT:
                assert "site" not in entry["params"] or entry["msg"] != "dial.set", entry
                assert "cards" not in entry["params"], entry
        # Before a reveal the page knows only that the bot dialled, never where.
        if view["phase"] == "select":
            assert "positions" not in view and all(set(s) >= {"dialled"} and "dial" not in s for s in view["seats"])
        for path, _value in walk(view):
            assert not path.startswith((".seats", ".shade", ".buster")) or not path.endswith((".hand", ".dial")), path
        checked += 1
    assert checked > len(made)  # a message per move of ours at least (the bot's moves come too)
    for url, body in answers:
        data = json.loads(body)
        keys = {path.rsplit(".", 1)[-1] for path, _ in walk(data)}
        assert not keys & {"hands", "decks", "dials", "known"}, url
        if "view" in data:  # a state answer is the seat's own view
            assert "hand" not in json.dumps([s for s in data["view"].get("seats", [])]), url
