"""Every rule id of the Blue Moon City spec is named by a test, and RULES.md summarises every id."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from conformance.rule_ids import other_tests

HERE = Path(__file__).parent
SPEC = HERE.parents[1] / "docs" / "rules" / "bluemooncity.md"
RULES_MD = HERE.parents[1] / "docs" / "games" / "bluemooncity" / "RULES.md"
RULE_ID = re.compile(r"BMC-(?:E\d+|\d+(?:\.\d+)?)(?![\d.]*\d)")
TEST_NAME_ID = re.compile(r"bmc_(e\d+|\d+(?:_\d+)?)(?![_\d]*\d)")


# A rule is defined by a list item of the spec that starts with its id; other mentions (BMC-6 for the section on
# completing a building) are cross-references.
DEFINED_ID = re.compile(r"^\s*[-*]\s*(BMC-(?:E\d+|\d+(?:\.\d+)?))(?![\d.]*\d)", re.M)


def ids_in(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def rule_ids(spec: str) -> set[str]:
    """The ids the spec defines (one list item per rule)."""
    return set(DEFINED_ID.findall(spec))


def ids_named_by_tests() -> set[str]:
    """Ids named by a test function: in its name (test_bmc_5_7_...) or its docstring (BMC-5.7). An id in a comment,
    a helper or a string elsewhere does not count: it proves nothing by being there."""
    found: set[str] = set()
    for text in other_tests(__file__):
        for name, doc in functions_of_tests(ast.parse(text)):
            found |= ids_in(doc)
            found |= {"BMC-" + m.upper().replace("_", ".") for m in TEST_NAME_ID.findall(name)}
    return found


def functions_of_tests(tree: ast.AST) -> list[tuple[str, str]]:
    """(name, docstring) of every test function of a module, in classes too."""
    return [(node.name, ast.get_docstring(node) or "") for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")]


def test_an_id_counts_in_a_test_name_or_docstring_only() -> None:
    tree = ast.parse('''
def helper():
    """BMC-1.1"""
def test_bmc_2_3_something():
    # BMC-4.4
    assert "BMC-5.5"
def test_other():
    """Checks BMC-6.6."""
''')
    named = {i for name, doc in functions_of_tests(tree) for i in ids_in(doc)}
    named |= {"BMC-" + m.upper().replace("_", ".") for name, _ in functions_of_tests(tree)
              for m in TEST_NAME_ID.findall(name)}
    assert named == {"BMC-2.3", "BMC-6.6"}


def test_the_spec_is_in_the_repository() -> None:
    assert SPEC.exists(), f"the rules spec is expected at {SPEC}"
    assert len(rule_ids(SPEC.read_text(encoding="utf-8"))) > 80


def test_every_spec_rule_id_is_named_by_a_test() -> None:
    missing = sorted(rule_ids(SPEC.read_text(encoding="utf-8")) - ids_named_by_tests())
    assert not missing, f"rule ids no test names: {', '.join(missing)}"


def test_rules_md_summarises_every_rule_id() -> None:
    text = SPEC.read_text(encoding="utf-8")
    spec, mentioned = rule_ids(text), ids_in(text)
    summary = ids_in(RULES_MD.read_text(encoding="utf-8"))
    assert not spec - summary, f"RULES.md lacks {', '.join(sorted(spec - summary))}"
    unknown = sorted(summary - mentioned)
    assert not unknown, f"RULES.md names ids the spec does not have: {', '.join(unknown)}"
