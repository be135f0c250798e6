"""``python -m dungeon_table``: the same as the ``dungeon-table`` command."""

from dungeon_table.cli import main

raise SystemExit(main())
