"""Turns "toy new" plus keyword options into the `data` of a chat-input or autocomplete
interaction, checked against the command schema the bot synced (as the Discord client would:
unknown options, missing required ones and values outside `choices` are refused here)."""
from __future__ import annotations

from typing import Any

from .model import Channel, User
from .permissions import EVERYONE_PERMISSIONS
from .world import World

SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, NUMBER = 3, 4, 5, 6, 7, 10


def command_data(world: World, channel: Channel, path: str, options: dict[str, Any],
                 focused: str | None = None) -> dict:
    words = path.split()
    cmd = world.find_command(channel, words[0])
    data: dict = {"id": cmd["id"], "name": cmd["name"], "type": 1}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    node, holder = cmd, data
    for word in words[1:]:
        sub = next((o for o in node.get("options") or []
                    if o["name"] == word and o["type"] in (SUBCOMMAND, GROUP)), None)
        if sub is None:
            raise LookupError(f"/{path}: no subcommand {word!r} under /{node['name']}; "
                              f"known: {_names(node, (SUBCOMMAND, GROUP))}")
        entry = {"name": sub["name"], "type": sub["type"], "options": []}
        holder.setdefault("options", []).append(entry)
        node, holder = sub, entry
    if _names(node, (SUBCOMMAND, GROUP)):
        raise LookupError(f"/{path} needs a subcommand: {_names(node, (SUBCOMMAND, GROUP))}")
    declared = {o["name"]: o for o in node.get("options") or []}
    resolved: dict = {}
    given: list[dict] = []
    for key, value in options.items():
        name = key if key in declared else key.replace("_", "-")
        if name not in declared:
            raise TypeError(f"/{path} has no option {key!r}; known: {sorted(declared)}")
        given.append(_option(declared[name], value, resolved, channel, key == focused))
    missing = sorted(set(n for n, o in declared.items() if o.get("required"))
                     - {o["name"] for o in given})
    if missing and focused is None:
        raise TypeError(f"/{path} is missing required options {missing}")
    holder["options"] = given
    if resolved:
        data["resolved"] = resolved
    return data


def _names(node: dict, kinds: tuple[int, ...]) -> list[str]:
    return [o["name"] for o in node.get("options") or [] if o["type"] in kinds]


def _option(opt: dict, value: Any, resolved: dict, channel: Channel, focused: bool) -> dict:
    kind = opt["type"]
    out = {"name": opt["name"], "type": kind}
    if focused:
        return {**out, "value": str(value), "focused": True}
    if opt.get("choices"):
        by_name = {c["name"]: c["value"] for c in opt["choices"]}
        values = [c["value"] for c in opt["choices"]]
        value = by_name.get(value, value)
        if value not in values:
            raise ValueError(f"option {opt['name']!r} must be one of {sorted(by_name)}")
    if kind in (STRING, INTEGER, BOOLEAN, NUMBER):
        cast = {STRING: str, INTEGER: int, BOOLEAN: bool, NUMBER: float}[kind]
        return {**out, "value": cast(value)}
    record = getattr(value, "record", value)
    if kind == USER and isinstance(record, User):
        resolved.setdefault("users", {})[str(record.id)] = record.payload()
        if channel.guild is not None and record.id in channel.guild.joined:
            member = channel.guild.member_payload(record, with_user=False)
            resolved.setdefault("members", {})[str(record.id)] = member
        return {**out, "value": str(record.id)}
    if kind == CHANNEL and isinstance(record, Channel):
        resolved.setdefault("channels", {})[str(record.id)] = {
            **record.payload(), "permissions": str(EVERYONE_PERMISSIONS)}
        return {**out, "value": str(record.id)}
    raise TypeError(f"option {opt['name']!r} (type {kind}) cannot take {value!r}")
