"""Each game's how-to-play page for players (`/howto/<game>`, `HOWTO.<lang>.md` of its package) in the four
languages: linked from the lobby's catalogue and the table's face, written for players (no rule ids, no engine
calls, no notation in backticks), with the game's own words for what the screens show."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from meeple import i18n
from meeple.engine import get_rules
from meeple.server import pictures

GAMES = ("bluemooncity", "coloma", "cityofremnants")
LANGUAGES = ("en", "es", "pt", "he")
# a word of each game's screens its page must use in each language: the catalogue's own name for it
TERMS = {"bluemooncity": "board.phase.refill", "coloma": "phase.select", "cityofremnants": "action.recruit"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_for_players_in_each_language(client: TestClient, game: str, lang: str) -> None:
    r = client.get(f"/howto/{game}", params={"lang": lang})
    assert r.status_code == 200
    page = r.text
    assert f'<html lang="{lang}" dir="{i18n.direction(lang)}">' in page
    assert "<h1>" in page and page.count("<h2>") >= 3 and "<table>" in page
    assert not re.search(r"\b(BMC|COL|COR)-\d", page)  # no rule ids
    assert "meeple." not in page and "`" not in page and "[design]" not in page
    assert "<code>" not in page  # words, not the notation a terminal player types
    pictures = re.findall(r'<img src="([^"]+)" alt="([^"]+)"', page)  # a picture of the table, described in words
    assert pictures, game
    for src, _ in pictures:
        got = client.get(src)
        assert got.status_code == 200 and got.headers["content-type"].startswith("image/svg+xml"), src


def test_the_lobby_and_the_table_link_the_page(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for game in GAMES:
        assert games[game]["howto"] == f"/howto/{game}"
        assert client.get(f"/api/catalog/{game}").json()["howto"] == f"/howto/{game}"
    assert client.get("/howto/nosuchgame").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_the_page_says_the_screens_words(client: TestClient, game: str) -> None:
    rules = get_rules(game)
    for lang in ("es", "pt"):
        word = i18n.catalogue(rules, lang).text(TERMS[game]).split(":")[0].strip().lower()
        text = client.get(f"/howto/{game}", params={"lang": lang}).text.lower()
        assert word in text, (game, lang, word)


def _messages(value: object) -> list[str]:
    """The message ids a picture's description names (captions, labels, worded texts, `@` terms)."""
    if isinstance(value, dict):
        found = [str(value["msg"])] if "msg" in value else []
        return found + [m for v in value.values() for m in _messages(v)]
    if isinstance(value, list):
        return [m for v in value for m in _messages(v)]
    return [value[1:]] if isinstance(value, str) and value.startswith("@") else []


@pytest.mark.parametrize("game", GAMES)
def test_every_action_has_a_picture_on_the_page_in_each_language(client: TestClient, game: str) -> None:
    """Each kind of action (its first word in the notation) is shown by one of the game's pictures; every picture
    is on the page in each language, its words from the game's catalogue and its caption the image's text."""
    rules = get_rules(game)
    described = pictures._described(game)
    kinds = {rules.actions.text(i).split()[0] for i in range(len(rules.actions))}
    covered = {kind for spec in described.values() for kind in spec["actions"]}
    assert kinds <= covered, f"actions without a picture: {sorted(kinds - covered)}"
    assert covered <= kinds, f"pictures of no action: {sorted(covered - kinds)}"
    english = rules.messages()
    for name, spec in described.items():
        for msg in _messages(spec):
            assert msg in english, (name, msg)
    for lang in LANGUAGES:
        page = client.get(f"/howto/{game}", params={"lang": lang}).text
        shown = {src: html.unescape(alt) for src, alt in re.findall(r'<img src="([^"]+)" alt="([^"]*)"', page)}
        cat = i18n.catalogue(rules, lang)
        for name, spec in described.items():
            caption = cat.text(spec["caption"]["msg"], spec["caption"].get("params", {}))
            assert shown.get(f"/howto/{game}/{name}.svg?lang={lang}") == caption, (lang, name)
            svg = client.get(f"/howto/{game}/{name}.svg", params={"lang": lang})
            assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
            words = re.findall(r">([^<>]+)</text>", svg.text)
            assert caption in [html.unescape(w) for w in words]
            assert not [w for w in words if "{" in w or re.fullmatch(r"[a-z_]+\.[a-z_.]+", w)], (lang, name, words)


def test_a_picture_reads_right_to_left_on_a_hebrew_page(client: TestClient) -> None:
    """In Hebrew the strip starts at the right: its pieces in the other order, the arrow pointing left."""
    def drawn(lang: str) -> tuple[list[str], str]:
        svg = client.get("/howto/coloma/dial.svg", params={"lang": lang}).text
        return re.findall(r">([^<>]+)</text>", svg), svg

    (en, en_svg), (he, he_svg) = drawn("en"), drawn("he")
    assert en.index("3") < en.index("?") and he.index("?") < he.index("3")  # the Site first, read from the right
    assert 'direction="rtl"' in he_svg and 'direction="rtl"' not in en_svg
    arrow = re.compile(r'<path d="M([\d.]+) [\d.]+ L([\d.]+) ')
    (tail_en, tip_en), (tail_he, tip_he) = (arrow.search(s).groups() for s in (en_svg, he_svg))  # type: ignore[union-attr]
    assert float(tip_en) > float(tail_en) and float(tip_he) < float(tail_he)


def test_an_unknown_picture_is_not_found(client: TestClient) -> None:
    assert client.get("/howto/coloma/nosuch.svg").status_code == 404
    assert client.get("/howto/nosuchgame/dial.svg").status_code == 404
