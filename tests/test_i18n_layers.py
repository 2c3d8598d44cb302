"""The explanations are built in layers — words, then violations and scores, then facts and
the error sentences, then the explain functions — and no module of ``tutor.i18n`` imports one
that imports it back, even inside a function (a circle there once hid in a local import)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "tutor" / "i18n"


def imports_of(path: Path) -> set[str]:
    """The ``tutor.i18n`` modules ``path`` imports, at any depth."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("tutor.i18n.") and (PACKAGE / f"{name.split('.')[2]}.py").exists():
                found.add(name.split(".")[2])
    return found - {path.stem}


def graph() -> dict[str, set[str]]:
    return {path.stem: imports_of(path) for path in PACKAGE.glob("*.py")
            if path.stem not in ("__init__", "__main__")}


def cycle_in(edges: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``edges`` as a path of modules, or None."""
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path, node, nxt]
            if nxt not in state:
                found = visit(nxt, [*path, node])
                if found:
                    return found
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start, [])
            if found:
                return found
    return None


def test_no_module_of_the_i18n_package_imports_itself_back() -> None:
    assert cycle_in(graph()) is None, " → ".join(cycle_in(graph()) or [])


def test_the_words_are_the_bottom_layer() -> None:
    assert graph()["words"] <= {"language"}


def test_a_circle_is_found() -> None:
    assert cycle_in({"facts": {"violations"}, "violations": {"facts"}}) == [
        "facts", "violations", "facts"]
    assert cycle_in({"facts": {"violations"}, "violations": {"words"}}) is None
