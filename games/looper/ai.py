"""AI seats. The Mastermind plans with its script (spec 8.3, in short): every candidate card set,
ability, incident choice and refusal is tried on a copy of the board and scored by how close it
brings the loop's tragedies (`threat`), discounted by the protagonists' best single answer.
It never sees a protagonist card before the reveal (it places first). The protagonists play from
the public view and their own cards only (`protagonist`)."""
from __future__ import annotations

import copy
from itertools import combinations

from games.base import Pending
from games.looper import abilities, cards, data, incidents, protagonist
from games.looper.table import (MM_SEAT, effective_role, has_key_person_abilities, is_alive,
                                living, role_holders)

BEAM = 7


def choose(s: dict, pending: Pending, policy: str) -> str | None:
    if policy == "baseline" or pending.seat is None:
        return None
    if pending.seat != MM_SEAT:
        return protagonist.choose(s, pending)
    pick = MASTERMIND.get(pending.kind)
    return pick(s, pending) if pick else None


# ---- how close the loop is to a tragedy -------------------------------------------------------
def threat(s: dict) -> float:
    """The Mastermind's estimate of a board: large once the loop is lost, else the progress of
    every route to a loss (plot thresholds, killings, incidents still to come)."""
    if s["loop_lost"]:
        return 100.0
    v = 0.0
    ts = s["script"]["tragedy_set"]
    for pid in [s["script"]["main_plot"], *s["script"]["subplots"]]:
        rule = data.plot(ts, pid).get("loop_end", {})
        for loc in _plot_locations(s, rule):
            v += 12 * min(s["location_intrigue"][loc], 2) / 2
        if "intrigue_on_role" in rule:
            for c in role_holders(s, rule["intrigue_on_role"]):
                v += 12 * min(s["characters"][c]["intrigue"], 2) / 2
    alive = living(s)
    roles = {c: effective_role(s, c) for c in alive}
    keys = [c for c in alive if has_key_person_abilities(s, c)]
    vulnerable = keys + [c for c in alive if roles[c] == "friend"]
    for k in alive:
        role = roles[k]
        ch = s["characters"][k]
        if role == "killer":
            v += 8 * min(ch["intrigue"], 4) / 4
            for kp in keys:
                together = s["characters"][kp]["location"] == ch["location"]
                v += 5 * min(s["characters"][kp]["intrigue"], 2) / 2 + (2 if together else 0)
        if role == "loved_one":
            v += 4 * min(ch["paranoia"], 3) / 3 + 3 * min(ch["intrigue"], 1)
        if role == "serial_killer":
            others = [c for c in alive if c != k and s["characters"][c]["location"]
                      == ch["location"]]
            if len(others) == 1 and others[0] in vulnerable:
                v += 8
    for inc in s["script"]["incidents"]:
        if inc["day"] < s["day"] or not is_alive(s, inc["culprit"]):
            continue
        ch = s["characters"][inc["culprit"]]
        limit = data.characters()[inc["culprit"]]["limit"]
        reach = min(ch["paranoia"], limit) / limit
        v += _incident_weight(s, inc, vulnerable) * reach ** 2
    for c in keys:
        v -= 4 * s["characters"][c]["guards"]
    for c in alive:
        if roles[c] in HELPFUL and data.characters()[c]["abilities"]:
            v -= 0.4 * min(s["characters"][c]["goodwill"], 5)
    return v


# Roles that never refuse the protagonists' goodwill: Goodwill on them is the Leader's.
HELPFUL = ("person", "key_person", "friend", "lover", "loved_one", "conspiracy_theorist",
           "serial_killer", "time_traveler")


def _plot_locations(s: dict, rule: dict) -> list[str]:
    if "intrigue_on" in rule:
        return [rule["intrigue_on"]]
    if "intrigue_on_start_of" in rule:
        holders = role_holders(s, rule["intrigue_on_start_of"])
        return [data.characters()[c]["start"] for c in holders]
    return []


def _incident_weight(s: dict, inc: dict, vulnerable: list[str]) -> float:
    """What an incident would bring if it occurred now: a death that ends the loop weighs most."""
    name, culprit = inc["incident"], inc["culprit"]
    loc = s["characters"][culprit]["location"]
    if name == "suicide":
        return 14 if culprit in vulnerable else 1
    if name == "murder":
        return 14 if any(s["characters"][c]["location"] == loc for c in vulnerable
                         if c != culprit) else 2
    if name == "hospital_incident":
        return 4 + 6 * min(s["location_intrigue"]["hospital"], 2)
    if name == "faraway_murder":
        return 4 + 5 * max([min(s["characters"][c]["intrigue"], 2) for c in vulnerable] or [0])
    if name == "butterfly_effect":
        return 14 if s["script"]["main_plot"] == "change_of_future" else 2
    if name == "foul_evil":
        return 12 if s["script"]["main_plot"] == "the_sealed_item" else 2
    return 3


def scratch(s: dict) -> dict:
    """A copy of the parts of the board a trial can change (much cheaper than a deep copy; the
    script and options are shared, read-only)."""
    s2 = dict(s)
    s2["characters"] = {k: dict(v) for k, v in s["characters"].items()}
    s2["location_intrigue"] = dict(s["location_intrigue"])
    s2["placed"] = [dict(p) for p in s["placed"]]
    s2["deck_set_aside"] = {k: list(v) for k, v in s["deck_set_aside"].items()}
    s2["revealed_roles"] = dict(s["revealed_roles"])
    s2["stage"] = copy.deepcopy(s["stage"])
    for key in ("mastermind_hand", "mastermind_set_aside", "incidents_occurred",
                "abilities_used_today", "abilities_used_loop", "chronicle"):
        s2[key] = list(s[key])
    return s2


