"""The day (spec §4.4): discussion window with day powers, the lynches, the event draw and the
end-of-round upkeep.

The discussion is one "ready" question per living seat whose options also carry the day powers
that seat may use; using one suspends the window, resolves it, then asks the rest again.
"""
from __future__ import annotations

from .cards import GROUPS, group
from .core import ask, drop_questions, handler, opt, pub, push, task, tell
from .happenings import party, skip_day
from .objectives import check, declare
from .table import alive, held, living, seats


@task("day")
def _day(st, ev):
    st["phase"], st["attacked"] = "day", []
    st["day"] = {"ready": [], "sanction": None, "extra": [], "cancel": 0, "done": 0,
                "defer": 0, "amnesia": [], "lynched": []}
    if skip_day(st, ev):
        push(st, ["happening_draw"], ["upkeep"])
        return
    pub(ev, "day_begins", round=st["round"])
    party(st, ev)
    push(st, ["window"], ["lynches"], ["after_lynches"], ["draw"], ["happening_draw"], ["upkeep"])


@task("window")
def _window(st, ev):
    from .dayevents import day_powers
    for s in seats(st):
        if s not in st["day"]["ready"]:
            ask(st, s, "ready", [opt("ready", "ready")] + day_powers(st, s), "ready",
                "day_discussion", "ready", alone="ready")


@handler("ready")
def _ready(st, ev, q, choice):
    if choice == "ready":
        st["day"]["ready"].append(q["seat"])
        return
    drop_questions(st, "ready")
    push(st, ["day_power", q["seat"], choice], ["window"])


@task("day_power")
def _day_power(st, ev, s, choice):
    from .dayevents import use
    use(st, ev, s, choice)


# ---- event draw --------------------------------------------------------------------------------

def losing(st: dict) -> list:
    """Fewest living cards; then most dead cards by group P1, P2, A1, A2; ties all lose."""
    act = seats(st)
    if not act:
        return []

    def key(s):
        dead = [sum(1 for c in held(st, s) if group(c) == g and not alive(st, c)) for g in GROUPS]
        return (living(st, s), [-d for d in dead])

    best = min(key(s) for s in act)
    return [s for s in act if key(s) == best]


@task("draw")
def _draw(st, ev):
    if st["deck"]:
        push(st, *[["draw_offer", s] for s in losing(st)])


@task("draw_offer")
def _draw_offer(st, ev, s):
    if st["deck"] and not st["eliminated"][s]:
        ask(st, s, "draw_event", [opt("yes", "draw"), opt("no", "no")], "yes", "reactive",
            "draw_event")


@handler("draw_event")
def _draw_event(st, ev, q, choice):
    if choice != "yes" or not st["deck"]:
        return
    card = st["deck"].pop(0)
    st["hands"][q["seat"]].append(card)
    pub(ev, "drew_event", seat=q["seat"])
    tell(ev, q["seat"], "you_drew", event=card)


# ---- end of round ------------------------------------------------------------------------------

@task("upkeep")
def _upkeep(st, ev):
    parca, tok = st["parca"], st["tokens"]
    if parca["set"]:
        parca["disobeyed_rounds"] = 0 if parca["hit"] else parca["disobeyed_rounds"] + 1
        aw = "la_parca" in st["cards"] and st["cards"]["la_parca"]["announced"]
        if parca["disobeyed_rounds"] >= (1 if aw else 2):
            parca["kill"], parca["disobeyed_rounds"] = 1, 0
        parca["set"] = parca["hit"] = 0
    tok["arrow"], tok["scythe"], tok["melancholy"], tok["celda"] = [], [], [], []
    st["round_blocks"] = []
    if st["neurotic"]:
        st["neurotic"]["order"] = None
    from .dayevents import expire_prophecies
    expire_prophecies(st)
    if check(st, ev):
        return
    if st["round"] >= st["options"]["round_cap"]:
        declare(st, ev, [], "round_cap")
        return
    st["round"] += 1
    push(st, ["night"])
    from .custom import upkeep as custom_upkeep
    custom_upkeep(st, ev)
