"""Every rule id of the City of Remnants spec is named by a test, and RULES.md names only ids of the spec."""

from __future__ import annotations

import re
from pathlib import Path

from conformance.rule_ids import other_tests

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "docs" / "rules" / "cityofremnants.md"
RULE_ID = re.compile(r"\*\*(COR-\d+\.\d+(?:\.\d+)?)\*\*")
NAMED = re.compile(r"COR-\d+\.\d+(?:\.\d+)?")
TEST_NAME_ID = re.compile(r"cor_(\d+(?:_\d+){1,2})")
RULES_MD = HERE.parents[1] / "docs" / "games" / "cityofremnants" / "RULES.md"


def spec_ids() -> set[str]:
    text = SPEC.read_text(encoding="utf-8")
    retired = set(re.findall(r"\*\*(COR-\d+\.\d+)\*\* \*retired", text))
    return set(RULE_ID.findall(text)) - retired


def ids_named_by_tests() -> set[str]:
    found: set[str] = set()
    for text in other_tests(__file__):
        found |= set(NAMED.findall(text))
        found |= {"COR-" + m.replace("_", ".") for m in TEST_NAME_ID.findall(text)}
    return found


def test_the_spec_is_in_the_repository() -> None:
    assert len(spec_ids()) > 300


def test_every_spec_rule_id_is_named_by_a_test() -> None:
    missing = spec_ids() - ids_named_by_tests()
    assert not missing, f"rule ids no test names: {', '.join(sorted(missing))}"


def test_rules_md_names_only_ids_of_the_spec() -> None:
    named = set(NAMED.findall(RULES_MD.read_text(encoding="utf-8")))
    assert named and named <= spec_ids() | {"COR-29"}, sorted(named - spec_ids())
