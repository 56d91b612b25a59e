"""On-death effects, fired in the fixed order of spec §4.5.4 (R-32).

Each effect either marks cards for the next batch of the cascade or brings a card back; the
ones that need a decision ask the dead card's owner and finish in the answer's handler.
"""
from __future__ import annotations

from .cards import CELLMATES, GROUPS, group
from .core import ask, gm, handler, opt, pub
from .deaths import add_mark, mark, open_news, revive
from .table import (alive, bipolar, card_opt, dead_cards, held, is_mut, living_targets,
                    neighbour, owner, parse_card, principal, where, where_public)


def fire(st: dict, ev: list, kind: str, c: str) -> None:
    globals()["_" + kind](st, ev, c)


def _gas(st, ev, c):
    from .laughing import on_death
    on_death(st, ev)


def _maze(st, ev, c):
    from .maze import swap
    swap(st, ev)


def _vudu(st, ev, c):
    from .voodoo import harm, offer
    s = owner(st, c)
    offer(st, ev, s, harm(st, s))


def _chef(st, ev, c):
    from .machines import chef_offer
    chef_offer(st, ev)


def _mode_question(st, s, kind, h, c):
    ask(st, s, kind, [opt("normal", "effect_normal"), opt("opposite", "effect_opposite")],
        "normal", "reactive", h, {"card": c})


def _profeta(st, ev, c):
    keep = []
    for a, b, mode in st["tokens"]["flames"]:
        if c not in (a, b):
            keep.append([a, b, mode])
        elif mode == "n" and c == a:
            revive(st, ev, b, "profeta")
        elif mode == "b":
            add_mark(st, b if c == a else a, mark("profeta", [], indirect=1))
    st["tokens"]["flames"] = keep


def _juego(st, ev, c):
    chip = st["tokens"]["chip"]
    if not chip:
        return
    card = st["cards"][c]
    if card["awake"] and not card.get("guessed"):
        card["guessed"] = 1
        ask(st, owner(st, c), "gamble_guess", [opt(g, "group", group=g) for g in GROUPS],
            GROUPS[0], "reactive", "gamble_guess", {"card": c})
        return
    _chip_falls(st, ev)


def _chip_falls(st, ev):
    chip = st["tokens"]["chip"]
    st["tokens"]["chip"] = None
    add_mark(st, chip, mark("juego_de_azar", [], indirect=1))


@handler("gamble_guess")
def _gamble_guess(st, ev, q, choice):
    c = q["context"]["card"]
    chip = st["tokens"]["chip"]
    right = chip is not None and group(chip) == choice
    pub(ev, "gamble_guess", group=choice, right=right)
    if right:
        revive(st, ev, c, "juego_de_azar")
    else:
        _chip_falls(st, ev)


def _celda_mates(st, ev, c):
    s = owner(st, c)
    if bipolar(st, s):
        _mode_question(st, s, "mates_mode", "mates_mode", c)
    else:
        _mates_apply(st, ev, c, "n")


@handler("mates_mode")
def _mates_mode(st, ev, q, choice):
    _mates_apply(st, ev, q["context"]["card"], "b" if choice == "opposite" else "n")


def _mates_apply(st, ev, c, mode):
    s, p = where(st, c)
    pos = 5 - p if mode == "b" else p
    rows = sorted({owner(st, o) for o in CELLMATES if o != c and o in st["cards"]} - {s, None})
    for h in rows:
        if not st["eliminated"][h]:
            add_mark(st, st["rows"][h][pos - 1], mark("companeros", [], indirect=1))
    if st["cards"][c]["awake"]:
        mine = [d for d in held(st, s) if not alive(st, d) and st["cards"][d].get("cause") == "companeros"]
        if mine:
            ask(st, s, "mates_revive", [opt("yes", "yes"), opt("no", "no")], "no", "reactive",
                "mates_revive", {"cards": mine})


@handler("mates_revive")
def _mates_revive(st, ev, q, choice):
    if choice == "yes":
        for d in q["context"]["cards"]:
            revive(st, ev, d, "companeros")


def _dulce(st, ev, c):
    md = st["sweet_death"]
    s = owner(st, c)
    key = "dulce_revive" if md["mode"] == "b" else "dulce_take"
    ask(st, s, key, [opt("yes", "yes"), opt("no", "no")], "no", "reactive", key,
        {"target": md["target"]})


