"""The shape of the house: no module of hexcampaign takes part in an import circle.

A circle means neither module can be read, tested or moved without the other. Imports
made only for annotations (under TYPE_CHECKING) count too: a reader follows them all the
same, and a circle hidden behind TYPE_CHECKING is still a circle in the design.
"""

from __future__ import annotations

import grimp


def test_no_import_circles_anywhere_in_src() -> None:
    graph = grimp.build_graph("hexcampaign")
    circles = _strongly_connected(graph)
    assert circles == [], "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


def _strongly_connected(graph) -> list[list[str]]:
    """Tarjan's algorithm, iterative: every group of modules that import each other."""
    modules = sorted(graph.modules)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in graph.modules:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)
