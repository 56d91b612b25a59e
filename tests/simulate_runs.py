"""`python -m tests.simulate_runs SEED GAME:MODE:PLAYERS ...`: the simulate command for each
run in turn, in this one process, a JSON summary line each: many games for the price of one
interpreter start (tests/test_hash_seed.py starts one such process per hash seed)."""
import sys

import games
from hosting.cli import main
from hosting.text import register_locale_dir
from tests.toy import LOCALES

games.register("toy", "tests.toy:ToyGame")
register_locale_dir("toy", LOCALES)
seed, *runs = sys.argv[1:]
for run in runs:
    game, mode, players = run.split(":")
    main(["simulate", game, "--mode", mode, "--players", players, "--seed", seed])
