"""Every rule id of the Coloma spec is named by a test, and RULES.md summarises every id."""

from __future__ import annotations

import re
from pathlib import Path

from conformance.rule_ids import other_tests

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "docs" / "rules" / "coloma.md"
RULES_MD = HERE.parents[1] / "docs" / "games" / "coloma" / "RULES.md"
RULE_ID = re.compile(r"COL-(?:EX\d+|\d+\.\d+[a-z]?)(?![\d.]*\d)")
TEST_NAME_ID = re.compile(r"col_(ex\d+|\d+_\d+[a-z]?)(?![_\d]*\d)")


def ids_in(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def _from_name(match: str) -> str:
    if match.startswith("ex"):
        return "COL-EX" + match[2:]
    major, minor = match.split("_")
    return f"COL-{major}.{minor}"


def ids_named_by_tests() -> set[str]:
    """Ids in test docstrings (COL-13.7) or test names (test_col_13_7_...)."""
    found: set[str] = set()
    for text in other_tests(__file__):
        found |= ids_in(text)
        found |= {_from_name(m) for m in TEST_NAME_ID.findall(text)}
    return found


def test_the_spec_is_in_the_repository() -> None:
    assert SPEC.exists(), f"the rules spec is expected at {SPEC}"
    assert len(ids_in(SPEC.read_text(encoding="utf-8"))) > 250


def test_every_spec_rule_id_is_named_by_a_test() -> None:
    missing = sorted(ids_in(SPEC.read_text(encoding="utf-8")) - ids_named_by_tests())
    assert not missing, f"rule ids no test names ({len(missing)}): {', '.join(missing)}"


def test_rules_md_summarises_every_rule_id() -> None:
    spec = {i for i in ids_in(SPEC.read_text(encoding="utf-8")) if not i.startswith("COL-EX")}
    summary = ids_in(RULES_MD.read_text(encoding="utf-8"))
    assert not spec - summary, f"RULES.md lacks {', '.join(sorted(spec - summary))}"
    assert not summary - spec, f"RULES.md names ids the spec does not have: {', '.join(sorted(summary - spec))}"
