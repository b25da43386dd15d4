"""Positions described in words (YAML scenarios and tests): see RULES.md, "Scenarios"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.errors import ScenarioError

from .engine import Engine
from .state import State


def build(eng: Engine, desc: Mapping[str, Any]) -> State:
    raise ScenarioError("not yet")
