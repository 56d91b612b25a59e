"""Set up the positions the spec's scenarios describe and drive them through the engine's
public contract (`Engine.apply`): `game()` builds a table with a custom private sheet at the
start of a day, `Table` answers questions by kind and keeps every event."""
from __future__ import annotations

from games.base import PUBLIC
from games.looper import LooperEngine, abilities, cards, data, flow

E = LooperEngine()


class Table:
    def __init__(self, s: dict):
        self.s = s
        self.events: list = []

    # ---- questions -----------------------------------------------------------------------
    def open(self, kind: str | None = None) -> list:
        return [p for p in E.pending(self.s) if p.kind != "window"
                and (kind is None or p.kind == kind)]

    def say(self, kind: str, choice: str) -> "Table":
        p = self.open(kind)
        assert p, f"no {kind} question open; open: {[q.kind for q in self.open()]}"
        self.s, ev = E.apply(self.s, p[0].seat, p[0].id, choice)
        self.events += ev
        self._windows()
        return self

    def name(self, cid: str, role: str) -> "Table":
        """A Final Guess step: the character the protagonists choose next, then its role."""
        return self.say("guess_pick", cid).say("guess", role)

    def _windows(self) -> None:
        """Clock-only windows close at once here (the host closes them at their deadline)."""
        while w := [p for p in E.pending(self.s) if p.kind == "window"]:
            self.s, ev = E.apply(self.s, None, w[0].id, "go")
            self.events += ev

    def go(self) -> "Table":
        """Start the prepared day (after `at` has set the board up)."""
        flow.run(self.s, self.events)
        self._windows()
        return self

    def options(self, kind: str) -> list[str]:
        return [o.id for o in self.open(kind)[0].options]

    # ---- cards ---------------------------------------------------------------------------
    def mm(self, card: str, target: str) -> "Table":
        """A Mastermind card and its target, one answer."""
        return self.say("mastermind_card", cards.placement(data.MASTERMIND, card, target))

    def deck(self, card: str, target: str) -> "Table":
        deck = self.open("protagonist_card")[0].params["deck"]
        return self.say("protagonist_card", cards.placement(deck, card, target))

    def targets(self, side: str, card: str) -> list[str]:
        """The targets the open card question offers with `card`."""
        kind = "mastermind" if side == "mastermind" else "protagonist"
        return [o.params["target"] for o in self.open(f"{kind}_card")[0].options
                if o.params["card"] == card]

    def day(self, mm: list, protagonists: dict) -> "Table":
        """S2 and S3: the Mastermind's three cards, then each deck's card by letter."""
        for card, target in mm:
            self.mm(card, target)
        while self.open("protagonist_card"):
            deck = self.open("protagonist_card")[0].params["deck"]
            self.deck(*protagonists[deck])
        return self

    def done(self, kind: str) -> "Table":
        """Finish a step of uses. A Leader with no goodwill ability to use is not asked."""
        if kind == "leader_ability" and not self.open(kind):
            assert not abilities.leader_options(self.s), "the Leader was not asked"
            return self
        return self.say(kind, flow.DONE)

    # ---- reading -------------------------------------------------------------------------
    def c(self, cid: str) -> dict:
        return self.s["characters"][cid]

    def public(self) -> list:
        return [e for e in self.events if e.audience == PUBLIC]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.public()]


def game(cast: dict, main: str = "murder_plan", subs=("a_love_affair", "an_unsettling_rumor"),
         incidents=(), days: int = 8, loops: int = 3, tragedy_set: str = "basic_tragedy",
         players: int = 4, loop: int = 1, day: int = 1, step: str = "day_start") -> Table:
    """A table at the start of `day` of `loop` whose cast is `cast` (character -> role), every
    character on its starting location with no counters."""
    s, _ = E.setup({"mode": "first_steps", "first_leader": 1}, players, seed=1)
    s["script"] = {"id": "scenario", "title": "Scenario", "tragedy_set": tragedy_set,
                   "loops": loops, "days_per_loop": days, "main_plot": main,
                   "subplots": list(subs),
                   "cast": [{"character": c, "role": r} for c, r in cast.items()],
                   "incidents": [{"day": d, "incident": i, "culprit": c}
                                 for d, i, c in incidents], "special_rules": []}
    s["characters"] = {c: {"location": data.characters()[c]["start"], "alive": True,
                           "in_play": True, "goodwill": 0, "paranoia": 0, "intrigue": 0,
                           "guards": 0} for c in cast}
    s.update(loop=loop, day=day, step=step, stage={}, questions=[], leader=1,
             days_played=day - 1)
    return Table(s)


def at(t: Table, cid: str, location: str | None = None, alive: bool = True, **counters) -> None:
    st = t.s["characters"][cid]
    if location:
        st["location"] = location
    st["alive"] = alive
    st.update(counters)