def _after(s: dict, fn) -> float:
    s2 = scratch(s)
    fn(s2)
    return threat(s2)


# ---- S2: three cards ------------------------------------------------------------------------
def _resolve_copy(s: dict, extra: list[tuple[str, str]], counter: dict | None = None) -> float:
    s2 = scratch(s)
    for card_id, target in extra:
        s2["placed"].append({"owner": data.MASTERMIND, "card": card_id, "target": target})
    if counter:
        s2["placed"].append({"owner": "A", **counter})
    cards.reveal_and_move(s2, [])
    cards.resolve_rest(s2, [], cards.cultist_may_ignore(s2))
    return threat(s2)


COUNTER = {"intrigue_plus1": "forbid_intrigue", "intrigue_plus2": "forbid_intrigue",
           "paranoia_plus1": "paranoia_minus1", "move_vertical": "forbid_movement",
           "move_horizontal": "forbid_movement", "move_diagonal": "forbid_movement"}


def _set_value(s: dict, chosen: list[tuple[str, str]]) -> float:
    """The effect of the cards still to place (those placed already lie on the board), minus
    half of what the protagonists' best single answer takes away."""
    full = _resolve_copy(s, chosen)
    worst = full
    for card_id, target in chosen:
        if card_id in COUNTER:
            worst = min(worst, _resolve_copy(s, chosen, {"card": COUNTER[card_id],
                                                         "target": target}))
    return (full + worst) / 2


def _mastermind_card(s: dict, pending: Pending) -> str:
    return cards.placement(data.MASTERMIND, *_mastermind_pair(s))


def _mastermind_pair(s: dict) -> tuple[str, str]:
    """The card and target that open the best set of the cards still to place: the strongest
    singles tried together, as the protagonists could answer them."""
    fixed = [(p["card"], p["target"]) for p in s["placed"] if p["owner"] == data.MASTERMIND]
    base = _resolve_copy(s, [])
    singles = []
    for card_id in dict.fromkeys(cards.hand(s, data.MASTERMIND)):
        for target in cards.targets(s, data.MASTERMIND):
            if not _inert(card_id, target):
                singles.append((_resolve_copy(s, [(card_id, target)]) - base,
                                (card_id, target)))
    singles.sort(key=lambda x: -x[0])
    top = [x for x in singles[:BEAM] if x[0] > 0]
    need = 3 - len(fixed)
    best, best_pair = None, None
    for k in range(min(need, len(top)), 0, -1):
        for combo in combinations(top, k):
            pairs = [c[1] for c in combo]
            if len({t for _, t in pairs}) < k or not _hand_allows(s, [c for c, _ in pairs]):
                continue
            value = _set_value(s, pairs)
            if best is None or value > best:
                best, best_pair = value, pairs[0]
        if best_pair:
            break
    return best_pair or _mask(s)


def _inert(card_id: str, target: str) -> bool:
    """Cards that cannot change the board when the Mastermind places them (before any
    protagonist card): forbids, and anything but Intrigue on a location."""
    return card_id.startswith("forbid") or (target in data.LOCATIONS
                                            and not card_id.startswith("intrigue"))


def _hand_allows(s: dict, wanted: list[str]) -> bool:
    hand = cards.hand(s, data.MASTERMIND)
    for c in wanted:
        if c not in hand:
            return False
        hand.remove(c)
    return True


def _mask(s: dict) -> tuple[str, str]:
    """A card that changes nothing and spends nothing: Paranoia on a location, else the first
    card that is not once per loop."""
    hand = list(dict.fromkeys(cards.hand(s, data.MASTERMIND)))
    where = cards.targets(s, data.MASTERMIND)
    for card_id in hand:
        if card_id.startswith(("paranoia", "forbid")):
            return card_id, where[0]
    steady = [c for c in hand if not cards.once_per_loop(data.MASTERMIND, c)]
    return (steady or hand)[0], where[0]


# ---- other Mastermind decisions -------------------------------------------------------------
def _best_by_threat(s: dict, pending: Pending, apply) -> str:
    scored = [(_after(s, lambda s2, o=o: apply(s2, o.id)), i, o.id)
              for i, o in enumerate(pending.options)]
    return max(scored, key=lambda x: (x[0], -x[1]))[2]


def _mastermind_ability(s: dict, pending: Pending) -> str:
    now = threat(s)
    best = now + 0.01, "done"
    for o in pending.options:
        if o.id == "done":
            continue
        v = _after(s, lambda s2, o=o: abilities.apply_mastermind(s2, [], o.id))
        if v > best[0]:
            best = v, o.id
    return best[1]


def _refusal(s: dict, pending: Pending) -> str:
    ids = [o.id for o in pending.options]
    if len(ids) == 1:
        return ids[0]
    ability = pending.params["ability"]
    use = s["stage"].get("use")
    if ability in ("reveal_role_here", "reveal_own_role", "reveal_culprit"):
        return "refuse"
    if use:
        after = _after(s, lambda s2: abilities.resolve_leader(s2, [], *use))
        if after < threat(s) - 0.5:
            return "refuse"
    return "allow"


def _incident(s: dict, pending: Pending) -> str:
    inc = incidents.today(s)
    return _best_by_threat(s, pending, lambda s2, oid: incidents.resolve(s2, [], inc, oid))


def _day_end(s: dict, pending: Pending) -> str:
    for o in pending.options:
        if o.id != "done":
            return o.id
    return "done"


MASTERMIND = {
    "mastermind_card": _mastermind_card,
    "cultist": lambda s, p: p.options[-1].id,
    "mastermind_ability": _mastermind_ability, "refusal": _refusal,
    "informer": lambda s, p: p.options[0].id, "incident_choice": _incident,
    "day_end": _day_end,
}
