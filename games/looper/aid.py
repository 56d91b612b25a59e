"""The play aid: the tragedy set's public reference every protagonist keeps in front of them
(its roles with their abilities, its plots, its incidents), pinned at setup beside the public
sheet. The facts come from the set's data; the words from the locale's `aid_*` sections."""
from __future__ import annotations

from games.looper import data
from games.looper.table import emit


def emit_play_aid(ev: list, tragedy_set: str) -> None:
    ts = data.tragedy_set(tragedy_set)
    roles = [{"key": "aid_role", "role": r, "refusal": data.roles()[r]["refusal"],
              "most": str(data.roles()[r]["max"] or "any")} for r in ts["roles"]]
    emit(ev, "aid_roles", set=tragedy_set, aid=roles, pin=True)
    emit(ev, "aid_plots", main=list(ts["main_plots"]), sub=list(ts["subplots_list"]),
         pin=True)
    emit(ev, "aid_incidents", incidents=[{"key": "aid_incident", "incident": i}
                                         for i in ts["incidents"]], pin=True)
