"""The protagonists' AI: it reads only its seat's view (the public board, the public sheet, the
targets of face-down cards and its own cards), never the script.

Cards: block the day's most dangerous Mastermind card (a single Forbid Intrigue, played by the
first deck of the day only, so teammates never cancel each other), calm whoever is closest to
panic, and raise Goodwill on characters whose abilities protect. Abilities: every use that
lowers Paranoia or Intrigue, guards, and reveals for the Final Guess."""
from __future__ import annotations

from itertools import product

from games.base import Pending
from games.looper import cards, data, views
from games.looper.board import VECTOR, combine, moved

USEFUL = {"police_officer": 2.0, "doctor": 2.5, "shrine_maiden": 2.0, "girl_student": 1.0,
          "boy_student": 1.0, "rich_mans_daughter": 1.0, "informer": 0.8, "office_worker": 0.8}


def choose(s: dict, pending: Pending) -> str | None:
    view = views.seat_view(s, pending.seat)
    pick = PICKS.get(pending.kind)
    return pick(view, pending) if pick else pending.default


def _chars(view: dict) -> dict:
    return {c["id"]: c for c in view["characters"] if c["alive"]}


def _vulnerable(view: dict) -> dict[str, set[str]]:
    """Characters whose death ended an earlier lost loop, with where they died: the ones the
    table watches over, and the places to keep them from."""
    ends = {r["loop"]: r["day"] for r in view["loop_results"] if r["lost"]}
    out: dict[str, set[str]] = {}
    for d in view["chronicle"]:
        if d["loop"] < view["loop"] and ends.get(d["loop"]) == d["day"]:
            out.setdefault(d["character"], set()).add(d["location"])
    return out


def _night_danger(view: dict, ours: tuple[str, str] | None = None) -> float:
    """The chance, with our card `ours` (card, target) added, that a watched character ends
    the day beside someone who stood with it when its death ended an earlier loop (the public
    trace of a killing that needs company). Each character the Mastermind put a card on may
    get any movement card it still holds, or none; a guess under which the board as it stands
    would bring that meeting counts three times, since the Mastermind placed first, for it."""
    chars = _chars(view)
    ends = {r["loop"]: r["day"] for r in view["loop_results"] if r["lost"]}
    deaths = [(d["character"], set(d["with"])) for d in view["chronicle"]
              if d["loop"] < view["loop"] and ends.get(d["loop"]) == d["day"]
              and d["character"] in chars]
    if not deaths:
        return 0.0
    targets = sorted({p["target"] for p in view["placed"]
                      if p["owner"] == data.MASTERMIND and p["target"] in chars})
    options = [None, *(m for m in VECTOR if m not in view["set_aside"]["mastermind"])]
    bad = total = 0.0
    for combo in product(options, repeat=len(targets)):
        guess = dict(zip(targets, combo))
        weight = 3.0 if _meets(chars, guess, None, deaths) else 1.0
        total += weight
        bad += weight * (_meets(chars, guess, ours, deaths) if ours else weight > 1)
    return bad / total


def _meets(chars: dict, guess: dict, ours: tuple[str, str] | None, deaths: list) -> bool:
    """Whether, after the guessed Mastermind movements and ours, a watched character stands
    with one of its former companions."""
    where = {}
    for cid, c in chars.items():
        played = [guess.get(cid)] + ([ours[0]] if ours and ours[1] == cid else [])
        vector = None if "forbid_movement" in played else combine([m for m in played if m])
        dest = moved(c["location"], vector) if vector else c["location"]
        where[cid] = c["location"] if dest in data.characters()[cid]["forbidden"] else dest
    return any(where.get(o) == where[w] for w, company in deaths for o in company)


def _card(view: dict, pending: Pending) -> str:
    """The most useful placement offered, else the harmless one a miss would play."""
    deck = pending.params["deck"]
    pair = _pair(view, deck, [(o.params["card"], o.params["target"]) for o in pending.options])
    return cards.placement(deck, *pair) if pair else pending.default


