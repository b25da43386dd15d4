"""What a game's rule-id test reads: the other test modules of the game's test folder, where tests name rule ids."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path


def other_tests(test_file: str) -> Iterator[str]:
    """The text of every test module beside `test_file` (the rule-id test itself left out: it names ids as examples)."""
    me = Path(test_file)
    for path in sorted(me.parent.glob("test_*.py")):
        if path.name != me.name:
            yield path.read_text(encoding="utf-8")
