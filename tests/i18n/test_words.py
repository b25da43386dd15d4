"""Values filled into a sentence are words of the reader's language: a boolean parameter reads yes or no."""

from __future__ import annotations

from meeple import i18n
from meeple.engine import get_rules


def test_a_boolean_parameter_reads_as_a_word_in_every_language() -> None:
    rules = get_rules("coloma")
    words = {"en": ("yes", "no"), "es": ("sí", "no"), "pt": ("sim", "não"), "he": ("כן", "לא")}
    for lang, (yes, no) in words.items():
        cat = i18n.catalogue(rules, lang)
        on = cat.text("bust", {"seat": 0, "site": 3, "signpost": True})
        off = cat.text("bust", {"seat": 0, "site": 3, "signpost": False})
        assert yes in on and no in off, (lang, on, off)
        assert "True" not in on + off and "true" not in on + off


def test_the_named_bot_levels_have_words_in_every_language() -> None:
    """Easy, Medium, Hard and Expert in each catalogue the faces read (the terminal's and the browser's), each its
    own word, translated (not the English one) outside English, and the rating line keeps its fields."""
    from meeple.agents import NAMED_LEVELS
    from meeple.i18n.chrome import LEVEL_WORDS
    from meeple.server.faces import chrome

    assert set(NAMED_LEVELS) <= set(LEVEL_WORDS)
    english = chrome("en")["messages"]
    assert [english[LEVEL_WORDS[n]] for n in NAMED_LEVELS] == ["Easy", "Medium", "Hard", "Expert"]
    for lang in ("es", "pt", "he"):
        words = chrome(lang)["messages"]
        named = [words[LEVEL_WORDS[n]] for n in NAMED_LEVELS]
        assert len(set(named)) == len(NAMED_LEVELS) and all(named), (lang, named)
        assert not set(named) & {"Easy", "Medium", "Hard", "Expert"}, (lang, named)
        rated = words["web.level.rated"]
        assert "{level}" in rated and "{rating}" in rated and rated != english["web.level.rated"], lang
