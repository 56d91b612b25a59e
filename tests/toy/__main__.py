"""`python -m tests.toy simulate toy ...`: the bot's own entry point with the toy game known."""
import sys

import games
from bot import main
from hosting.text import register_locale_dir
from tests.toy import LOCALES

games.register("toy", "tests.toy:ToyGame")
register_locale_dir("toy", LOCALES)
sys.exit(main())
