"""Build a table exactly as a scenario describes it and drive it decision by decision."""
from __future__ import annotations

from games.base import GM, PUBLIC
from games.bethlem import BethlemEngine
from games.bethlem.cards import is_day_personality
from games.bethlem.core import run
from games.bethlem.objectives import compute
from games.bethlem.setup import new_state
from games.bethlem.table import new_card

E = BethlemEngine()
NAMES = ["Tom", "Uma", "Vic", "Wes", "Xia", "Yan", "Zed"]
TOM, UMA, VIC, WES, XIA, YAN, ZED = range(7)
NO_POWER = "cuentacuentos"  # never dealt in play: a personality slot that does nothing


def card(seat: int, pos: int) -> str:
    return f"s{seat}p{pos}"


def player(seat: int) -> str:
    return f"s{seat}"


def build(rows, pers=None, mode="normal", rnd=2, hands=None, dead=(), deck=(), pact=None):
    """A table with these rows (seat order = left to right), personalities and dead cards."""
    n = len(rows)
    st = new_state({**E.default_options(mode, n), "mode": mode}, n, 0)
    st["seating"] = list(range(n))
    st["deck"] = list(deck)
    for s, row in enumerate(rows):
        st["rows"][s] = list(row)
        for c in row:
            st["cards"][c] = new_card(s)
    for c in dead:
        st["cards"][c]["dead"] = st["cards"][c]["revealed"] = 1
    st["personalities"] = [(pers or {}).get(s, NO_POWER) for s in range(n)]
    st["personality_shown"] = [int(is_day_personality(p)) for p in st["personalities"]]
    for s, cards in (hands or {}).items():
        st["hands"][s] = list(cards)
    st["round"] = rnd
    if pact:
        st["pact"] = {"maker": None, "active": 1, "failed": 0, **pact}
    st["objectives"] = [compute(st, s) for s in range(n)]
    return st


class Game:
    def __init__(self, st):
        self.st = st
        self.events = []

    def start(self, task: str):
        self.st["agenda"] = [[task]]
        self.st["questions"] = []
        ev: list = []
        run(self.st, ev)
        self.events += ev
        return self

    def open(self, kind=None, seat=None):
        return [p for p in E.pending(self.st)
                if (kind is None or p.kind == kind) and (seat is None or p.seat == seat)]

    def act(self, kind, choice, seat=None):
        p = self.until(kind, seat)
        self.st, ev = E.apply(self.st, p.seat, p.id, choice)
        self.events += ev
        return ev

    def until(self, kind, seat=None, limit=2000):
        """Answer everything else with its default until `kind` (for `seat`) is asked."""
        for _ in range(limit):
            found = self.open(kind, seat)
            if found:
                return found[0]
            self._default()
        raise AssertionError(f"{kind} never asked")

    def settle(self, phase, limit=2000):
        """Answer with defaults until the game reaches `phase` (or ends)."""
        for _ in range(limit):
            if self.st["phase"] == phase or E.outcome(self.st) is not None:
                return self
            self._default()
        raise AssertionError(f"never reached {phase}")

    def _default(self):
        if E.outcome(self.st) is not None:
            raise AssertionError("game over")
        p = E.pending(self.st)[0]
        self.st, ev = E.apply(self.st, p.seat, p.id, p.default or p.options[0].id)
        self.events += ev

    def asked(self, kind, seat=None):
        return bool(self.open(kind, seat))

    def of(self, kind):
        return [e for e in self.events if e.kind == kind]

    def died(self):
        return [(e.data["seat"], e.data["pos"]) for e in self.of("card_died")]

    def vote(self, ballot: str, votes: dict):
        """Cast a whole ballot: seat -> option id (missing seats abstain)."""
        self.until(ballot)
        for p in self.open(ballot):
            choice = votes.get(p.seat, "abstain")
            self.st, ev = E.apply(self.st, p.seat, p.id, choice)
            self.events += ev
        self.tick()

    def tick(self):
        """Let timers run out while nobody else is being asked anything."""
        while E.pending(self.st) and all(p.seat is None for p in E.pending(self.st)) \
                and E.outcome(self.st) is None:
            self._default()

    def to_lynch(self):
        """From the start of a day: everybody presses ready."""
        while self.open("ready"):
            p = self.open("ready")[0]
            self.st, ev = E.apply(self.st, p.seat, p.id, "ready")
            self.events += ev
        return self


def audiences(events, kind):
    return [e.audience for e in events if e.kind == kind]


__all__ = ["E", "GM", "PUBLIC", "Game", "build", "card", "player", "audiences", "NAMES", "TOM",
           "UMA", "VIC", "WES", "XIA", "YAN", "ZED"]
