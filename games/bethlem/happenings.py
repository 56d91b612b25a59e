"""Custom-mode happenings (spec §6.5.4, R-77): two decks, at most one happening a round, shown
at the end of the day after the lynches and acting in the round that follows.

A round in which somebody still in the game had their objective revealed draws one one-off and
one periodic card and lets those revealers pick (unanimous, else the earliest revealer's pick);
otherwise a periodic card
is drawn every round or every two rounds (host option). Used periodic cards go to a discard that
is reshuffled when the deck runs out; one-offs and Jugada arriesgada are used once.
"""
from __future__ import annotations

from games.rng import Rng

from .cards import catalog, rules
from .core import ask, handler, opt, pub, push, task, tell
from .deaths import kill_card, mark, resolve_now
from .table import alive, card_opt, living, parse_card, seats, where_public


def _cat() -> dict:
    return catalog()["happenings"]


def new_hap(st: dict, every) -> dict | None:
    every = rules()["happenings_every"] if every is None else int(every)
    if not every:
        return None
    rng = Rng(st)
    deck = {k: [h for h, v in _cat().items() if v["kind"] == k and not v.get("excluded")]
            for k in ("periodic", "oneoff")}
    return {"every": every, "periodic": rng.shuffle(deck["periodic"]),
            "one_off": rng.shuffle(deck["oneoff"]), "discarded": [], "revealers": [], "next": None,
            "current": None,
            "risky": 0, "risky_used": [], "ring": [], "hit": [], "votes": {}}


def hap(st: dict) -> dict | None:
    return st["custom"].get("happenings") if st["mode"] == "custom" else None


def on(st: dict, hid: str) -> bool:
    h = hap(st)
    return bool(h) and h["current"] == hid


def note_reveal(st: dict, s: int) -> None:
    h = hap(st)
    if h is not None and s not in h["revealers"]:
        h["revealers"].append(s)


# ---- the draw at the end of the day ------------------------------------------------------------

def _periodic(st, h):
    if not h["periodic"]:
        h["periodic"], h["discarded"] = Rng(st).shuffle(h["discarded"]), []
    return h["periodic"].pop(0) if h["periodic"] else None


@task("happening_draw")
def _draw(st, ev):
    h = hap(st)
    if h is None:
        return
    _siesta(st, ev, h)
    who, h["revealers"] = [s for s in h["revealers"] if not st["eliminated"][s]], []
    if who and h["one_off"]:
        pair = [h["one_off"].pop(0), _periodic(st, h)]
        pair = [x for x in pair if x]
        h["votes"] = {}
        for s in who:
            tell(ev, s, "happening_offer", happenings=pair)
            ask(st, s, "happening_pick", [opt(x, "happening", happening=x) for x in pair],
                pair[0], "reactive", "happening_pick", {"pair": pair, "order": who})
    elif st["round"] % h["every"] == 0:
        drawn = _periodic(st, h)
        if drawn:
            _activate(st, ev, drawn)


@handler("happening_pick")
def _pick(st, ev, q, choice):
    h = hap(st)
    h["votes"][str(q["seat"])] = choice
    if any(x["kind"] == "happening_pick" for x in st["questions"]):
        return
    pair, order = q["context"]["pair"], q["context"]["order"]
    picks = [h["votes"][str(s)] for s in order if str(s) in h["votes"]]
    chosen = picks[0] if picks else pair[0]
    for other in pair:
        if other != chosen:
            deck = h["one_off"] if _cat()[other]["kind"] == "oneoff" else h["periodic"]
            deck.append(other)
            Rng(st).shuffle(deck)
    _activate(st, ev, chosen)


def _activate(st, ev, hid):
    h = hap(st)
    h["next"] = hid
    if _cat()[hid]["kind"] == "periodic" and not _cat()[hid].get("lasting"):
        h["discarded"].append(hid)
    pub(ev, "happening", happening=hid)


# ---- the round it acts in ----------------------------------------------------------------------

def start_round(st: dict, ev: list) -> None:
    """Called as a round begins: the drawn happening becomes the round's happening."""
    h = hap(st)
    if h is None:
        return
    h["current"], h["next"] = h["next"], None
    hid = h["current"]
    if hid is None:
        return
    group = _cat()[hid].get("off_group")
    if group:
        st["tokens"]["off_groups"] = [group]
    if hid == "jugada_arriesgada":
        h["risky"] = 1
    if _cat()[hid]["kind"] == "oneoff":
        push(st, ["happening_ask", hid])


def end_round(st: dict) -> None:
    st["tokens"]["off_groups"], st["tokens"]["idle"] = [], []


PROMPTS = {"dia_visitas": "visit_choice", "todos_para_uno": "show_card",
           "investigacion": "remove_card", "espionaje": "spy_mark"}


def _cards_for(st, hid, s):
    row = st["rows"][s]
    if hid == "investigacion":
        return [c for c in row if not st["cards"][c].get("gone")]
    if hid == "todos_para_uno":
        return [c for c in row if alive(st, c) and not st["cards"][c]["revealed"]]
    return [c for c in row if alive(st, c)]


