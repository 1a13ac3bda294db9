"""``python -m harborgames``: the same as the ``harborgames`` command."""

import sys

from ._console import main

if __name__ == "__main__":
    sys.exit(main())
