"""The recap posted when a game ends: its GM log (every secret move) told as the story of the
secrets (`story`: the game's own sentences), grouped by the public moment each line was
written in ("Round 3 · Night"), with the lines that say nothing happened left out and a line
repeated at once written once ("×3").

An engine marks an event that says nothing happened (a power that stopped no attack) with
`"uneventful": true` in its data: such a line may matter to its seat at night, never to the
recap.
"""
from __future__ import annotations

from cogs.common.render import chunk_pairs
from cogs.common.story import moment_header, tell
from hosting.store import OutboxRow
from hosting.text import Translator


def _grouped(t: Translator, rows: list[OutboxRow], clock) -> list[tuple[list[int], str | None,
                                                                         list[str]]]:
    """(row ids, header, lines) per moment, in order; a row without a moment (a note outside
    a step) joins the moment before it."""
    groups: list[tuple[list[int], str | None, list[str]]] = []
    moment = None
    for row in rows:
        if not groups or (row.moment is not None and row.moment != moment):
            moment = row.moment
            groups.append(([], moment_header(t, moment, clock) if moment else None, []))
        ids, _, events = groups[-1]
        ids.append(row.id)
        events.append((row.audience, row.kind, row.data))
    return [(ids, header, tell(t, events)) for ids, header, events in groups]


def recap(t: Translator, rows: list[OutboxRow], clock=None) -> list[tuple[list[int], str]]:
    """The recap's messages (the GM rows each carries, its text), opened by a title. A moment
    whose every line said nothing is left out; its rows ride on the next message, so they
    are never posted again. `clock(moment)`: the game's clock words at a moment (else its
    round)."""
    pairs: list[tuple[list[int], str]] = []
    spare: list[int] = []
    for ids, header, lines in _grouped(t, rows, clock):
        if not lines:
            spare += ids
            continue
        pairs.append(([*spare, *ids], "\n".join(filter(None, (header, *lines)))))
        spare = []
    if not pairs:
        return []
    pairs[0] = (pairs[0][0], f"{t('ui', 'recap_title')}\n{pairs[0][1]}")
    pairs[-1] = (pairs[-1][0] + spare, pairs[-1][1])
    return [([i for group in ids for i in group], text) for ids, text in chunk_pairs(pairs)]
