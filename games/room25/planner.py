"""The co-op team's round planner: on the board a seat knows, which tokens each character should
program, and which room, slide or look each one should pick, to activate the key, gather in Room
25 and slide it out before time runs out.

Once the tokens are programmed nothing but the team moves the Complex until the next round (the
M.A.C. cards are drawn before programming), so a round can be played out ahead on a small model:
characters stand on tiles (a slide carries them), a Move enters a neighbour the seat knows is
not red (a yellow one costs more) or one the plan looked at first, a Control slides the actor's
row or column, a Look makes a mystery next door known. A beam search over the round's action
turns, in turn order, pass 1 then pass 2, keeps the plans that leave the team closest to its
goal: the rounds of walking left (a Move a round each), with one character detouring through
the Key Room while the key is off; while an exit is still unknown, the mysteries that may be it
looked at and the way to the next ones.

Every seat runs the same search on what it knows, so teammates agree on one plan without telling
each other their tokens; a seat only fixes its own remaining tokens once programmed.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from games.room25 import board
from games.room25.outcome import turn_order
from games.room25.tokens import owned

BEAM = 40           # plans kept after each action turn
DEADLY = 80         # never entered
LOOKED = 1.5        # cost of entering a mystery the plan looked at first (it may be bad)
MYSTERY = 2.5       # a mystery on the way: a Look and a Move, and a risk
HINDERING = 2.0     # a known yellow room or a Tunnel: in the way, never deadly
ESCAPED = -1000.0
PEEK = 3.0          # a mystery that may be an exit, looked at
SPREAD = 0.5        # each character's distance to the nearest mystery left
BLIND = 20.0        # a Move planned into a looked-at room with nothing known safe beside
STUCK = 50.0        # a programmed Move with nowhere safe to go must still be played
PLANNED = ("move", "ctrl", "look")
NEXT = tuple(tuple(n for _, n in board.neighbours(cell)) for cell in range(25))
ROOM_SLIDE = "control_room"  # the Control Room's slide of any line, one step


@dataclass
class Team:
    """One imagined position of the team during a round."""
    layout: tuple[int, ...]
    pos: dict[int, int]                   # character -> tile uid it stands on
    key: bool
    locks: dict[str, str]
    peeked: frozenset[int] = frozenset()  # mysteries the plan has looked at
    escaped: bool = False
    risk: float = 0.0
    tokens: dict[int, list] = field(default_factory=dict)  # character -> [(token, choice), ...]
    score: float | None = None            # the planner's value of it, once computed

    def signature(self) -> tuple:
        return (self.layout, tuple(sorted(self.pos.items())), self.key, self.escaped,
                self.peeked, tuple(sorted(self.locks.items())))


class Planner:
    """Plans for one seat's knowledge (`sight`, see `ai.Sight`) towards Room 25 at uid `r25`
    and, while the key is off, the Key Room at uid `key`; either may still be unknown (None),
    and then looking at `mysteries` (tiles that may be them) is what the round is for."""

    def __init__(self, sight, r25: int | None, key: int | None, mysteries: list[int]):
        self.sight, self.s = sight, sight.s
        self.r25, self.key = r25, key
        self.mysteries = tuple(mysteries)
        self.central = self.s["board"][board.CENTRAL]
        self.monitor = next((u for u, k in sight.kind.items() if k == "monitor_room"), None)
        self.steps = 2 if self.s["acceleration"] else 1
        self._dist: dict[tuple, list[float]] = {}
        self._cost: dict[int, float] = {}

    # ---- the model --------------------------------------------------------------------------
    def start(self) -> Team:
        s = self.s
        pos = {ci: c["tile"] for ci, c in enumerate(s["characters"]) if c["alive"]}
        return Team(tuple(s["board"]), pos, bool(s["key_activated"]),
                    dict(s["slid_lines"]))

    def enter_cost(self, uid: int, peeked: frozenset[int]) -> float:
        """What entering tile `uid` costs this seat on a walk (inf: never): a green room one
        step, a yellow one (in the way, never deadly) more, a red one never."""
        if uid in peeked:
            return LOOKED
        if uid not in self._cost:
            self._cost[uid] = self._known_cost(uid)
        return self._cost[uid]

    def _known_cost(self, uid: int) -> float:
        if uid in (self.r25, self.key, self.central):
            return 1.0
        if uid in self.s["no_pass"] or uid in self.s["locks"]:
            return float("inf")
        if self.sight.knows(uid):
            kind = self.sight.kind.get(uid)
            colour = self.sight.colour[uid]
            if colour == "red" or self.sight.risk(uid) >= DEADLY:
                return float("inf")
            return HINDERING if colour == "yellow" or kind == "tunnel" else 1.0
        return MYSTERY

    def distances(self, team: Team, goals: tuple[int, ...]) -> list[float]:
        """Walking cost from every cell to the nearest of tiles `goals` (Dijkstra backwards)."""
        memo = (team.layout, team.peeked, goals)
        if memo in self._dist:
            return self._dist[memo]
        dist = [float("inf")] * 25
        heap = []
        for goal in goals:
            dist[team.layout.index(goal)] = 0.0
            heap.append((0.0, team.layout.index(goal)))
        heapq.heapify(heap)
        while heap:
            d, cell = heapq.heappop(heap)
            if d > dist[cell]:
                continue
            step = self.enter_cost(team.layout[cell], team.peeked)
            for n in NEXT[cell]:
                if d + step < dist[n]:
                    dist[n] = d + step
                    heapq.heappush(heap, (dist[n], n))
        self._dist[memo] = dist
        return dist

    def walks(self, team: Team, goal: int) -> dict[int, float]:
        dist = self.distances(team, (goal,))
        return {ci: min(dist[team.layout.index(u)], 30) for ci, u in team.pos.items()}

    def value(self, team: Team) -> float:
        """Lower is better: the slowest character's walk to Room 25 counts twice, everyone's
        once, one character's detour through the Key Room while the key is off; while an exit
        is unknown, every mystery looked at, and how far each character is from the next one;
        and the plan's risks."""
        if team.score is None:
            team.score = self._value(team)
        return team.score

    def _value(self, team: Team) -> float:
        if team.escaped:
            return ESCAPED + team.risk
        total = team.risk
        keyless = not team.key and self.key is not None
        if self.r25 is not None:
            walks = self.walks(team, self.r25)
            total += self.gathering(walks)
            if keyless:  # the best one to go through the Key Room on its way
                tokey = self.walks(team, self.key)
                via = min(self.distances(team, (self.r25,))[team.layout.index(self.key)], 30)
                total += min(self.gathering({**walks, ci: tokey[ci] + via}) for ci in team.pos)
                total -= self.gathering(walks)
            elif team.key and all(u == self.r25 for u in team.pos.values()):
                total += self.slides_out(team)
        elif keyless:
            total += min(self.walks(team, self.key).values())
        if self.r25 is None or not (team.key or keyless):
            total += self.exploring(team)
        return total

    @staticmethod
    def gathering(walks: dict[int, float]) -> float:
        """Everyone's walk, the slowest one's twice more: the team leaves with its last one."""
        return sum(walks.values()) + 2 * max(walks.values(), default=0)

    def exploring(self, team: Team) -> float:
        left = tuple(u for u in self.mysteries if u not in team.peeked)
        found = len(self.mysteries) - len(left)
        if not left:
            return -PEEK * found
        dist = self.distances(team, left)
        near = sum(min(dist[team.layout.index(u)], 12) for u in team.pos.values())
        return -PEEK * found + SPREAD * near

    def slides_out(self, team: Team) -> float:
        return min(slides_out(team.layout.index(self.r25), team.locks), 3)

    def moves(self, team: Team, ci: int) -> list[tuple[str, Team]] | None:
        """(cell name, team after) for every Move `ci` may make into a room the plan accepts;
        None when it could only enter rooms the plan refuses."""
        cell = team.layout.index(team.pos[ci])
        here = team.pos[ci]
        out, legal = [], False
        fallback = any(self.enter_cost(team.layout[n], frozenset()) <= HINDERING
                       for _, n in board.neighbours(cell))
        for d, n in board.neighbours(cell):
            uid = team.layout[n]
            if not self._may_leave(team, here, d, uid):
                continue
            if uid in self.s["no_pass"] or (uid in self.s["locks"]
                                       and self.s["characters"][ci]["name"] != "emmett"):
                continue
            legal = True
            cost = self.enter_cost(uid, team.peeked)
            if cost in (MYSTERY, float("inf")):  # look before entering
                continue
            nxt = self._copy(team)
            nxt.pos[ci] = self._lands(uid)
            if nxt.pos[ci] is None:
                continue
            # a looked-at room may prove deadly: with no known room to turn to instead, the
            # programmed Move would have to enter it
            nxt.risk += cost - 1 if fallback or cost != LOOKED else BLIND
            if uid == self.key:
                nxt.key = True
            if uid == self.monitor and uid not in team.pos.values():
                left = [u for u in self.mysteries if u not in team.peeked]
                nxt.peeked = team.peeked | set(left[:1])
            out.append((board.name(n), nxt))
        return out if out or not legal else None

    def _lands(self, uid: int) -> int | None:
        """Where a character entering tile `uid` ends up: the Vortex sends it to the Central
        Room, a Tunnel to the other face-up Tunnel (None: a choice of two, not planned)."""
        kind = self.sight.kind.get(uid)
        if kind == "vortex_room":
            return self.central
        if kind == "tunnel":
            others = [u for u, k in self.sight.kind.items()
                      if k == "tunnel" and u != uid and self.s["face_up"][u]]
            return others[0] if len(others) == 1 else uid if not others else None
        return uid

    def _may_leave(self, team: Team, here: int, d: str, to: int) -> bool:
        kind = self.sight.kind.get(here) if self.s["face_up"][here] else None
        if kind == "rotating_room":
            return d in ("NS" if self.s["corridor_axis"] == "NS" else "EW")
        if kind == "prison_cell":
            return to == self.central or to in team.pos.values() or to in self.s["robots"]
        return True

    def slides(self, team: Team, lines, steps: int) -> list[tuple[str, Team]]:
        """(slide id, team after) for every slide of `lines` the locks allow; Room 25 leaving
        the board with everyone inside and the key on is the escape."""
        out = []
        for line in lines:
            for d in board.LINE_DIRS[line[0]]:
                if team.locks.get(line, d) != d:
                    continue
                nxt = self._copy(team)
                nxt.locks = {**team.locks, line: d}
                leaving = board.line_cells(line, d)[-1]
                layout = team.layout
                for _ in range(steps):
                    if layout[leaving] == self.r25 and nxt.key and all(
                            u == self.r25 for u in nxt.pos.values()):
                        nxt.escaped = True
                        break
                    layout = slid(layout, line + d)
                nxt.layout = tuple(layout)
                out.append((line + d, nxt))
        return out

    def looks(self, team: Team, ci: int) -> list[tuple[str, Team]]:
        cell = team.layout.index(team.pos[ci])
        if self.sight.kind.get(team.pos[ci]) == "dark_room":
            return []
        out = []
        for _, n in board.neighbours(cell):
            uid = team.layout[n]
            if not (self.s["face_up"][uid] or self.sight.knows(uid) or uid in team.peeked):
                nxt = self._copy(team)
                nxt.peeked = team.peeked | {uid}
                out.append((board.name(n), nxt))
        return out

    @staticmethod
    def _copy(team: Team) -> Team:
        return Team(team.layout, dict(team.pos), team.key, team.locks, team.peeked,
                    team.escaped, team.risk, {k: list(v) for k, v in team.tokens.items()})

    def play(self, team: Team, ci: int, token: str) -> list[tuple[str, Team]]:
        """Every way `ci` may play `token` now (the team unchanged if it is lost)."""
        if team.escaped:
            found = []
        elif token == "move":
            found = self.moves(team, ci)
            if found is None:  # it must enter a room the plan refuses
                stuck = self._copy(team)
                stuck.risk += STUCK
                found = [("", stuck)]
        elif token == "ctrl":
            cell = team.layout.index(team.pos[ci])
            found = self.slides(team, board.lines_of(cell), self.steps)
        elif token == ROOM_SLIDE:
            found = self.slides(team, board.LINES, 1)
        else:
            found = self.looks(team, ci)
        return found or [("", self._copy(team))]

    # ---- the search -------------------------------------------------------------------------
    def search(self, turns: list[tuple[int, list[str]]]) -> Team:
        """The best plan over `turns`: (character, tokens it may play at that turn) in order."""
        beam = [self.start()]
        for ci, tokens in turns:
            grown: dict[tuple, Team] = {}
            for team in beam:
                if ci not in team.pos:
                    continue
                used = {t for t, _ in team.tokens.get(ci, [])}
                for token in tokens:
                    if token in used:
                        continue
                    for choice, nxt in self.play(team, ci, token):
                        nxt.tokens.setdefault(ci, []).append((token, choice))
                        sig = nxt.signature()
                        if sig not in grown or self.value(nxt) < self.value(grown[sig]):
                            grown[sig] = nxt
            if grown:
                beam = heapq.nsmallest(BEAM, grown.values(), key=self.value)
        return min(beam, key=self.value)

    def turns_from_programming(self) -> list[tuple[int, list[str]]]:
        """Both passes, every living character free among the tokens it owns."""
        s = self.s
        order = [ci for ci in turn_order(s) if s["characters"][ci]["alive"]]
        free = {ci: [t for t in PLANNED if t in owned(s, s["characters"][ci])] for ci in order}
        return [(ci, free[ci]) for ci in order] + [
            (ci, free[ci]) for ci in order
            if self.sight.kind.get(s["characters"][ci]["tile"]) != "cold_room"]

    def turns_from_now(self, me: int, token: str) -> list[tuple[int, list[str]]]:
        """The rest of the round from `me`'s turn, `me` playing `token` now (or sliding for the
        Control Room its Move entered) and then what it programmed; teammates free (their
        tokens are secret)."""
        s = self.s
        order = [ci for ci in turn_order(s) if s["characters"][ci]["alive"]]
        c = s["characters"][me]
        mine = [k for k in c["programme"] if k] + ([c["floating"]] if c["floating"] else [])
        free = {ci: [t for t in PLANNED if t in owned(s, s["characters"][ci])] for ci in order}
        later = order[order.index(me) + 1:]
        turns = [(me, [token])] + [(ci, free[ci]) for ci in later]
        if s["action_pass"] == 1:
            turns += [(ci, mine[:1] if ci == me else free[ci]) for ci in order]
        return [(ci, toks) for ci, toks in turns if toks]


