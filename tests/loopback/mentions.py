"""Who a message pings, under Discord's `allowed_mentions` rules, so tests can assert that
nobody was pinged who was not asked.

A mention pings only if it is written in the content (or a components-V2 text) and allowed:
`parse` allows every mention of a kind, `users`/`roles` allow listed ids (a kind in `parse` and
a non-empty list of it at once: 400). Without `allowed_mentions` Discord parses everything in a
bot's own messages, and only users in interaction replies and follow-ups. @everyone and @here
also need Mention Everyone; a role needs to be mentionable or Mention Everyone. Mentions in
embeds never ping. discord.py sends `AllowedMentions(users=[...])` as
`{"parse": ["everyone", "roles"], "users": [...]}`: @everyone and roles stay on."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import invalid_form
from .limits import walk
from .model import Guild
from .permissions import has

USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")
ALL_KINDS = ["users", "roles", "everyone"]
TEXT_DISPLAY = 10


@dataclass
class Ping:
    """Who one message created or edited would have notified."""
    message_id: int
    channel_id: int
    users: set[int] = field(default_factory=set)
    roles: set[int] = field(default_factory=set)
    everyone: bool = False
    edit: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)


def check(allowed: dict | None) -> None:
    for kind in ("users", "roles"):
        if allowed and kind in (allowed.get("parse") or []) and allowed.get(kind):
            raise invalid_form({f"allowed_mentions.{kind}": f"parse:[\"{kind}\"] and {kind}: "
                                "[ids] are mutually exclusive."})


def pings(body: dict, components: list[dict], guild: Guild | None, permissions: int, *,
          from_webhook: bool) -> tuple[set[int], set[int], bool]:
    """(users, roles, everyone) that `body` (already checked) would notify."""
    allowed = body.get("allowed_mentions")
    if allowed is None:
        allowed = {"parse": ["users"] if from_webhook else ALL_KINDS}
    parse = set(allowed.get("parse") or [])
    text = "\n".join([body.get("content") or "", *(c.get("content") or "" for c in walk(components)
                                                    if c.get("type") == TEXT_DISPLAY)])
    users = {int(u) for u in USER.findall(text)}
    if "users" not in parse:
        users &= {int(u) for u in allowed.get("users") or []}
    roles: set[int] = set()
    if guild is not None:
        mentionable = {r.id for r in guild.roles if r.mentionable}
        roles = {int(r) for r in ROLE.findall(text)} & {r.id for r in guild.roles}
        if "roles" not in parse:
            roles &= {int(r) for r in allowed.get("roles") or []}
        if not has(permissions, "mention_everyone"):
            roles &= mentionable
    everyone = (guild is not None and "everyone" in parse and bool(EVERYONE.search(text))
                and has(permissions, "mention_everyone"))
    return users, roles, everyone
