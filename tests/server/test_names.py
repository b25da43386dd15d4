"""Display names: what the API's schema accepts is what the server keeps (no schema-valid name refused as empty)."""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from meeple.server.lobby import NAME, clean_name

_NAME = re.compile(NAME)


@given(st.text(max_size=12))
@example("\U0001dbd1")  # an unassigned code point: once refused as empty after the schema let it through
@example("\u200da")
@example("\u202eAnn")
def test_a_name_the_schema_accepts_keeps_a_character(name: str) -> None:
    if _NAME.match(name):
        cleaned = clean_name(name)
        assert cleaned, repr(name)
        assert not any(ch in cleaned for ch in "\u200b\u200d\u202e\x00\x1f")


def test_invisible_and_control_names_are_refused_by_the_schema() -> None:
    for name in ("", " ", "\u200b", "\u200b\u200b", "\x01x", "\u202e"):
        assert not _NAME.match(name), repr(name)
    for name in ("Ann", "אבי", "Jugador 2", "\U0001dbd1"):
        assert _NAME.match(name) and clean_name(name) == name
