"""The lynch (spec §4.4.2, R-13, R-42, §6.3-6.4): a player ballot, then a card ballot among that
player's voters, both simultaneous and published when they close; Indulto's window; then the
death pipeline. Amnesia adds lynches; the small modes replace the ballots by a chooser.
"""
from __future__ import annotations

from .core import ask, clock, handler, opt, plural, pub, push, task
from .deaths import awaken_lone, mark, note_attack, resolve_now, revive
from .bodies import silenced
from .curse import cursed
from .happenings import on
from .timecontrol import stopped
from .night import blocked_against
from .objectives import INTERNOS, MUTINEER, check, refresh
from .table import (active, alive, card_opt, held, on_row, owner, parse_card, parse_seat,
                    seat_opt, seats, where_public)


def voters(st: dict) -> list:
    """Active players with a vote today (3p even rounds: only the two partners vote)."""
    out = []
    for s in seats(st):
        if st["vote_lost"][s] or s == st["day"]["sanction"] or stopped(st, s) or silenced(st, s):
            continue
        if st["mode"] == "three" and s == st["lone_player"]:
            continue
        if any(st["cards"][c]["lobotomy"] and not st["cards"][c].get("lobotomy_keeps_vote") for c in held(st, s)):
            continue
        out.append(s)
    return out


def weight(st: dict, s: int) -> int:
    return 2 if st["personalities"][s] == "responsabilidad" and st["mode"] not in ("two", "three") else 1


def _arrows(st):
    """John Flick's arrows that still add a vote (normal rules only; the card must live)."""
    if st["mode"] in ("two", "three"):
        return []
    return [c for c in st["tokens"]["arrow"] if alive(st, c) and active(st, owner(st, c))]


@task("lynches")
def _lynches(st, ev):
    dy = st["day"]
    if not dy["done"]:
        dy["done"] = 1
        if dy["cancel"]:
            pub(ev, "lynch_cancelled")
            push(st, ["lynches"])
        else:
            if amnesia_may_follow(st):
                dy["defer"] = 1
            push(st, ["lynch", "normal"], ["amnesia_late"], ["lynches"])
        return
    if dy["extra"]:
        kind = dy["extra"].pop(0)
        push(st, ["lynch", kind], ["lynches"])
        return
    if dy["defer"]:
        dy["defer"] = 0
        awaken_lone(st, ev)
        refresh(st, ev)
        check(st, ev)


def amnesia_may_follow(st: dict) -> bool:
    """Whether the window after the first lynch opens (a public fact: Amnesia lives). While it
    may, awakenings wait until the lynches end (spec §5.13), whatever Amnesia's holder does."""
    return "amnesia" in st["cards"] and alive(st, "amnesia")


@task("amnesia_late")
def _amnesia_late(st, ev):
    """The short window right after the first lynch in which Amnesia may still be declared."""
    from .dayevents import amnesia_holder
    if not amnesia_may_follow(st):
        return
    clock(st, "window_clock", "reactive_min", window="amnesia")
    s = amnesia_holder(st)
    if s is not None:
        ask(st, s, "amnesia_late", [opt("no", "no"), opt("yes", "amnesia")], "no", "reactive",
            "amnesia_late")


@handler("amnesia_late")
def _amnesia_late_h(st, ev, q, choice):
    if choice == "yes":
        from .dayevents import use
        use(st, ev, q["seat"], "amnesia")


@task("lynch")
def _lynch(st, ev, kind):
    dy = st["day"]
    dy["first_ballot"], dy["second_ballot"], dy["kind"] = {}, {}, kind
    pub(ev, "lynch_opens", kind=kind)
    if st["mode"] in ("two", "three") and kind == "normal":
        chooser = _small_mode_chooser(st)
        if chooser is not None:
            _ask_chooser(st, ev, chooser)
            return
    if kind == "pick" and not st["eliminated"][dy["picker"]]:
        s = dy["picker"]
        ask(st, s, "amnesia_pick", [seat_opt(t) for t in seats(st)], None, "vote",
            "amnesia_pick")
        return
    _ballot1(st, "normal" if kind == "pick" else kind)


def _small_mode_chooser(st):
    """3p: odd rounds the lone player; 2p: odd rounds internos, even rounds mutineers."""
    r, side = st["round"], st["sides"]
    if st["mode"] == "three":
        return st["lone_player"] if r % 2 == 1 and not st["eliminated"][st["lone_player"]] else None
    want = INTERNOS if r % 2 == 1 else MUTINEER
    return next((s for s in seats(st) if side[s] == want), None)


