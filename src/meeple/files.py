"""Reading scenario descriptions (dicts, or YAML/JSON files) for `meeple.scenario`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .engine.errors import ScenarioError


def load_description(description: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """Return a scenario description as a dict; a str or Path is a YAML or JSON file to read."""
    if isinstance(description, Mapping):
        return dict(description)
    path = Path(description)
    if not path.exists():
        raise ScenarioError(f"scenario file {str(path)!r} does not exist")
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"{path}: invalid JSON ({exc.msg} at line {exc.lineno})") from None
    else:
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise ScenarioError(f"{path}: invalid YAML ({exc})") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a mapping of fields, not {type(data).__name__}")
    return data
