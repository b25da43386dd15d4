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
