"""Spectators and the dead: who may watch a running table, and whether they see its secrets.

A member who plays no living seat may watch. On a table that lets outside eyes see its
secrets (the default; a table set `spectators=public` wants "no outside eyes"), a spectator
is let into a private spectator thread that shows every seat's secrets and every secret move
as it happens; the people of eliminated seats are offered the same. Whoever was let in is
recorded (migration V18) before they see anything: they never take a seat of that game, and
the bot removes their posts in the game's own thread until it ends. On a table without
outside eyes, watching means following the public thread, which the channel may read anyway,
and nobody is offered more."""
from __future__ import annotations

from games.base import IllegalMove
from hosting.store import GameRow, StoreError

LIVE = ("running", "paused")


def secrets_shown(table: GameRow) -> bool:
    """Whether the table lets spectators and the dead see its secrets (its `spectators`
    setting; by default it does)."""
    return table.options.get("spectators", "secrets") == "secrets"


def out_seats(host, table: GameRow) -> frozenset[int]:
    """The seats of the game out for good (`Engine.eliminated`)."""
    if table.state is None or table.status not in LIVE:
        return frozenset()
    return host.engine(table).eliminated(table.state)


async def admit(host, game_id: int, user_id: int) -> GameRow:
    """The game this person may watch; IllegalMove when they may not: it is not running, or
    they play a seat still in it."""
    table = await host.table(game_id)
    if table.status not in LIVE:
        raise IllegalMove("watch_not_running", "Only a running game can be watched.")
    out = out_seats(host, table)
    if any(s.user_id == user_id and s.seat not in out for s in table.seats):
        raise IllegalMove("watch_seated", "You play at this table: you cannot watch it.")
    return table


async def let_in(host, game_id: int, user_id: int) -> None:
    """Record that this person sees the game's secrets, before they see any."""
    try:
        await host.store.add_spectator(game_id, user_id, host.clock.now())
    except StoreError as err:
        raise IllegalMove("save_failed", "Could not save; try again.") from err
