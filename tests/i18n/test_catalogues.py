"""The catalogues of every language: complete, with the English placeholders, and plural forms that work."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple import i18n
from meeple.engine import get_rules
from meeple.engine.messages import ENGINE_MESSAGES, Catalogue, Plural
from meeple.i18n import chrome, tools

FACES_DIR = Path(str(i18n.faces_dir()))
FACES_ENGLISH = {**ENGINE_MESSAGES, **chrome.FACES}
UNTRANSLATED = "is not translated (or its English changed: run `meeple i18n update`)"


def game_catalogues() -> list[tuple[str, str]]:
    """(game, language) for every language a registered game declares besides English."""
    return [(gid, lang) for gid in meeple.game_ids() for lang in i18n.game_languages(get_rules(gid)) if lang != "en"]


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_the_faces_and_engine_catalogue_of_each_language_is_complete(lang: str) -> None:
    """Every id of the engine and the faces is translated, with the English `{fields}` (no more, no fewer)."""
    assert i18n.po_file(i18n.faces_dir(), lang).is_file()
    assert tools.check(FACES_ENGLISH, FACES_DIR, lang) == []


@pytest.mark.parametrize(("game", "lang"), game_catalogues())
def test_each_game_catalogue_is_complete(game: str, lang: str) -> None:
    """Every message id of a game is translated in each language the game declares, with the English fields."""
    rules = get_rules(game)
    directory = i18n.game_dir(rules)
    assert directory is not None
    assert tools.check(rules.messages(), Path(str(directory)), lang) == []


def test_blue_moon_city_declares_the_rulebooks_languages() -> None:
    assert i18n.game_languages(get_rules("bluemooncity")) == ["en", "es", "he", "pt"]


def test_a_missing_id_or_a_changed_placeholder_is_reported(tmp_path: Path) -> None:
    """The check fails on an untranslated id and on a translation whose fields differ from the English ones."""
    english = {"a": "{seat} plays {card}", "b": "nothing", "c": Plural("n", {"one": "{n} card", "other": "{n} cards"})}
    tools.update(english, tmp_path, ["es"], "Test")
    assert sorted(tools.check(english, tmp_path, "es")) == [f"es: {i} {UNTRANSLATED}" for i in "abc"]
    po = tmp_path / "es" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "{seat} plays {card}"\nmsgstr ""',
                        'msgid "{seat} plays {card}"\nmsgstr "{seat} juega {carta}"')
    text = text.replace('msgid "nothing"\nmsgstr ""', 'msgid "nothing"\nmsgstr "nada"')
    text = text.replace('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""',
                        'msgstr[0] "{n} carta"\nmsgstr[1] "{n} cartas"\nmsgstr[2] "{n} cartas"')
    po.write_text(text, encoding="utf-8")
    assert tools.check(english, tmp_path, "es") == [
        "es: a uses the fields ['carta', 'seat'], the English ['card', 'seat']"]


def test_a_translation_of_a_changed_english_text_is_not_used(tmp_path: Path) -> None:
    """Until `meeple i18n update` (and a translator) catch up, a message whose English changed shows in English."""
    tools.update({"a": "one"}, tmp_path, ["es"], "Test")
    po = tmp_path / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "one"\nmsgstr ""', 'msgid "one"\nmsgstr "uno"'),
                  encoding="utf-8")
    assert i18n.read(tmp_path, "es", {"a": "one"}) == {"a": "uno"}
    assert i18n.read(tmp_path, "es", {"a": "one!"}) == {}
    assert tools.check({"a": "one!"}, tmp_path, "es") == [f"es: a {UNTRANSLATED}"]


def test_update_keeps_translations_and_marks_changed_english_fuzzy(tmp_path: Path) -> None:
    """`meeple i18n update` merges a changed English source: kept ids keep their translation, a changed text
    turns fuzzy (shown in English until checked), a new id comes in untranslated."""
    tools.update({"a": "one", "b": "two"}, tmp_path, ["pt"], "Test")
    po = tmp_path / "pt" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgid "one"\nmsgstr ""', 'msgid "one"\nmsgstr "um"')
                  .replace('msgid "two"\nmsgstr ""', 'msgid "two"\nmsgstr "dois"'), encoding="utf-8")
    english = {"a": "one", "b": "two!", "c": "three"}
    tools.update(english, tmp_path, ["pt"], "Test")
    assert i18n.read(tmp_path, "pt", english) == {"a": "um"}
    assert sorted(tools.check(english, tmp_path, "pt")) == [f"pt: {i} {UNTRANSLATED}" for i in "bc"]


@pytest.mark.parametrize(("lang", "counts"), [
    ("en", {1: "1 card", 2: "2 cards", 0: "0 cards"}),
    ("es", {1: "1 carta", 2: "2 cartas", 0: "0 cartas"}),
    ("pt", {1: "1 carta", 2: "2 cartas", 0: "0 carta"}),  # Portuguese (Brazil): 0 and 1 are singular
    ("he", {1: "קלף אחד", 2: "2 קלפים", 0: "0 קלפים", 5: "5 קלפים"}),
])
def test_plural_forms_follow_each_language(lang: str, counts: dict[int, str]) -> None:
    """A plural message picks the form of the language's plural category for the count (CLDR rules)."""
    forms = {"en": {"one": "{n} card", "other": "{n} cards"}, "es": {"one": "{n} carta", "other": "{n} cartas"},
             "pt": {"one": "{n} carta", "other": "{n} cartas"},
             "he": {"one": "קלף אחד", "two": "{n} קלפים", "other": "{n} קלפים"}}[lang]
    cat = Catalogue({"c": Plural("n", forms)}, lang=lang, plural_rule=i18n.plural_rule(lang))
    assert {n: cat.text("c", {"n": n}) for n in counts} == counts


