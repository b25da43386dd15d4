"""Every rule id of the City of Remnants spec is named by a test, except the ids listed as not yet proved."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "docs" / "rules" / "cityofremnants.md"
RULE_ID = re.compile(r"\*\*(COR-\d+\.\d+(?:\.\d+)?)\*\*")
NAMED = re.compile(r"COR-\d+\.\d+(?:\.\d+)?")
TEST_NAME_ID = re.compile(r"cor_(\d+(?:_\d+){1,2})")
PENDING = Path(__file__).with_name("pending_rule_ids.txt")


def spec_ids() -> set[str]:
    text = SPEC.read_text(encoding="utf-8")
    retired = set(re.findall(r"\*\*(COR-\d+\.\d+)\*\* \*retired", text))
    return set(RULE_ID.findall(text)) - retired


def ids_named_by_tests() -> set[str]:
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        found |= set(NAMED.findall(text))
        found |= {"COR-" + m.replace("_", ".") for m in TEST_NAME_ID.findall(text)}
    return found


def pending() -> set[str]:
    return {line.strip() for line in PENDING.read_text(encoding="utf-8").split() if line.strip()}


def test_the_spec_is_in_the_repository() -> None:
    assert len(spec_ids()) > 300


def test_every_spec_rule_id_is_named_by_a_test_or_listed_as_pending() -> None:
    missing = spec_ids() - ids_named_by_tests()
    assert not missing - pending(), f"rule ids no test names: {', '.join(sorted(missing - pending()))}"


def test_the_pending_list_only_holds_ids_still_unproved() -> None:
    """The list shrinks as tests are written: an id named by a test must leave it."""
    stale = pending() & ids_named_by_tests()
    assert not stale, f"remove from {PENDING.name}: {', '.join(sorted(stale))}"
    assert pending() <= spec_ids()