def slid(layout, oid: str) -> list[int]:
    """The board after one step of slide `oid` ("r2E"): tiles carry their pieces."""
    out = list(layout)
    cells = board.line_cells(oid[:2], oid[2])
    for i, c in enumerate(cells):
        out[c] = layout[cells[i - 1]]
    return out


def slides_out(cell: int, locks: dict[str, str]) -> int:
    """How many slides of one of its lines push the tile at `cell` off the board, the round's
    direction `locks` respected; 99 when none can."""
    r, c = divmod(cell, 5)
    ways = {("r" + str(r + 1), "W"): c + 1, ("r" + str(r + 1), "E"): 5 - c,
            ("c" + "ABCDE"[c], "N"): r + 1, ("c" + "ABCDE"[c], "S"): 5 - r}
    return min((n for (ln, d), n in ways.items() if ln in board.lines_of(cell)
                and locks.get(ln, d) == d), default=99)


def programme(planner: Planner, ci: int) -> list[str]:
    """The tokens `ci` should program this round, in slot order."""
    best = planner.search(planner.turns_from_programming())
    return [t for t, _ in best.tokens.get(ci, [])]


def choice_now(planner: Planner, ci: int, token: str) -> str | None:
    """What `ci` should pick for the `token` it plays now (a cell or a slide), or None."""
    best = planner.search(planner.turns_from_now(ci, token))
    first = best.tokens.get(ci, [])
    return first[0][1] or None if first else None
