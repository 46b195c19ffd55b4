"""Reading scenario files (shared/SCENARIOS.md): YAML with line numbers kept for errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

KNOWN_KEYS = {"name", "cite", "start", "players", "do", "expect"}
STEP_KEYS = {"play", "cast", "activate", "attack", "block", "choose", "to", "concede", "illegal"}


class ScenarioError(ValueError):
    """A malformed scenario file; the message names the file and line."""


@dataclass
class Step:
    kind: str
    data: Any
    line: int


@dataclass
class Scenario:
    name: str
    cite: list[str]
    start: dict[str, Any]
    players: dict[str, dict[str, Any]]
    steps: list[Step]
    expect: dict[str, Any]
    source: str = ""
    line: int = 1
    extra: dict[str, Any] = field(default_factory=dict)


def parse_step(raw: Any, line: int, source: str) -> Step:
    if isinstance(raw, str):
        if raw in ("pass", "resolve", "resolve_all"):
            return Step(raw, None, line)
        raise ScenarioError(f"{source} line {line}: unknown step {raw!r}")
    if isinstance(raw, dict):
        keys = [k for k in raw if k in STEP_KEYS]
        if len(keys) != 1:
            raise ScenarioError(
                f"{source} line {line}: a step needs exactly one of {sorted(STEP_KEYS)}: {raw!r}"
            )
        k = keys[0]
        if k == "illegal":
            inner = parse_step(raw[k], line, source)
            return Step("illegal", inner, line)
        return Step(k, raw, line)
    raise ScenarioError(f"{source} line {line}: malformed step {raw!r}")


def load_text(text: str, source: str = "<scenario>") -> list[Scenario]:
    """Parse one or more YAML documents, each a scenario."""
    try:
        nodes = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise ScenarioError(f"{source}{where}: invalid YAML: {getattr(e, 'problem', e)}") from None
    out = []
    for node in nodes:
        if node is None:
            continue
        data = _construct(node)
        if not isinstance(data, dict):
            raise ScenarioError(f"{source} line {node.start_mark.line + 1}: a scenario must be a mapping")
        unknown = set(data) - KNOWN_KEYS
        if unknown:
            raise ScenarioError(f"{source} line {node.start_mark.line + 1}: unknown keys {sorted(unknown)}")
        lines = _do_lines(node)
        steps = []
        for i, raw in enumerate(data.get("do") or []):
            ln = lines[i] if i < len(lines) else node.start_mark.line + 1
            steps.append(parse_step(raw, ln, source))
        players = data.get("players") or {}
        if not isinstance(players, dict):
            raise ScenarioError(f"{source}: players must be a mapping of A, B, ...")
        out.append(
            Scenario(
                name=str(data.get("name", Path(source).stem)),
                cite=[str(c) for c in data.get("cite") or []],
                start=dict(data.get("start") or {}),
                players={str(k): dict(v or {}) for k, v in players.items()},
                steps=steps,
                expect=dict(data.get("expect") or {}),
                source=source,
                line=node.start_mark.line + 1,
            )
        )
    return out


def _construct(node: yaml.Node) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _do_lines(node: yaml.Node) -> list[int]:
    if not isinstance(node, yaml.MappingNode):
        return []
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == "do" and isinstance(v, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in v.value]
    return []


def load_file(path: str | Path) -> list[Scenario]:
    p = Path(path)
    return load_text(p.read_text(encoding="utf-8"), str(p))
