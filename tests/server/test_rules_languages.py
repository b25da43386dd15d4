"""The games' pages in the players' languages: `/howto/<game>` serves `HOWTO.<lang>.md` in the language the page is
asked in (query parameter, else Accept-Language); the engine's rules summaries for developers (`docs/games/<game>/
RULES.<lang>.md`) are translated into every language or none, and a translation keeps the English page's rule ids,
notation and tables and names things as the game's screens do."""

from __future__ import annotations

import html
import importlib.resources
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple import i18n
from meeple.engine import get_rules
from meeple.server.app import create_app

from .conftest import fast_settings

TRANSLATED = ("bluemooncity", "cityofremnants", "coloma")  # the games whose summaries exist in every language
# message ids of the words a game's translated summaries must use as its screens do (a player reads the same names
# at the table and in the summary): the actions, phases, levels and buttons the summary names
TABLE_WORDS = {
    "cityofremnants": ("action.recruit", "action.buy", "action.produce", "action.sell", "action.refresh",
                       "action.move", "phase.patrol", "phase.bid", "ui.level.Slums", "ui.level.Midtown",
                       "ui.level.Heights", "term.draw", "term.discard", "term.attacker", "term.defender",
                       "ui.word.bribe", "ui.word.fight", "ui.bid", "card.BM-10"),
}
OTHER_LANGUAGES = tuple(lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT)
RULE_ID = re.compile(r"\b[A-Z]{3}-[0-9A-Z][0-9A-Za-z.]*[0-9A-Za-z]")
CODE = re.compile(r"`[^`]*`")


DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


def _folder(game_id: str) -> Path:
    return DOCS / game_id


def _summary(game_id: str, lang: str) -> str:
    name = "RULES.md" if lang == i18n.DEFAULT else f"RULES.{lang}.md"
    return (_folder(game_id) / name).read_text(encoding="utf-8")


def _howto(game_id: str, lang: str) -> str:
    name = "HOWTO.md" if lang == i18n.DEFAULT else f"HOWTO.{lang}.md"
    return importlib.resources.files(get_rules(game_id).spec.package).joinpath(name).read_text(encoding="utf-8")


def _title(text: str) -> str:
    """The page's heading as the rendered page writes it."""
    return html.escape(text.splitlines()[0].removeprefix("# "), quote=False)


def test_a_game_translates_its_rules_summary_into_every_language_or_none() -> None:
    for game_id in meeple.game_ids():
        names = {entry.name for entry in _folder(game_id).iterdir()} if _folder(game_id).is_dir() else set()
        translated = {lang for lang in OTHER_LANGUAGES if f"RULES.{lang}.md" in names}
        stray = {name for name in names if re.fullmatch(r"RULES\..+\.md", name)} - {
            f"RULES.{lang}.md" for lang in OTHER_LANGUAGES}
        assert not stray, (game_id, stray)  # a summary in a language the faces do not speak would never be served
        assert translated in (set(), set(OTHER_LANGUAGES)), (game_id, sorted(translated))
        assert (translated == set(OTHER_LANGUAGES)) == (game_id in TRANSLATED), game_id


@pytest.mark.parametrize("game_id", TRANSLATED)
def test_the_page_for_players_is_served_in_the_language_it_is_asked_in(sqlite_url: str, game_id: str) -> None:
    english = _title(_howto(game_id, i18n.DEFAULT))
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        assert client.get(f"/rules/{game_id}").status_code == 404  # the engine's summary is no page for players
        for lang in OTHER_LANGUAGES:
            title = _title(_howto(game_id, lang))
            assert title != english, (game_id, lang)
            direction = "rtl" if lang in i18n.RTL else "ltr"
            asked = client.get(f"/howto/{game_id}", params={"lang": lang})
            assert asked.status_code == 200
            assert f'<html lang="{lang}" dir="{direction}">' in asked.text
            assert f"<h1>{title}</h1>" in asked.text and english not in asked.text
            # without the parameter the browser's Accept-Language decides (a regional tag picks its language)
            browser = client.get(f"/howto/{game_id}", headers={"Accept-Language": f"{lang}-XX,{lang};q=0.9,en;q=0.5"})
            assert browser.text == asked.text
            # the parameter wins over the header
            assert f'<html lang="{lang}"' in client.get(f"/howto/{game_id}", params={"lang": lang},
                                                         headers={"Accept-Language": "en"}).text
        plain = client.get(f"/howto/{game_id}")
        assert '<html lang="en" dir="ltr">' in plain.text and f"<h1>{english}</h1>" in plain.text
        # a language the faces do not speak gets the English page
        assert '<html lang="en"' in client.get(f"/howto/{game_id}", params={"lang": "fr"}).text


@pytest.mark.parametrize("game_id", TRANSLATED)
@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_a_translated_summary_keeps_the_rule_ids_notation_and_tables(game_id: str, lang: str) -> None:
    """The rule ids, the code spans (actions a player types, option values, paths) and the shape of the page are
    the English page's, in the same order: only the words around them are translated."""
    english, translated = _summary(game_id, i18n.DEFAULT), _summary(game_id, lang)
    assert RULE_ID.findall(translated) == RULE_ID.findall(english)
    assert CODE.findall(translated) == CODE.findall(english)

    def shape(text: str) -> list[str]:
        """Headings' levels and table rows' column counts, line by line."""
        out = []
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith("#"):
                out.append(stripped.split(" ", 1)[0])
            elif stripped.startswith("|"):
                out.append(f"|{stripped.count('|')}")
        return out

    assert shape(translated) == shape(english)
    fenced = re.compile(r"```.*?```", re.S)
    assert fenced.findall(translated) == fenced.findall(english)  # scenario examples stay as the engine reads them


@pytest.mark.parametrize("game_id", sorted(TABLE_WORDS))
def test_the_translated_rules_summary_names_things_as_the_game_screens_do(game_id: str) -> None:
    """A summary in a language uses the game's catalogue words for its actions, phases, levels and buttons
    (`Patrulla Yugai`, `Favelas`, `סיור יוגאי`), not an English name or a word of its own."""
    rules = get_rules(game_id)
    for lang in OTHER_LANGUAGES:
        words = i18n.game_messages(rules, lang)
        text = " ".join(_summary(game_id, lang).casefold().split())  # a word may wrap across lines
        for key in TABLE_WORDS[game_id]:
            word = words[key]  # a KeyError: the catalogue has no translation of a word the summary needs
            assert isinstance(word, str)
            assert word.casefold() in text, (game_id, lang, key, word)
