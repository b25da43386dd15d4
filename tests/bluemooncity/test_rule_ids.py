"""Every rule id of the Blue Moon City spec is named by a test, and RULES.md summarises every id."""

from __future__ import annotations

import re
from pathlib import Path

import meeple

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "docs" / "rules" / "bluemooncity.md"
RULES_MD = Path(meeple.__file__).parent / "games" / "bluemooncity" / "RULES.md"
RULE_ID = re.compile(r"BMC-(?:E\d+|\d+(?:\.\d+)?)(?![\d.]*\d)")
TEST_NAME_ID = re.compile(r"bmc_(e\d+|\d+(?:_\d+)?)(?![_\d]*\d)")


def ids_in(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def ids_named_by_tests() -> set[str]:
    """Ids in test docstrings and comments (BMC-5.7) or test names (test_bmc_5_7_...)."""
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        found |= ids_in(text)
        found |= {"BMC-" + m.upper().replace("_", ".") for m in TEST_NAME_ID.findall(text)}
    return found


def test_the_spec_is_in_the_repository() -> None:
    assert SPEC.exists(), f"the rules spec is expected at {SPEC}"
    assert len(ids_in(SPEC.read_text(encoding="utf-8"))) > 80


def test_every_spec_rule_id_is_named_by_a_test() -> None:
    missing = sorted(ids_in(SPEC.read_text(encoding="utf-8")) - ids_named_by_tests())
    assert not missing, f"rule ids no test names: {', '.join(missing)}"


def test_rules_md_summarises_every_rule_id() -> None:
    spec = ids_in(SPEC.read_text(encoding="utf-8"))
    summary = ids_in(RULES_MD.read_text(encoding="utf-8"))
    assert not spec - summary, f"RULES.md lacks {', '.join(sorted(spec - summary))}"
    assert not summary - spec, f"RULES.md names ids the spec does not have: {', '.join(sorted(summary - spec))}"
