"""Time to wrap a line of text, uncached: every Japanese (or English) catalogue line at three widths.

A panel wraps its text once and keeps the lines (``fonts.wrap`` caches them), so this is the cost of
a first frame, a new log line or a language switch, not of every frame::

    python bench/wrap_time.py [--lang ja] [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dungeon_table.ui import fonts, i18n  # noqa: E402

WIDTHS = (150, 250, 400)  # px: a narrow log, a panel, a prompt at 1280x720


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="ja")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    texts = list(i18n.catalogs()[args.lang].values())
    f = fonts.font("small", 2 / 3)
    runs = []
    for _ in range(args.runs):
        fonts._wrapped.cache_clear()
        start = time.perf_counter()
        for s in texts:
            for width in WIDTHS:
                fonts.wrap_lines(s, f, width)
        runs.append((time.perf_counter() - start) / (len(texts) * len(WIDTHS)) * 1e6)
    print(f"{len(texts)} {args.lang} catalogue lines x {len(WIDTHS)} widths, uncached: "
          f"median {statistics.median(runs):.0f} us a wrap (min {min(runs):.0f})")


if __name__ == "__main__":
    main()
