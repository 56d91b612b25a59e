"""The co-op round planner on boards the team knows: it escapes in the fewest rounds the rules
allow, never walks into a room its seat knows kills, and decides on what the seat knows only."""
from __future__ import annotations

import copy
import random

from games.base import Option, Pending
from games.room25 import Room25Engine, ai, board, planner
from tests.room25.helpers import E, at, char, ci, put, start_round, table

NAMES = ("jennifer", "max", "emmett", "sarah")


def known_board(team_at: str, r25_at: str, safe: tuple[str, ...]) -> dict:
    """Co-op basic, the key on, Room 25 and the `safe` rooms face-up, the team on `team_at`,
    every other room a face-up Death Room (so a wrong step is fatal), no M.A.C. cards left."""
    s = table(mode="coop", level="basic")
    for cell in range(25):
        if cell != board.CENTRAL:
            put(s, board.name(cell), "death_room", up=True)
    for cell in safe:
        put(s, cell, "empty_room", up=True)
    put(s, r25_at, "room_25", up=True)
    for name in NAMES:
        at(s, name, team_at)
    s.update(key_activated=True, remaining=3)
    return s


def rounds_to_escape(s: dict, most: int = 4) -> int | None:
    """Play whole rounds with the AI in every seat; the round the team escapes in (1 = this one)."""
    s, _ = start_round(s)
    first = s["round"]
    while not s["outcome"]:
        if s["round"] - first >= most:
            return None
        p = E.pending(s)[0]
        choice = ai.choose(s, p, "coop") if p.seat is not None else None
        s, _ = E.apply(s, p.seat, p.id, choice or p.default or p.options[0].id)
    assert s["outcome"]["reason"] == "coop_escape", s["outcome"]
    return s["round"] - first + 1


def test_planner_escapes_in_one_round_from_next_door():
    # everyone steps into Room 25 at A2 in pass 1, the first one slides row 2 west in pass 2
    s = known_board("B2", "A2", ("B2",))
    assert rounds_to_escape(s) == 1


def test_planner_escapes_in_two_rounds_from_the_central_room():
    # no route of one Move and one Control a round gets there in one: C3 -> B3, slide column B
    # north (B3 -> B2), then step into A2 and slide row 2 west
    s = known_board("C3", "A2", ("B3", "A3", "B2", "C2"))
    assert rounds_to_escape(s) == 2


def test_planner_sends_one_character_through_the_key_room():
    s = known_board("B2", "A2", ("B2", "B1"))
    s["key_activated"] = False
    key = put(s, "B1", "key_room", up=True)
    sight = ai.Sight(s, 0)
    plan = planner.Planner(sight, s["board"][board.parse("A2")], key, [])
    best = plan.search(plan.turns_from_programming())
    assert best.key
    entered = [c for c, toks in best.tokens.items() if ("move", "B1") in toks]
    assert len(entered) == 1


def pending_move(s: dict, name: str, cells: list[str]) -> Pending:
    opts = tuple(Option(c, "dest", {"cell": c}) for c in cells)
    return Pending("m", char(s, name)["seat"], "move", opts, None, "action", False,
                   {"char": name})


def test_ai_never_enters_a_room_it_knows_is_deadly_when_another_is_open():
    s = table(mode="coop", level="basic")
    s.update(phase="action", action_pass=1, acting=ci(s, "jennifer"))
    put(s, "B2", "empty_room", up=True)
    death = put(s, "A2", "death_room")        # seen by Jennifer alone
    red = put(s, "B1", "acid_bath")           # seen by a teammate: she knows it is red
    s["seen_tiles"] = {"0": [death], "1": [red]}
    put(s, "A1", "room_25", up=True)
    at(s, "jennifer", "B2")
    char(s, "jennifer")["programme"] = [None, "look"]
    for cells in (["A2", "C2"], ["A2", "B1", "B3"], ["B1", "C2"]):
        choice = ai.choose(s, pending_move(s, "jennifer", cells), "coop")
        assert choice not in ("A2", "B1"), (cells, choice)


def scrambled(s: dict, seat: int, rnd: random.Random) -> dict:
    """The same game with the rooms this seat never learnt anything about shuffled among
    themselves (in co-op a teammate's look tells the colour, so those stay)."""
    s = copy.deepcopy(s)
    seen = s["seen_tiles"]
    told = ({u for uids in seen.values() for u in uids} if s["mode"] == "coop"
            else set(seen.get(str(seat), [])))
    unknown = [u for u, k in enumerate(s["tile_kinds"]) if not s["face_up"][u] and u not in told]
    kinds = [s["tile_kinds"][u] for u in unknown]
    rnd.shuffle(kinds)
    for u, k in zip(unknown, kinds):
        s["tile_kinds"][u] = k
    return s


def test_ai_choices_do_not_depend_on_rooms_its_seat_never_saw():
    rnd = random.Random(5)
    engine = Room25Engine()
    checked = 0
    for mode, seed in (("coop", 3), ("coop", 11), ("suspicion", 2)):
        s, _ = engine.setup({"mode": mode, "level": "basic", "characters": "random"}, 4, seed)
        for _ in range(90):
            if s["outcome"]:
                break
            p = engine.pending(s)[0]
            if p.seat is None:
                s, _ = engine.apply(s, None, p.id, p.default or p.options[0].id)
                continue
            policy = engine.ai_policies[-1]
            choice = ai.choose(s, p, policy)
            if p.kind in ("program", "move", "look", "control", "control_room", "push_dest"):
                for _ in range(2):
                    assert ai.choose(scrambled(s, p.seat, rnd), p, policy) == choice, p.kind
                checked += 1
            choice = choice if p.option(choice or "") else p.default or p.options[0].id
            s, _ = engine.apply(s, p.seat, p.id, choice)
    assert checked > 40
