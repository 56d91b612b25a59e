"""Setup for the four modes (spec §3, §6.3-6.5): card-set checks, seating, dealing, the 2-player
draft, the 3-player sides, each player's row arrangement, objectives, then Night 1.
"""
from __future__ import annotations

from games.rng import Rng

from .cards import CELLMATES, GROUPS, INTERNO_P1, TWINS, catalog, group, rules, sets
from .core import ask, handler, opt, pub, push, refuse, run, task, tell
from .deaths import awaken_lone
from .objectives import INTERNOS, MUTINEER, compute
from .table import new_card
from .state import STATE_VERSION

CARD_KINDS = GROUPS + ("personality",)   # a set's other entries (P2_alternative) are not options
SMALL_SIDES = {MUTINEER: ("daniel", "nathaniel"), INTERNOS: ("larry_owls", "krugman")}


def default_options(mode: str, players: int) -> dict:
    s = sets()
    if mode == "custom":
        base = s["normal"][str(players)]
        chars = s["custom"]["characters"][:players]
        cards = {**{g: list(base[g]) for g in base}, "P1": chars}
        events = s["events"] + s["custom"]["events"]
        objectives = dict(s["custom"]["objectives"][str(players)])
    else:
        cards = {g: list(v) for g, v in s[mode][str(players)].items() if g in CARD_KINDS}
        events, objectives = list(s["events"]), None
    r = rules()
    out = {"cards": cards, "events": events, "ali_detect_pct": r["ali_detect_pct"],
           "cuentacuentos": r["cuentacuentos"], "round_cap": r["round_cap"]}
    if objectives:
        out["objectives"] = objectives
        out["happenings"] = r["happenings_every"]
    if mode == "three":
        out["p2_group"] = "A"
    return out


def _check_set(mode, n, cards):
    life = catalog()["life"]
    per = {"two": 4, "three": 4}.get(mode, n)
    for g in GROUPS:
        got = cards.get(g, [])
        want = 6 if mode == "two" and g == "P2" else per
        if len(got) != want or len(set(got)) != len(got) or any(
                c not in life or life[c]["group"] != g or life[c].get("excluded") for c in got):
            refuse("bad_card_set", f"Group {g} needs {want} distinct cards.", group=g, count=want)
    allp = [c for g in GROUPS for c in cards[g]]
    if sum(c in allp for c in TWINS) == 1 or sum(c in allp for c in CELLMATES) not in (0, 3):
        refuse("bad_card_set", "Siamesas come in pairs and Compañeros in threes.", group="P2",
               count=per)
    pers = cards.get("personality", [])
    need = {"two": 3, "three": 3}.get(mode, n)
    if len(pers) < need or "cuentacuentos" in pers:
        refuse("bad_card_set", "Not enough personality cards.", group="personality", count=need)
    if mode == "normal" and not (set(cards["P1"]) & {"daniel", "nathaniel"}
                                 and set(cards["P1"]) & set(INTERNO_P1)):
        refuse("bad_card_set", "Normal mode needs a mutineer and an interno main character.",
               group="P1", count=n)
    if mode == "three" and set(allp + pers) & set(sets()["excluded_in_three"]):
        refuse("bad_card_set", "That card has no place in the 3-player mode.", group="3p",
               count=per)
    if mode == "custom":
        from .custom import SUPPORTED
        if any(c not in SUPPORTED for c in cards["P1"]):
            refuse("unsupported_card", "That custom character is not available.", group="P1",
                   count=n)


def new_cx() -> dict:
    """Custom-mode bookkeeping: one entry per custom character or happening."""
    return {"link": None, "maze": [], "laughs": [], "hakis": [], "shield": [],
            "observed": None, "points": 0, "broccoli": {}, "broccoli_deaths": [],
            "centre": 0,
            "broccoli_dealt": 0, "fed": [], "meals": [], "medium": [], "inquired": 0,
            "doctor": {"carro": 0, "coma": 0}, "clock": {"numbers": {}, "shown": [], "powers": []},
            "gamble": {"bets": [], "count": {}, "owed": []}}


