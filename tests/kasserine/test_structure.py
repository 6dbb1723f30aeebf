"""The shape a newcomer relies on: every action type has its rule handler in one table,
the rule modules import no private name of another module and form no import circle."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

from hexcampaign.kasserine import game as game_module
from hexcampaign.kasserine.state import Action, LoggedAction, Reopened

PACKAGE = Path(game_module.__file__).parent
PREFIX = "hexcampaign.kasserine"


def test_every_action_type_has_a_handler_in_the_table():
    # Every entry of a save's log (the players' actions and the note of a reopened save)
    union = typing.get_args(typing.get_args(LoggedAction)[0])
    assert set(union) == set(game_module.HANDLERS)
    # ... of which only the note is no move of either side.
    assert set(union) - set(typing.get_args(typing.get_args(Action)[0])) == {Reopened}
    assert all(callable(handler) for handler in game_module.HANDLERS.values())


def imports() -> dict[str, set[tuple[str, str]]]:
    """module -> {(imported module, name)} for imports inside the package (ai/ excluded:
    the opponent is a client of the facade)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for path in PACKAGE.glob("*.py"):
        name = f"{PREFIX}.{path.stem}" if path.stem != "__init__" else PREFIX
        pairs = found.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PREFIX):
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    if node.module == PREFIX and (PACKAGE / f"{alias.name}.py").exists():
                        pairs.add((submodule, ""))
                    else:
                        pairs.add((node.module, alias.name))
    return found


def test_no_module_imports_a_private_name_of_another():
    private = [
        (module, f"{source}.{name}")
        for module, pairs in imports().items()
        for source, name in pairs
        if name.startswith("_")
    ]
    assert private == []


def test_the_rule_modules_form_no_import_circle():
    graph = {
        module: {source for source, _ in pairs if source != PREFIX and source != module}
        for module, pairs in imports().items()
        if module != PREFIX
    }
    circles = []
    done: set[str] = set()  # explored to the bottom: no circle passes through it

    def visit(module: str, path: list[str]) -> None:
        for target in graph.get(module, ()):
            if target in path:
                circles.append(path[path.index(target):] + [target])
            elif target in graph and target not in done:
                visit(target, [*path, target])
        done.add(module)

    for module in graph:
        visit(module, [module])
    assert circles == []
