"""Schemathesis fuzzes every HTTP operation from the OpenAPI schema: no server error, answers as documented."""

from __future__ import annotations

import tempfile
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from meeple.server.app import create_app

from .conftest import fast_settings

_DIR = tempfile.TemporaryDirectory(prefix="meeple-schema-")
# Bots wait an hour before moving, so fuzzed games full of bots do not play in the background.
_APP = create_app(fast_settings(f"sqlite:///{_DIR.name}/meeple.sqlite3", bot_delay=3600.0, sweep_interval=2.0))
schema = schemathesis.openapi.from_asgi("/openapi.json", _APP)


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case: Any) -> None:
    case.call_and_validate()