def test_game_messages_render_in_each_language_with_parameters() -> None:
    """Events render in the chosen language: seats named, terms (`@tile...`) in that language, plural forms."""
    rules = get_rules("bluemooncity")
    params = {"seat": 1, "n": 2, "why": "@why.majority", "tile": "@tile.fire-temple"}
    said = {lang: i18n.catalogue(rules, lang).text("reward.crystals", params, names=["Ana", "Bo"])
            for lang in i18n.LANGUAGES}
    assert said == {
        "en": "Bo receives 2 crystals (majority bonus of the Fire Temple)",
        "es": "Bo recibe 2 cristales (bono de mayoría de Templo del Fuego)",
        "pt": "Bo recebe 2 Cristais (Bônus Majoritário de Templo do Fogo)",
        "he": "Bo מקבל/ת 2 קריסטלים (בונוס הרוב של Fire Temple)",
    }
    one = i18n.catalogue(rules, "he").text("reward.crystals", {**params, "n": 1}, names=["Ana", "Bo"])
    assert one == "Bo מקבל/ת קריסטל אחד (בונוס הרוב של Fire Temple)"
    assert i18n.catalogue(rules, "pt").text("engine.player", {"number": 3}) == "Jogador 3"


def test_a_game_without_a_language_falls_back_to_english() -> None:
    """The test game dials ships no catalogue: its words stay English in Spanish, the engine's are Spanish."""
    from engine.dials import Dials

    rules = Dials()
    cat = i18n.catalogue(rules, "es")
    assert i18n.game_languages(rules) == ["en"]
    for msg_id, message in rules.messages().items():
        assert cat.message(msg_id) == message
    assert cat.text("engine.nothing") == "nada"


@pytest.mark.parametrize(("tag", "lang"), [("pt_BR.UTF-8", "pt"), ("he-IL", "he"), ("es", "es"), ("C", "en"),
                                           ("de_DE.UTF-8", "en"), ("", "en"), ("en_GB", "en")])
def test_language_tags_of_browsers_and_locales(tag: str, lang: str) -> None:
    assert i18n.negotiate([tag]) == lang


def test_the_terminal_language_follows_gettext_variables() -> None:
    assert i18n.from_environment({"LANG": "pt_BR.UTF-8"}) == "pt"
    assert i18n.from_environment({"LANGUAGE": "de:he", "LANG": "es_ES.UTF-8"}) == "he"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.from_environment({}) == "en"


def test_meeple_i18n_check_passes_on_the_shipped_catalogues() -> None:
    from click.testing import CliRunner

    from meeple.cli import main

    result = CliRunner().invoke(main, ["i18n", "check"])
    assert result.exit_code == 0 and "every catalogue is complete" in result.output
    assert CliRunner().invoke(main, ["i18n", "check", "nogame"]).exit_code == 2
