"""The players' languages: gettext catalogues (read with Babel) for the engine, the faces and each game.

English is the source: the English catalogues are Python dicts (`ENGINE_MESSAGES`, `meeple.i18n.chrome.FACES`,
each game's `Rules.messages()`), and every other language is a `.po` file whose entries are keyed by the message
id (`msgctxt`) with the English text as `msgid` (so that a changed English text marks its translations fuzzy).
The `.po` files are read as they are when first needed (no compiled `.mo` files: nothing to build, and the
package data is the source a translator edits); fuzzy or empty entries fall back to English.

Where the catalogues are: the engine's and the faces' in `meeple/i18n/locale/<lang>/LC_MESSAGES/messages.po`, a
game's in its package (`GameSpec.package`) at `locale/<lang>/LC_MESSAGES/messages.po`. The languages a game
declares are the ones it ships a file for; the others show its texts in English. See docs/i18n.md.
"""

from __future__ import annotations

import gettext
import importlib.resources
import os
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.pofile import read_po

from meeple.engine.messages import ENGINE_MESSAGES, Catalogue, Message, Plural, PluralRule
from meeple.engine.rules import Rules

from .chrome import FACES

DEFAULT = "en"
LANGUAGES = ("en", "es", "pt", "he")  # the languages the engine and the faces are translated into
RTL = frozenset({"he", "ar", "fa", "ur", "yi"})  # written right to left
DOMAIN = "messages"
LOCALE_DIR = "locale"
_PLURAL_SAMPLES = range(0, 1001)  # counts that show every plural category a language uses for whole numbers


def direction(lang: str) -> str:
    """`rtl` or `ltr`, as HTML's `dir` attribute takes it."""
    return "rtl" if lang in RTL else "ltr"


def language_of(tag: str | None) -> str | None:
    """The language of a locale or language tag (`pt_BR.UTF-8`, `he-IL`, `es`), None when it names none."""
    if not tag:
        return None
    tag = tag.split(".")[0].split("@")[0].strip()
    if not tag or tag in ("C", "POSIX"):
        return None
    try:
        return Locale.parse(tag, sep="-" if "-" in tag else "_").language
    except (ValueError, UnknownLocaleError):
        return None


def negotiate(wanted: Iterable[str | None], available: Iterable[str] = LANGUAGES) -> str:
    """The first wanted language that is available (tags as browsers and locales write them), else English."""
    offered = set(available)
    for tag in wanted:
        lang = language_of(tag)
        if lang in offered:
            return lang
    return DEFAULT


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG` (gettext's order), else English."""
    env = os.environ if environ is None else environ
    tags: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        tags.extend(value.split(":") if var == "LANGUAGE" else [value])
    return negotiate(tags)


def language_names() -> list[dict[str, str]]:
    """Each language of the faces in its own words, for a language selector."""
    return [{"code": code, "name": Locale.parse(code).get_display_name(code) or code, "dir": direction(code)}
            for code in LANGUAGES]


@lru_cache(maxsize=32)
def plural_rule(lang: str) -> PluralRule:
    """The plural category (CLDR) of a count in a language."""
    locale = Locale.parse(lang)
    return lambda n: str(locale.plural_form(n))


def faces_dir() -> Traversable:
    return importlib.resources.files(__name__) / LOCALE_DIR


def game_dir(rules: Rules[Any]) -> Traversable | None:
    """The `locale/` folder of a game's package, None when the game ships no catalogues."""
    package = rules.spec.package
    if not package:
        return None
    try:
        found = importlib.resources.files(package) / LOCALE_DIR
    except (ModuleNotFoundError, TypeError):
        return None
    return found if found.is_dir() else None


def po_file(directory: Traversable, lang: str) -> Traversable:
    return directory / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def declared(directory: Traversable | None) -> list[str]:
    """The languages a catalogue folder has a `.po` file for."""
    if directory is None:
        return []
    return sorted(d.name for d in directory.iterdir() if d.is_dir() and po_file(directory, d.name).is_file())


def game_languages(rules: Rules[Any]) -> list[str]:
    """The languages a game declares: English and every language it ships a catalogue for."""
    return sorted({DEFAULT, *declared(game_dir(rules))})


def read(directory: Traversable | None, lang: str, english: Mapping[str, Message]) -> dict[str, Message]:
    """The translations of a catalogue folder in one language, as messages (plural ones take their count
    parameter from the English message); missing, fuzzy and empty entries are left out."""
    if directory is None or lang == DEFAULT:
        return {}
    path = po_file(directory, lang)
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    categories = _categories(catalog.plural_expr, lang)
    out: dict[str, Message] = {}
    for entry in catalog:
        if not entry.context or entry.fuzzy or entry.context not in english:
            continue
        source = english[entry.context]
        if entry.id != _source_id(source):
            continue  # translated from an English text that has changed since: English until it is updated
        if isinstance(entry.string, tuple | list):
            forms = {cat: entry.string[i] for cat, i in categories.items() if i < len(entry.string)}
            if isinstance(source, Plural) and all(forms.values()):
                out[entry.context] = Plural(source.count, forms)
        elif entry.string and not isinstance(source, Plural):
            out[entry.context] = entry.string
    return out


def _source_id(message: Message) -> str | tuple[str, str]:
    """The gettext `msgid` of an English message (singular and plural for a plural message)."""
    return (message.form("one"), message.form("other")) if isinstance(message, Plural) else message


def _categories(plural_expr: str, lang: str) -> dict[str, int]:
    """Which gettext plural form (index of `msgstr[i]`) holds each plural category of the language."""
    index = gettext.c2py(plural_expr)
    rule = plural_rule(lang)
    out: dict[str, int] = {}
    for n in _PLURAL_SAMPLES:
        out.setdefault(rule(n), index(n))
    return out


@lru_cache(maxsize=16)
def faces_messages(lang: str) -> dict[str, Message]:
    """The engine's and the faces' messages translated into a language (empty for English)."""
    return read(faces_dir(), lang, {**ENGINE_MESSAGES, **FACES})


@lru_cache(maxsize=64)
def game_messages(rules: Rules[Any], lang: str) -> dict[str, Message]:
    """A game's messages translated into a language (empty when the game has no catalogue in it)."""
    return read(game_dir(rules), lang, rules.messages())


def faces_catalogue(lang: str) -> Catalogue:
    """The engine's and the faces' messages in a language, English where a text is not translated."""
    return Catalogue(faces_messages(lang), FACES, lang=lang, plural_rule=plural_rule(lang))


@lru_cache(maxsize=64)
def catalogue(rules: Rules[Any], lang: str = DEFAULT) -> Catalogue:
    """Everything a face says about a game in a language: the game's messages, then the engine's and the faces',
    each in that language first and English after."""
    lang = lang if lang in LANGUAGES else DEFAULT
    return Catalogue(game_messages(rules, lang), rules.messages(), faces_messages(lang), FACES,
                     lang=lang, plural_rule=plural_rule(lang))


def flat(cat: Catalogue) -> dict[str, Message]:
    """A catalogue's tables as one dict (the first table that has an id wins), e.g. to send it to a browser."""
    out: dict[str, Message] = {}
    for table in reversed(cat.tables):
        out.update(table)
    return out
