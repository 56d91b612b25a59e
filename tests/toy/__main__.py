"""`python -m tests.toy simulate toy ...`: the bot's own command line with the toy game known
(and without loading Discord)."""
import sys

import games
from hosting.cli import main
from hosting.text import register_locale_dir
from tests.toy import LOCALES

games.register("toy", "tests.toy:ToyGame")
register_locale_dir("toy", LOCALES)
sys.exit(main())
