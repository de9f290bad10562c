"""Trees from flat lists by id and parent id, and the contract's TreeSelect shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def build_tree(rows: list[dict[str, Any]], id_key: str, parent_key: str) -> list[dict[str, Any]]:
    """Nodes get ``children``; a node whose parent is not in the list is a root (RuoYi's buildTree)."""
    nodes = {row[id_key]: {**row} for row in rows}
    roots: list[dict[str, Any]] = []
    for node in nodes.values():
        parent = nodes.get(node[parent_key])
        if parent is not None and parent is not node:
            parent.setdefault("children", []).append(node)
        else:
            roots.append(node)
    return roots


def tree_select(nodes: list[dict[str, Any]], id_key: str, label: Callable[[dict[str, Any]], str],
                disabled: Callable[[dict[str, Any]], bool] | None = None) -> list[dict[str, Any]]:
    out = []
    for node in nodes:
        item: dict[str, Any] = {"id": node[id_key], "label": label(node)}
        if disabled is not None and disabled(node):
            item["disabled"] = True
        if node.get("children"):
            item["children"] = tree_select(node["children"], id_key, label, disabled)
        out.append(item)
    return out
