"""The engine's continuation machine.

The rules are long chains of steps, several of which stop to ask somebody. The state therefore
keeps an agenda (`agenda`: tasks still to run, first first) and the open questions
(`questions`). `run` pops tasks while nobody is being asked anything; an answer goes to the
handler named in its question, which may push tasks or ask more. Everything stays plain JSON so a game can be stored anywhere.
"""
from __future__ import annotations

import re
from typing import Callable

from games.base import GM, PUBLIC, Event, IllegalMove

TASKS: dict[str, Callable] = {}
HANDLERS: dict[str, Callable] = {}


def task(name: str):
    """Register a step of the agenda: fn(state, events, *args)."""
    def deco(fn):
        TASKS[name] = fn
        return fn
    return deco


def handler(name: str):
    """Register what an answer does: fn(state, events, question, choice)."""
    def deco(fn):
        HANDLERS[name] = fn
        return fn
    return deco


def opt(oid: str, key: str, **params) -> list:
    return [oid, key, params]


def ask(st: dict, seat: int | None, kind: str, opts: list, default: str | None, deadline: str,
        h: str, x: dict | None = None, /, public: bool = False, refused: dict | None = None,
        **params) -> str | None:
    """Open a question. `x` is the handler's private context (its fields are declared in
    `state.CONTEXTS`); `params` fill the prompt.
    Without a stated default, a timeout takes the first option (follow-up picks of an action
    already committed to). A question with no possible answer is not asked. `refused` maps
    answers the rules forbid right now (left out of the options) to the reason given if
    somebody still sends them."""
    if seat is not None and st.get("round_blocks"):
        opts, refused = _shielded(st, seat, opts, refused)
        if refused and default in refused:
            default = None
    if not opts:
        return None
    if default is None:
        default = opts[0][0]
    question = {"seat": seat, "kind": kind, "options": opts, "default": default,
                "deadline": deadline, "public": public, "params": params, "handler": h,
                "context": x or {}}
    if seat is not None and len(opts) == 1 and deadline == "night_step" and not public:
        push(st, ["taken_alone", question])
        return None
    st["questions_asked"] += 1
    qid = str(st["questions_asked"])
    st["questions"].append({"id": qid, **question})
    if refused:
        st["questions"][-1]["refused"] = refused
    return qid


SEAT_ID = re.compile(r"(?:^|:)s(\d+)(?:p\d+)?$")


def _shielded(st, seat, opts, refused):
    """Awakened El archivo (R-63): its target may aim nothing at the archivist's cards or
    person this round, whatever the power."""
    shield = {b for a, b in st["round_blocks"] if a == seat}
    if not shield:
        return opts, refused
    keep, no = [], dict(refused or {})
    for o in opts:
        m = SEAT_ID.search(o[0])
        if m and int(m.group(1)) in shield:
            no[o[0]] = "archivo_shield"
        else:
            keep.append(o)
    return keep, no


def clock(st: dict, kind: str = "step_clock", deadline: str = "night_step_min", /,
          **params) -> None:
    """A wait nobody answers: it keeps a step open for its minimum length whoever acts."""
    ask(st, None, kind, [opt("go", "go")], "go", deadline, "clock", **params)


@handler("clock")
def _clock(st, ev, q, choice):
    return None


@task("taken_alone")
def _taken_alone(st, ev, q):
    """A night step's question with a single answer is not asked: its answer is taken once
    the step's clock ends, which keeps the step open as long as anyone's (R-73), and the
    seat is told why nothing came."""
    choice = q["options"][0][0]
    tell(ev, q["seat"], "nothing_to_do" if choice in ("pass", "none") else "only_choice_taken")
    HANDLERS[q["handler"]](st, ev, q, choice)


def push(st: dict, *tasks: list) -> None:
    """Put tasks at the front of the agenda, in the order given."""
    st["agenda"][0:0] = [list(t) for t in tasks]


def run(st: dict, ev: list) -> None:
    while not st["questions"] and st["agenda"] and st["win"] is None:
        name, *args = st["agenda"].pop(0)
        TASKS[name](st, ev, *args)
    if st["win"] is not None:
        st["questions"], st["agenda"], st["phase"] = [], [], "over"


def answer(st: dict, qid: str, choice: str) -> list:
    ev: list = []
    q = next(q for q in st["questions"] if q["id"] == qid)
    st["questions"].remove(q)
    HANDLERS[q["handler"]](st, ev, q, choice)
    run(st, ev)
    return ev


def drop_questions(st: dict, kind: str | None = None, seat: int | None = None) -> None:
    st["questions"] = [q for q in st["questions"]
               if not ((kind is None or q["kind"] == kind) and (seat is None or q["seat"] == seat))]


# Public lines that are small steps of a phase (see `games.base.Event`): the narrator's calls,
# each vote of a ballot whose result is its own line, a drawn event card.
MINOR = frozenset({"step_called", "vote_player_cast", "vote_card_cast", "vote_abstained",
                   "drew_event"})


def pub(ev: list, kind: str, /, **data) -> None:
    ev.append(Event(kind, {**data, "minor": True} if kind in MINOR else data, PUBLIC))


def gm(ev: list, kind: str, /, **data) -> None:
    ev.append(Event(kind, data, GM))


def plural(kind: str, n: int) -> str:
    """The event key for a count: `<kind>_one` or `<kind>_other` (English and Spanish need no
    more forms)."""
    return f"{kind}_one" if n == 1 else f"{kind}_other"


def tell(ev: list, to, kind: str, /, **data) -> None:
    to = [to] if isinstance(to, int) else sorted(set(to))
    if to:
        ev.append(Event(kind, data, tuple(to)))


REFUSALS = {"modifier_cap": "A third identical modifier is not allowed.",
            "parca_night": "La parca claims tonight: nobody else may kill.",
            "inevitable": "That death cannot be prevented.",
            "archivo_shield": "El archivo's awakening protects that player from you this round."}


def refuse(code: str, message: str = "", **params):
    raise IllegalMove(code, message or REFUSALS.get(code, code.replace("_", " ")), **params)


def refused(st: dict, qid: str, seat, choice: str) -> str | None:
    """Why the rules refuse this answer to an open question, if they do."""
    q = next((q for q in st["questions"] if q["id"] == qid and q["seat"] == seat), None)
    return q.get("refused", {}).get(choice) if q else None
