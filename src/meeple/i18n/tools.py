"""Keeping the catalogues in step with the English source, with Babel's catalogue tools (`meeple i18n`).

`template` builds the gettext template of an English catalogue (one entry per message id: `msgctxt` is the id,
`msgid` the English text, `msgid_plural` the English plural), `update` merges it into each language's `.po` file
(new ids come in empty, changed English texts are marked fuzzy, removed ids become obsolete and get their
translation back if they return with the same English, e.g. when a translation was written ahead of a branch
that adds the id), and `check` lists
what a language still lacks or gets wrong."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from meeple.engine.messages import Message, Plural, fields, templates

from . import DOMAIN, _source_id, read


def template(english: Mapping[str, Message], project: str) -> Catalog:
    """The template (`.pot`) of an English catalogue."""
    catalog = Catalog(project=project, domain=DOMAIN, fuzzy=False)
    for msg_id, message in english.items():
        names = sorted(fields(message))
        comments = [f"fields: {', '.join(names)}"] if names else []
        if isinstance(message, Plural):
            comments.append(f"plural by: {message.count}")
        catalog.add(_source_id(message), context=msg_id, auto_comments=comments)
    return catalog


def update(english: Mapping[str, Message], directory: Path, langs: list[str], project: str) -> list[Path]:
    """Merge the English source into each language's `.po` file (created when missing); the files written."""
    written = []
    for lang in langs:
        pot = template(english, project)  # one per language: Babel's merge may take the template's entries over
        path = directory / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = Catalog(locale=lang, project=project, domain=DOMAIN, fuzzy=False, version="1",
                              header_comment=f"# {project}: the messages in {lang} (source: English).\n#",
                              language_team=f"{project} <{lang}>", last_translator=f"{project} <{lang}>")
        retired: dict[tuple[str | None, object], object] = {
            (m.context, m.id): m.string for m in catalog.obsolete.values() if m.context and _filled(m.string)}
        catalog.update(pot, update_creation_date=False)
        for message in catalog:  # an id that comes back with the same English gets its translation back
            old = retired.get((message.context, message.id))
            if isinstance(old, str | tuple | list) and (message.fuzzy or not _filled(message.string)):
                message.string = old
                message.flags.discard("fuzzy")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=0, no_location=True, ignore_obsolete=False)
        written.append(path)
    return written


def _filled(string: object) -> bool:
    """Whether a translation has every form written."""
    return all(string) if isinstance(string, tuple | list) else bool(string)


def check(english: Mapping[str, Message], directory: Path, lang: str) -> list[str]:
    """What a language's catalogue lacks or gets wrong: missing (or fuzzy, or empty) ids, plural messages without
    their forms, and translations whose `{fields}` differ from the English ones."""
    translated = read(directory, lang, english)
    problems = []
    for msg_id, message in english.items():
        found = translated.get(msg_id)
        if found is None:
            problems.append(f"{lang}: {msg_id} is not translated (or its English changed: run `meeple i18n update`)")
            continue
        if fields(found) != fields(message):
            problems.append(f"{lang}: {msg_id} uses the fields {sorted(fields(found))}, "
                            f"the English {sorted(fields(message))}")
        if any(not t.strip() for t in templates(found)):
            problems.append(f"{lang}: {msg_id} has an empty form")
    return problems