def _ask_chooser(st, ev, s):
    rivals = [t for t in seats(st) if st["sides"][t] != st["sides"][s]]
    if st["mode"] == "two":
        cards = [c for t in rivals for c in _eligible(st, t, "normal")]
        if not cards:      # nothing to choose from (public facts): no question
            pub(ev, "no_lynch", why={"key": "none_eligible"})
            return
        ask(st, s, "lynch_card", [opt("none", "none")] + [card_opt(st, c) for c in cards],
            "none", "vote", "chooser_card")
    else:
        ask(st, s, "lynch_player", [opt("none", "none")] + [seat_opt(t) for t in rivals],
            "none", "vote", "chooser_player")


@handler("chooser_player")
def _chooser_player(st, ev, q, choice):
    if choice == "none":
        pub(ev, "no_lynch", why={"key": "declined", "by": q["seat"]})
        return
    t = parse_seat(choice)
    pub(ev, "lynched_player", seat=t, why={"key": "chosen", "by": q["seat"]})
    cards = _eligible(st, t, "normal")
    if not cards:
        pub(ev, "no_card_eligible", seat=t)
        return
    if len(cards) == 1:     # the one card the lynch can take (all public facts): no question
        _chooser_card(st, ev, {"seat": q["seat"]}, card_opt(st, cards[0])[0])
        return
    ask(st, q["seat"], "lynch_card", [card_opt(st, c) for c in cards], card_opt(st, cards[0])[0],
        "vote", "chooser_card")


@handler("chooser_card")
def _chooser_card(st, ev, q, choice):
    if choice == "none":
        pub(ev, "no_lynch", why={"key": "declined", "by": q["seat"]})
        return
    c = parse_card(st, choice)
    push(st, ["lynch_window", c, [q["seat"]], {"key": "chosen", "by": q["seat"]}])


@handler("amnesia_pick")
def _amnesia_pick(st, ev, q, choice):
    t = parse_seat(choice)
    st["day"]["lynched"].append(t)
    pub(ev, "lynched_player", seat=t, why={"key": "amnesia", "by": q["seat"]})
    _card_stage(st, ev, t, voters(st), "pick")


def _ballot1(st, kind):
    dy = st["day"]
    if kind == "dead":
        cands = [t for t in seats(st) if _eligible(st, t, "dead")]
    elif kind == "curse":
        cands = [t for t in dy["curse"] if t in seats(st)]
    else:
        cands = seats(st)
    order = st["neurotic"]["order"] if st["neurotic"] else None
    dy["voters"] = [v for v in voters(st) if kind != "curse" or v in cands]
    for v in dy["voters"]:
        arch = [t for t in cands if not blocked_against(st, v, t)]
        opts = [seat_opt(t) for t in arch] + [opt("abstain", "abstain")]
        default = "abstain"
        if (order and order[0] == st["round"] and st["neurotic"]["controlled"] == v and st["round"] % 2 == 0
                and order[1] in arch and kind == "normal"):
            opts, default = [seat_opt(order[1])], f"s{order[1]}"
        ask(st, v, "vote_player", opts, default, "vote", "ballot1", public=True, kind=kind,
            alone="cover")
    push(st, ["b1_close"])


@handler("ballot1")
def _ballot1_h(st, ev, q, choice):
    st["day"]["first_ballot"][str(q["seat"])] = None if choice == "abstain" else parse_seat(choice)


def _count(st, ev, voters, ballots, announce) -> dict:
    """Both ballots announce each vote in seat order and weigh it the same way."""
    tally: dict = {}
    for v in voters:
        x = ballots.get(str(v))
        if x is None:
            pub(ev, "vote_abstained", voter=v)
        else:
            announce(v, x)
            tally[x] = tally.get(x, 0) + weight(st, v)
    return tally


@task("b1_close")
def _b1_close(st, ev):
    dy = st["day"]
    tally = _count(st, ev, dy["voters"], dy["first_ballot"],
                   lambda v, t: pub(ev, "vote_player_cast", voter=v, target=t))
    if tally:
        for c in _arrows(st):
            o = owner(st, c)
            tally[o] = tally.get(o, 0) + 1
    top = _strict_max(tally)
    if top is None and on(st, "dos_pajaros") and tally:
        _two_birds(st, ev, tally)
        return
    if top is None:
        pub(ev, "no_lynch", why=_verdict(tally, None))
        return
    dy["lynched"].append(top)
    pub(ev, "lynched_player", seat=top, why=_verdict(tally, top))
    backers = [v for v in dy["voters"] if dy["first_ballot"].get(str(v)) == top]
    _card_stage(st, ev, top, backers, dy["kind"])


def _two_birds(st, ev, tally):
    """Dos pájaros de un tiro: every player tied on top loses a card, picked by their voters."""
    dy, best = st["day"], max(tally.values())
    tops = sorted(k for k, v in tally.items() if v == best)
    for t in tops:
        dy["lynched"].append(t)
        pub(ev, "lynched_player", seat=t, why={"key": plural("two_birds", best), "votes": best})
    push(st, *[["tie_stage", t, [v for v in dy["voters"] if dy["first_ballot"].get(str(v)) == t]]
               for t in tops])


