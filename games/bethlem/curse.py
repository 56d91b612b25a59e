"""La Maestra Vudú's "Maldición final" awakening (spec §6.5.2), active while the card is awake and
alive. The spec says it is announced; the rulebook does not, and its effects only ever show the
card to those it touches, so no announcement is needed.

- Whoever marks the card for death alone must also mark one of their own cards.
- A mutineer attack on it needs a second consensus: which participant also loses a card (each
  names a participant; a timeout names oneself, so disagreement is the default). Without it the
  card cannot be attacked and the attack is lost.
- If the lynch kills it, its lynchers hold a second lynch among themselves.
- Whoever lays an arrow, a scythe or melancholy on it lays the same on a card of their own.
"""
from __future__ import annotations

from .cards import rules
from .core import ask, handler, pub, push, task, tell
from .deaths import mark, place
from .table import alive, card_opt, owner, parse_card, parse_seat, seat_opt, where_public

CARD = "vudu"


def cursed(st: dict, cid: str) -> bool:
    info = st["cards"].get(CARD) if cid == CARD else None
    return bool(info) and info["awake"] and alive(st, CARD)


def mirror(st: dict, cid: str, m: dict) -> None:
    """A lone attacker pays with a card of their own (night marks)."""
    if not cursed(st, cid) or m["mutineer"] and len(m["killers"]) > 1:
        return
    for k in m["killers"]:
        if k != owner(st, CARD) and not st["eliminated"][k]:
            _own(st, k, m)


def _own(st, k, m):
    ask(st, k, "curse_own", [card_opt(st, c) for c in st["rows"][k] if alive(st, c)], None,
        "night_step", "curse_own", {"mark": {**m, "killers": [k]}})


@handler("curse_own")
def _own_h(st, ev, q, choice):
    place(st, parse_card(st, choice), q["context"]["mark"])


def group_attack(st: dict, target: str, parts: list) -> bool:
    """True when the curse takes over the mutineers' attack on the card."""
    if not cursed(st, target) or not parts:
        return False
    st["night"]["curse"] = {}
    for s in parts:
        ask(st, s, "curse_pick", [seat_opt(t) for t in parts], f"s{s}", "conference",
            "curse_pick")
    push(st, ["curse_close", parts])
    return True


@handler("curse_pick")
def _pick(st, ev, q, choice):
    st["night"]["curse"][str(q["seat"])] = parse_seat(choice)


@task("curse_close")
def _close(st, ev, parts):
    picks = {st["night"]["curse"].get(str(s)) for s in parts}
    if len(picks) != 1 or None in picks:
        tell(ev, parts, "curse_blocked")
        return
    payer = picks.pop()
    m = mark("mutineers", parts, mut=1)
    place(st, CARD, m)
    tell(ev, parts, "curse_payer", seat=payer)
    _own(st, payer, m)


@task("curse_lynch")
def _lynch(st, ev, killers, was_cursed):
    """After the lynch cascade: a cursed card that died sends its lynchers to a second lynch."""
    if was_cursed and not alive(st, CARD) and killers:
        st["day"]["curse"] = list(killers)
        st["day"]["extra"].insert(0, "curse")


# ---- tokens: John Flick's arrow, La parca's scythe, Melancolía ---------------------------------

PLACED = {"arrow": "arrow_placed", "scythe": "scythe_placed"}


def mirror_token(st: dict, actor: int, kind: str, cid: str) -> None:
    """Whoever lays a harmful token on the cursed card lays one on a card of their own (the
    two-identical-modifiers cap still holds for arrows and scythes)."""
    if actor == owner(st, CARD) or not cursed(st, cid) or st["eliminated"][actor]:
        return
    if kind in PLACED and len(st["tokens"][kind]) >= rules()["modifier_cap"]:
        return
    ask(st, actor, "curse_token", [card_opt(st, c) for c in st["rows"][actor] if alive(st, c)],
        None, "night_step", "curse_token", {"kind": kind})


@handler("curse_token")
def _token(st, ev, q, choice):
    kind, c = q["context"]["kind"], parse_card(st, choice)
    st["tokens"][kind].append(c)
    if kind in PLACED:
        st["night"]["dawn"].append([PLACED[kind], c])
    else:
        pub(ev, "melancholy", **where_public(st, c))