@handler("dulce_take")
def _dulce_take(st, ev, q, choice):
    if choice == "yes":
        add_mark(st, q["context"]["target"], mark("muerte_dulce", [q["seat"]]))
    st["sweet_death"] = None


@handler("dulce_revive")
def _dulce_revive(st, ev, q, choice):
    if choice == "yes":
        revive(st, ev, q["context"]["target"], "muerte_dulce")
    st["sweet_death"] = None


def _rabia(st, ev, c):
    s = owner(st, c)
    if bipolar(st, s) and st["mode"] != "custom":
        _mode_question(st, s, "rabia_mode", "rabia_mode", c)
    else:
        _rabia_apply(st, ev, c, 1)


@handler("rabia_mode")
def _rabia_mode(st, ev, q, choice):
    _rabia_apply(st, ev, q["context"]["card"], -1 if choice == "opposite" else 1)


def infected_card(st: dict, s: int, step: int):
    """Nearest other active player that way holding a living mutineer card; its best one."""
    t = s
    for _ in range(st["players"]):
        t = neighbour(st, t, step)
        if t is None or t == s:
            return None
        muts = [m for m in held(st, t) if is_mut(st, m) and alive(st, m)]
        if muts:
            return principal(st, t, muts)
    return None


def _rabia_apply(st, ev, c, step):
    s = owner(st, c)
    if st["mode"] == "custom":
        from .custom import rabies_reveal
        rabies_reveal(st, ev, s)
        return
    target = infected_card(st, s, step)
    if target is None:
        gm(ev, "gm_rabies_nobody")
        return
    gm(ev, "gm_rabies", card=target)
    if st["cards"][c]["awake"]:
        add_mark(st, target, mark("infecto_de_rabia", [], indirect=1))
    else:
        st["rabies"].append(target)


def _mania(st, ev, c):
    s = owner(st, c)
    card = st["cards"][c]
    if card["awake"] and bipolar(st, s):
        opts = [opt("normal", "effect_normal")] + [
            [f"rev:{card_opt(st, d)[0]}", "revive_card", card_opt(st, d)[2]]
            for d in dead_cards(st) if d != c and where(st, d)[1] > 0]
        ask(st, s, "mania_awake", opts, "normal", "reactive", "mania_awake", {"card": c})
        return
    _mania_ask(st, c, 2 if card["awake"] else 1)


def _mania_ask(st, c, left):
    s = owner(st, c)
    opts = [card_opt(st, t) for t in living_targets(st, exclude=(c,))
            if t not in st["cascade"]["taken"]]
    if not opts:
        return
    ask(st, s, "mania_target", opts + [opt("pass", "pass")], "pass", "reactive",
        "mania_target", {"card": c, "left": left})


@handler("mania_awake")
def _mania_awake(st, ev, q, choice):
    if choice == "normal":
        _mania_ask(st, q["context"]["card"], 2)
    else:
        revive(st, ev, parse_card(st, choice[4:]), "mania_persecutoria")


@handler("mania_target")
def _mania_target(st, ev, q, choice):
    if choice == "pass":
        return
    t = parse_card(st, choice)
    st["cascade"]["taken"].append(t)
    add_mark(st, t, mark("mania_persecutoria", [q["seat"]]))
    open_news(st, ev, q["seat"], "mania_takes", by_seat=q["seat"], **where_public(st, t))
    if q["context"]["left"] > 1:
        _mania_ask(st, q["context"]["card"], q["context"]["left"] - 1)


def _ali(st, ev, c):
    killers = sorted(st["cards"][c]["killers"])
    if len(killers) == 1:
        _silence(st, ev, killers[0])
        return
    s = owner(st, c)
    ask(st, s, "ali_silence", [opt(f"s{k}", "player", seat=k) for k in killers],
        f"s{killers[0]}", "reactive", "ali_silence")


@handler("ali_silence")
def _ali_silence(st, ev, q, choice):
    _silence(st, ev, int(choice[1:]))


def _silence(st, ev, seat):
    st["vote_lost"][seat] = 1
    pub(ev, "vote_lost", seat=seat)


def _larry(st, ev, c):
    add_mark(st, st["night"]["shown"], mark("larry_owls", [], indirect=1))