def new_state(options: dict, n: int, seed: int) -> dict:
    mode = options["mode"]
    cards = options["cards"]
    if mode == "three" and options.get("p2_group") == "B":
        cards = {**cards, "P2": sets()["three"]["3"]["P2_alternative"]}
    _check_set(mode, n, cards)
    st = {
        "version": STATE_VERSION, "rng": Rng.seed(seed), "mode": mode, "players": n, "round": 1,
        "phase": "setup", "questions_asked": 0, "questions": [], "agenda": [], "win": None,
        "seating": list(range(n)),
        "options": {k: options[k] for k in ("ali_detect_pct", "cuentacuentos", "round_cap")},
        "rows": [[] for _ in range(n)], "reserve": [[] for _ in range(n)],
        "grave": [[] for _ in range(n)], "cards": {}, "personalities": [None] * n,
        "personality_shown": [0] * n, "hands": [[] for _ in range(n)], "deck": [],
        "discard": [], "eliminated": [0] * n, "vote_lost": [0] * n, "objectives": [None] * n,
        "known_cards": [[] for _ in range(n)],
        "tokens": {"arrow": [], "scythe": [], "flames": [], "melancholy": [], "chip": None,
                   "chip_mode": "n", "chip_round": 0, "patience": [], "celda": [], "director": None,
                   "daniel": [], "pandora": [], "coma": [], "transplant": None},
        "history": {"melancolia": [], "hostilidad": [], "ansiedad_social": [], "larry": [],
                    "mary": [], "mary_director": [], "mary_permanent": [], "mary_awake_used": 0,
                    "archive_awake": [], "archive_lost": 0, "director": [], "arthur": {},
                    "parca": None, "paciencia": None, "flick": None, "daniel_converted": 0,
                    "nathaniel_used": 0, "questions": [], "ali_peeked": 0},
        "parca": {"disobeyed_rounds": 0, "hit": 0, "kill": 0, "set": 0},
        "marks": [], "attacked": [], "night": {"laughed": [], "woke": {}}, "cascade": None,
        "day": {"sanction": None, "done": 0, "lynched": []},
        "pact": None, "sweet_death": None, "rabies": [], "neurotic": None, "prophecies": [],
        "round_blocks": [], "sides": None, "lone_player": None, "objective_cards": None,
        "objective_shown": None, "traitor": None, "custom": None,
        "pool": {g: list(cards[g]) for g in GROUPS + ("personality",)},
    }
    rng = Rng(st)
    rng.shuffle(st["seating"])
    deck = [e for e in options["events"] if mode == "custom" or not catalog()["events"][e].get(
        "custom")]
    st["deck"] = rng.shuffle(list(deck))
    if mode == "custom":
        objs = [o for o, k in sorted(options["objectives"].items()) for _ in range(k)]
        if len(objs) != n:
            refuse("bad_card_set", "One objective card per player.", group="objectives", count=n)
        st["objective_cards"], st["objective_shown"] = rng.shuffle(objs), [0] * n
        st["custom"] = new_cx()
        from .happenings import new_hap
        st["custom"]["happenings"] = new_hap(st, options.get("happenings"))
    return st


def counted(cards: list[str]) -> list[dict]:
    """Cards as the table reads them: each name once, with how many copies are in play
    (the Conjoined Twins, the three Cellmates)."""
    copies: dict[str, int] = {}
    for c in cards:      # the copies of a card are one name: the first copy's id names it
        first = TWINS[0] if c in TWINS else CELLMATES[0] if c in CELLMATES else c
        copies[first] = copies.get(first, 0) + 1
    return [{"key": "one", "card": c} if n == 1 else {"key": "copies", "card": c, "n": n}
            for c, n in copies.items()]


def setup(options: dict, n: int, seed: int):
    st = new_state(options, n, seed)
    ev: list = []
    pub(ev, "seating", seats=list(st["seating"]))
    pool = st["pool"]
    pub(ev, "card_set", **{g.lower(): counted(pool[g]) for g in GROUPS},
        personalities=counted(pool["personality"]))
    mode = st["mode"]
    if mode == "two":
        push(st, ["two_deal"])
    elif mode == "three":
        push(st, ["three_lone"])
    else:
        push(st, ["deal"])
    push_after = [["arrange_all"], ["start"]]
    st["agenda"].extend(push_after)
    run(st, ev)
    return st, ev


def _give(st, s, cid):
    st["cards"][cid] = new_card(s)
    st["reserve"][s].append(cid)


@task("deal")
def _deal(st, ev):
    rng = Rng(st)
    pool = st["pool"]
    for g in GROUPS:
        for s, cid in enumerate(rng.shuffle(list(pool[g]))):
            _give(st, s, cid)
    pers = rng.shuffle(list(pool["personality"]))
    st["personalities"] = pers[:st["players"]]
    if st["mode"] == "custom" and "alquimista" in st["cards"]:
        st["cards"]["alquimista"]["ghost"] = 1


# ---- 3-player mode -----------------------------------------------------------------------------

@task("three_lone")
def _three_lone(st, ev):
    st["lone_player"] = Rng(st).below(st["players"])
    pub(ev, "lone_player", seat=st["lone_player"])
    ask(st, st["lone_player"], "choose_side", [opt(MUTINEER, "side_mutineers"),
                                        opt(INTERNOS, "side_internos")],
        MUTINEER, "setup", "choose_side")