@task("happening_ask")
def _ask_all(st, ev, hid):
    """Every active player answers at once; the answers act together once all are in."""
    h = hap(st)
    h["votes"] = {}
    for s in seats(st):
        cards = _cards_for(st, hid, s)
        opts = [card_opt(st, c) for c in cards]
        if hid == "dia_visitas":
            opts = [opt("behave", "behave")] + opts
        ask(st, s, PROMPTS[hid], opts, None, "reactive", "happening_answer", {"happening": hid})
    push(st, ["happening_done", hid])


@handler("happening_answer")
def _answer(st, ev, q, choice):
    hap(st)["votes"][str(q["seat"])] = choice


@task("happening_done")
def _done(st, ev, hid):
    h = hap(st)
    got = {int(s): (None if c == "behave" else parse_card(st, c)) for s, c in h["votes"].items()}
    h["votes"] = {}
    if hid == "dia_visitas":
        _visits(st, ev, got)
    elif hid == "todos_para_uno":
        for s, c in sorted(got.items()):
            st["cards"][c]["revealed"] = 1
            pub(ev, "card_shown", card=c, **where_public(st, c))
    elif hid == "investigacion":
        _police(st, ev, got)
    else:
        h["ring"], h["hit"] = sorted(got.values()), []
        for c in h["ring"]:
            pub(ev, "spy_marked", **where_public(st, c))


def _visits(st, ev, got):
    good = sorted(s for s, c in got.items() if c is None)
    st["tokens"]["idle"] = [c for s in good for c in st["rows"][s]]
    bad = sorted(s for s in got if s not in good)
    pub(ev, "visit_choices" if good and bad else "visit_all_behaved" if good
        else "visit_all_punished", behaved=good, punished=bad)
    kills = [mark("visitas", [s], inev=1, notrig=1, cid=c) for s, c in got.items() if c]
    if kills:
        resolve_now(st, kills)


def _police(st, ev, got):
    """Removed cards count as dead for good: no trigger, no revival, no borrowing."""
    for s, c in sorted(got.items()):
        st["cards"][c]["gone"] = 1
        if alive(st, c):
            kill_card(st, ev, c, [], "policia")
        else:
            pub(ev, "card_removed", card=c, **where_public(st, c))
    resolve_now(st, [])


# ---- hooks in the shared flow ------------------------------------------------------------------

def skip_night(st: dict, ev: list) -> bool:
    if on(st, "alerta_roja"):
        pub(ev, "red_alert")
        return True
    return False


def skip_day(st: dict, ev: list) -> bool:
    if on(st, "eclipse"):
        pub(ev, "eclipse")
        return True
    return False


def _siesta(st, ev, h):
    """Hora de la siesta: a day whose lynches killed nothing buys the next night a second kill."""
    if h["current"] == "hora_siesta" and not any(
            c["dead"] and c.get("cause") == "lynch" and c.get("died_round") == st["round"]
            for c in st["cards"].values()):
        h["siesta"] = st["round"] + 1
        pub(ev, "siesta_kill")


def twice(st: dict) -> bool:
    h = hap(st)
    return bool(h) and h.get("siesta") == st["round"]


def party(st: dict, ev: list) -> None:
    """Fiesta nocturna: a night without deaths buys the day an extra lynch."""
    if on(st, "fiesta_nocturna") and not st["night"].get("deaths"):
        st["day"]["extra"].append("normal")
        pub(ev, "party_lynch")


def spy_filter(st: dict, ev: list, batch: list) -> list:
    """Cuerpo de espionaje: a marked card keeps its skull without dying until all but one marked
    card have been attacked; then every marked card dies at once."""
    h = hap(st)
    if not h or not h["ring"]:
        return batch
    out = []
    for m in batch:
        if m["card"] in h["ring"] and not m["inevitable"]:
            if m["card"] not in h["hit"]:
                h["hit"].append(m["card"])
                pub(ev, "spy_hit", **where_public(st, m["card"]))
            continue
        out.append(m)
    if len(h["hit"]) >= len(h["ring"]) - 1:
        pub(ev, "spy_ring_falls")
        out += [mark("espionaje", [], cid=c) for c in h["ring"] if alive(st, c)]
        h["ring"], h["hit"] = [], []
    return out


def risky_power(st: dict, s: int) -> list:
    h = hap(st)
    if h and h["risky"] and s not in h["risky_used"] and living(st, s):
        return [opt("risky", "risky_move")]
    return []


def risky(st: dict, ev: list, s: int) -> None:
    ask(st, s, "risky_card", [card_opt(st, c) for c in st["rows"][s] if alive(st, c)], None,
        "reactive", "risky_card")


@handler("risky_card")
def _risky_card(st, ev, q, choice):
    s, c = q["seat"], parse_card(st, choice)
    hap(st)["risky_used"].append(s)
    pub(ev, "risky_used", seat=s)
    if st["deck"]:
        card = st["deck"].pop(0)
        st["hands"][s].append(card)
        pub(ev, "drew_event", seat=s)
        tell(ev, s, "you_drew", event=card)
    resolve_now(st, [mark("arriesgada", [s], inev=1, notrig=1, cid=c)])