def _pair(view: dict, deck: str, pairs: list[tuple[str, str]]) -> tuple[str, str] | None:
    """The most useful (card, target) among `pairs`, or None when all would harm."""
    chars = _chars(view)
    weak = _vulnerable(view)
    mm = {p["target"] for p in view["placed"] if p["owner"] == data.MASTERMIND}
    first = not any(p["owner"] != data.MASTERMIND for p in view["placed"])
    upcoming = any(i["day"] >= view["day"] for i in view["sheet"]["incidents"])
    placed = {p["owner"] for p in view["placed"]}
    # A teammate still to play who holds Forbid Movement keeps watched targets free for it.
    reserve = any(d != deck and d not in placed and "forbid_movement" not in view["set_aside"][d]
                  for d in data.DECKS)
    danger = _night_danger(view)
    best: tuple[float, tuple[str, str] | None] = (-1.0, None)
    for card_id, target in pairs:
        c = chars.get(target)
        v = 0.0
        care = 3.0 if target in weak else 0.0
        # how much safer a movement card leaves the watched characters tonight
        saved = (danger - _night_danger(view, (card_id, target))
                 if danger and c and card_id in (*VECTOR, "forbid_movement") else 0.0)
        if (care and target in mm and reserve and card_id != "forbid_movement"
                and saved < danger):
            continue
        if card_id == "forbid_intrigue" and target in mm and first:
            held = view["locations"][target] if c is None else c["intrigue"]
            v = (5 if c is None else 3) + 2.5 * held + care
        elif card_id == "paranoia_minus1" and c and (c["paranoia"] or target in mm):
            v = 4 * (c["paranoia"] + (target in mm)) / c["limit"] * (1 if upcoming else 0.5)
            v += care if target in mm and c["paranoia"] else 0
        elif card_id == "forbid_movement" and c and target in mm:
            v = 2.0 + 1.5 * care + 8 * saved
        elif card_id in ("move_vertical", "move_horizontal") and c and saved > 0:
            # turn the Mastermind's movement aside, keeping Forbid Movement for another day
            v = 2.5 + 8 * saved + (0.5 if saved == danger else 0)
        elif card_id in ("goodwill_plus1", "goodwill_plus2") and c:
            v = USEFUL.get(target, 0.2) * (0.5 if target in mm else 1.0)
            v *= 1.5 if target == "police_officer" and weak else 1.0
            v *= 1.3 if card_id == "goodwill_plus2" else 1.0
        elif c is None and card_id in ("paranoia_plus1", "move_vertical", "move_horizontal"):
            v = 0.1
        if v > best[0]:
            best = (v, (card_id, target))
    return best[1]


def _ability(view: dict, pending: Pending) -> str:
    chars = _chars(view)
    weak = _vulnerable(view)
    best = (0.0, "done")
    for o in pending.options:
        if o.id == "done":
            continue
        p = o.params
        ability, target = p["ability"], chars.get(p.get("target", ""))
        v = 0.0
        if ability == "calm_student" or (ability == "treat" and p["sign"] == "minus"):
            v = 3 * target["paranoia"] / target["limit"] if target else 0
        elif ability == "purify_shrine":
            v = 3.0 if view["locations"]["shrine"] else 0
        elif ability == "guard" and target:
            v = 1.0 + target["intrigue"] + (3 if target["id"] in weak else 0)
        elif ability in ("reveal_role_here", "reveal_own_role"):
            who = p.get("target") or p["character"]
            v = 0.0 if who in view["revealed_roles"] else 1.2
        elif ability in ("reveal_culprit", "name_subplot"):
            v = 0.6
        elif ability == "share_goodwill" and target:
            v = USEFUL.get(target["id"], 0) / 2
        if v > best[0]:
            best = (v, o.id)
    return best[1]


def _guess(view: dict, pending: Pending) -> str:
    who = pending.params["character"]
    known = (view["revealed_roles"].get(who) or view.get("notes", {}).get(who)
             or _deduced(view).get(who))
    return known if known and pending.option(known) else "person"


def _deduced(view: dict) -> dict[str, str]:
    """Roles the public deaths point to: whoever's death cut a loop short is the Key Person,
    and whoever stood alone with it when it died at night is the Serial Killer."""
    short = {r["loop"]: r["day"] for r in view["loop_results"]
             if r["lost"] and r["day"] < view["sheet"]["days_per_loop"]}
    last = {d["loop"]: d for d in view["chronicle"]}
    out: dict[str, str] = {}
    for d in view["chronicle"]:
        if short.get(d["loop"]) != d["day"] or last[d["loop"]] is not d:
            continue
        out.setdefault(d["character"], "key_person")
        if d["step"] == "day_end" and len(d["with"]) == 1:
            out.setdefault(d["with"][0], "serial_killer")
    return out


PICKS = {"spiral": lambda v, p: "begin", "confirm_final_guess": lambda v, p: "confirm",
         "notes": lambda v, p: "close", "note_role": lambda v, p: "unknown",
         "protagonist_card": _card, "leader_ability": _ability, "guess": _guess,
         "pass_deck": lambda v, p: p.default}