@handler("choose_side")
def _choose_side(st, ev, q, choice):
    lone, rng = st["lone_player"], Rng(st)
    other = INTERNOS if choice == MUTINEER else MUTINEER
    st["sides"] = [choice if s == lone else other for s in range(st["players"])]
    pub(ev, "side_chosen", seat=lone, side=choice)
    partners = [s for s in range(st["players"]) if s != lone]
    for cid in SMALL_SIDES[choice]:
        _give(st, lone, cid)
    for s, cid in zip(partners, SMALL_SIDES[other]):
        _give(st, s, cid)
    for g in GROUPS[1:]:
        cards = rng.shuffle([c for c in st["pool"][g]])
        for cid in cards[:2]:
            _give(st, lone, cid)
        for s, cid in zip(partners, cards[2:]):
            _give(st, s, cid)
    st["personalities"] = rng.shuffle(list(st["pool"]["personality"]))[:st["players"]]


# ---- 2-player mode: fixed main characters, then a draft ----------------------------------------

@task("two_deal")
def _two_deal(st, ev):
    mut = Rng(st).below(2)
    st["sides"] = [MUTINEER if s == mut else INTERNOS for s in range(2)]
    for s in range(2):
        for cid in SMALL_SIDES[st["sides"][s]]:
            _give(st, s, cid)
    pub(ev, "sides", mutineers=mut, internos=1 - mut)
    order = []
    for g, first, picks in (("P2", mut, 4), ("A1", 1 - mut, 4), ("A2", mut, 4),
                            ("personality", 1 - mut, 2)):
        order += [[g, first if i % 2 == 0 else 1 - first] for i in range(picks)]
    st["draft"] = order
    push(st, ["draft_next"])


def _draft_options(st, g, s):
    pool = st["pool"][g]
    if g != "P2":
        return pool
    mine = [c for c in st["reserve"][s] if group(c) == "P2"]
    taken = [c for c in TWINS if c not in pool]
    free = [c for c in TWINS if c in pool]
    if len(taken) == 1 and free:
        taker = next(t for t in range(2) if taken[0] in st["reserve"][t])
        if taker == s:
            return free
        return pool
    if not taken and not mine:
        return pool
    return [c for c in pool if c not in TWINS]


@task("draft_next")
def _draft_next(st, ev):
    if not st["draft"]:
        st.pop("draft")
        for s in range(2):
            tell(ev, s, "rival_cards", cards=sorted(st["reserve"][1 - s]))
        return
    g, s = st["draft"].pop(0)
    opts = _draft_options(st, g, s)
    push(st, ["draft_next"])
    if len(opts) == 1:          # the last card the pool leaves: drafted without asking
        _draft(st, ev, {"seat": s, "context": {"group": g}}, opts[0])
        return
    ask(st, s, "draft", [opt(c, "card_name", card=c) for c in opts], Rng(st).choice(opts),
        "setup", "draft", {"group": g})


@handler("draft")
def _draft(st, ev, q, choice):
    g, s = q["context"]["group"], q["seat"]
    st["pool"][g].remove(choice)
    if g == "personality":
        st["personalities"][s] = choice
    else:
        _give(st, s, choice)
    pub(ev, "drafted", seat=s, card=choice)


# ---- arranging the rows ------------------------------------------------------------------------

@task("arrange_all")
def _arrange_all(st, ev):
    for s in range(st["players"]):
        tell(ev, s, "your_cards", cards=list(st["reserve"][s]), personality=st["personalities"][s])
        _arrange_ask(st, s)


def _arrange_ask(st, s):
    row, spare = st["rows"][s], st["reserve"][s]
    used = {group(c) for c in row}
    cands = [c for c in spare if group(c) not in used]
    if len(row) == 4 or not cands:
        return
    if len(cands) == 1 or (len(row) == 3):
        _place(st, s, cands[0])
        _arrange_ask(st, s)
        return
    ask(st, s, "arrange", [opt(c, "card_name", card=c) for c in cands], Rng(st).choice(cands),
        "setup", "arrange", pos=len(row) + 1)


def _place(st, s, cid):
    st["reserve"][s].remove(cid)
    st["rows"][s].append(cid)


@handler("arrange")
def _arrange(st, ev, q, choice):
    _place(st, q["seat"], choice)
    _arrange_ask(st, q["seat"])


@task("start")
def _start(st, ev):
    for s in range(st["players"]):
        st["objectives"][s] = compute(st, s)
        tell(ev, s, "your_row", row=list(st["rows"][s]))
        tell(ev, s, "objective", objective=st["objectives"][s])
        if st["objective_cards"]:
            tell(ev, s, "your_objective_card", objective=st["objective_cards"][s])
    del st["pool"]
    awaken_lone(st, ev)
    push(st, ["night"])
