"""The conformance suite plays the installed games and the test-only games (registered around each test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.games import registered


@pytest.fixture(autouse=True)
def _test_games() -> Iterator[None]:
    with registered():
        yield