@task("tie_stage")
def _tie_stage(st, ev, t, backers):
    st["day"]["second_ballot"] = {}
    _card_stage(st, ev, t, backers, "normal")


def _verdict(tally: dict, top) -> dict:
    """The rule that settled a ballot, for its result line: the most votes (of how many were
    cast, weights and arrows counted), a tie, or no vote at all."""
    total = sum(tally.values())
    if not tally:
        return {"key": "no_votes"}
    if top is None:
        return {"key": plural("tie", max(tally.values())), "votes": max(tally.values())}
    return {"key": "most", "votes": tally[top], "total": total}


def _strict_max(tally):
    if not tally:
        return None
    best = max(tally.values())
    tops = [k for k, v in tally.items() if v == best]
    return tops[0] if len(tops) == 1 and best > 0 else None


def _eligible(st, t, kind):
    row = [c for c in st["rows"][t] if on_row(st, c)]
    if kind == "dead":
        return [c for c in row if not alive(st, c)]
    out = []
    for c in row:
        if not alive(st, c) or c in st["tokens"]["celda"]:
            continue
        if c == "john_flick" and st["cards"][c]["announced"]:
            continue
        if st["mode"] in ("two", "three") and c in st["tokens"]["arrow"]:
            continue
        out.append(c)
    return out


def _card_stage(st, ev, t, backers, kind):
    dy = st["day"]
    cards = _eligible(st, t, kind)
    flick = [c for c in _arrows(st) if c in cards]
    if flick and "john_flick" in st["cards"] and st["cards"]["john_flick"]["announced"] and kind != "dead":
        push(st, ["lynch_window", flick[0], backers, {"key": "arrow"}])
        return
    if not cards:
        pub(ev, "no_card_eligible", seat=t)
        return
    if len(cards) == 1:
        push(st, ["lynch_window", cards[0], backers, {"key": "only_card"}])
        return
    dy["second_ballot_voters"] = [v for v in backers if v in voters(st)]
    for v in dy["second_ballot_voters"]:
        ask(st, v, "vote_card", [card_opt(st, c) for c in cards] + [opt("abstain", "abstain")],
            "abstain", "vote", "ballot2", public=True, seat=t)
    push(st, ["b2_close", cards])


@handler("ballot2")
def _ballot2_h(st, ev, q, choice):
    st["day"]["second_ballot"][str(q["seat"])] = None if choice == "abstain" else parse_card(st, choice)


@task("b2_close")
def _b2_close(st, ev, cards):
    dy = st["day"]
    tally = _count(st, ev, dy["second_ballot_voters"], dy["second_ballot"],
                   lambda v, c: pub(ev, "vote_card_cast", voter=v, **where_public(st, c)))
    if tally and dy["kind"] != "dead":
        for c in _arrows(st):
            if c in cards:
                tally[c] = tally.get(c, 0) + 1
    top = _strict_max(tally)
    if top is None:
        pub(ev, "no_card_chosen", why=_verdict(tally, None))
        return
    killers = [v for v in dy["second_ballot_voters"] if dy["second_ballot"].get(str(v)) == top]
    push(st, ["lynch_window", top, killers, _verdict(tally, top)])


@task("lynch_window")
def _lynch_window(st, ev, c, killers, why=None):
    dy = st["day"]
    pub(ev, "lynch_card_chosen", why=why or {"key": "chosen_card"}, **where_public(st, c))
    if dy["kind"] == "dead":
        revive(st, ev, c, "amnesia")
        return
    note_attack(st, c)
    holders = [s for s in seats(st) if "indulto" in st["hands"][s]]
    clock(st, "window_clock", "reactive_min", window="indulto")
    for s in holders:
        ask(st, s, "indulto", [opt("no", "no"), opt("yes", "play_indulto")], "no", "reactive",
            "indulto")
    dy["pardon"] = None
    push(st, ["lynch_kill", c, killers])


@handler("indulto")
def _indulto(st, ev, q, choice):
    dy = st["day"]
    if choice == "yes" and dy["pardon"] is None and "indulto" in st["hands"][q["seat"]]:
        dy["pardon"] = q["seat"]
        st["hands"][q["seat"]].remove("indulto")
        st["discard"].append("indulto")


@task("lynch_kill")
def _lynch_kill(st, ev, c, killers):
    dy = st["day"]
    if dy["pardon"] is not None:
        pub(ev, "pardoned", by_seat=dy["pardon"], **where_public(st, c))
        return
    resolve_now(st, [mark("lynch", killers, cid=c)], [["curse_lynch", killers, cursed(st, c)]])
