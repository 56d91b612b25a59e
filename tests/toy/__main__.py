"""`python -m tests.toy simulate toy ...`: the bot's own entry point with the toy game known.

TOY_STEP_DELAY (seconds) slows every decision down so that a test can kill the process in the
middle of a game rather than before or after it.
"""
import os
import sys
import time

import games
from bot import main
from hosting.text import register_locale_dir
from tests.toy import LOCALES, ToyGame


class SlowToy(ToyGame):
    def _apply(self, state, pending, choice):
        time.sleep(float(os.environ.get("TOY_STEP_DELAY", "0")))
        return super()._apply(state, pending, choice)


games.register("toy", "tests.toy.__main__:SlowToy")
register_locale_dir("toy", LOCALES)
if __name__ == "__main__":
    sys.exit(main())
