"""Damaged and hostile saves and settings, each with the reason it must be refused for.

One corpus for the reader's tests (``test_hostile_files.py``) and the app's (the main menu, Continue
and Load in ``tests/ui_shell``), so both meet the same files. Every text is small: what matters is
its shape (a "billion laughs" expands 3 KB into gigabytes only if aliases are followed).
"""

from __future__ import annotations

# A saved Last Dungeon game a few actions in, as the app writes it.
GOOD_SAVE = (
    "format: 1\ngame: lastdungeon\nseed: 5\nseats: [human]\nnames: [Ada]\n"
    "options: {difficulty: 0}\nstack: {}\nactions: []\n"
)


def _laughs(levels: int = 9) -> str:
    """The "billion laughs": each level an alias list of the one before, 9**levels "lol"s."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        name, before = chr(97 + i), chr(96 + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{before}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _nested_block(depth: int) -> str:
    return "".join("  " * i + "a:\n" for i in range(depth)) + "  " * depth + "b: 1\n"


def _replace(old: str, new: str) -> str:
    assert old in GOOD_SAVE
    return GOOD_SAVE.replace(old, new)


# name -> (save text, a piece of the reason it is refused for)
DAMAGED_SAVES: dict[str, tuple[str, str]] = {
    "nested_flow": (_replace("actions: []", "actions: " + "[" * 1000 + "]" * 1000),
                    "nested deeper than 16 levels"),
    "nested_block": (_replace("stack: {}", "stack:\n" + _nested_block(1000)),
                     "nested deeper than 16 levels"),
    "laughs": (GOOD_SAVE.replace("stack: {}", "stack: {}\n" + _laughs()), "aliases are not allowed"),
    "huge_seed": (_replace("seed: 5", "seed: " + "9" * 5000), "a number of 5,000 characters"),
    "long_seed": (_replace("seed: 5", "seed: 99999999999999999999"), "seed"),
    "nan_clock": (_replace("stack: {}", "stack: {}\nclock: .nan"), "not a finite number"),
    "inf_clock": (_replace("stack: {}", "stack: {}\nclock: .inf"), "not a finite number"),
    "negative_clock": (_replace("stack: {}", "stack: {}\nclock: -5.0"), "clock"),
    "nul_name": (_replace("[Ada]", '["A\\0da"]'), "control character"),
    "newline_name": (_replace("[Ada]", '["A\\nda"]'), "names[0] holds a control character"),
    "long_name": (_replace("[Ada]", "[" + "A" * 10_000 + "]"), "names"),
    "separator_name": (_replace("[Ada]", '["A\\u2028da"]'), "a control character or a line br"),
    "too_many_names": (_replace("[Ada]", "[Ada, Bob]"), "2 names for 1 seats"),
    "unknown_key": (_replace("stack: {}", "stack: {}\ncheat: true"), "unknown field `cheat`"),
    "duplicate_key": (_replace("seed: 5", "seed: 5\nseed: 6"), "the key 'seed' is given twice"),
    "python_tag": (_replace("seed: 5", "seed: !!python/object/apply:os.getpid []"),
                   "is not allowed"),
    "set_tag": (_replace("stack: {}", "stack: !!set {deck}"), "!!set is not allowed"),
    "bad_seat_kind": (_replace("[human]", "[wizard]"), "seats"),
    "unknown_bot": (_replace("[human]", "['bot:genius']"), "unknown seat 'bot:genius'"),
    "no_seats": (_replace("[human]", "[]"), "seats"),
    "unknown_option": (_replace("{difficulty: 0}", "{difficulty: 0, dificulty: 3}"),
                       "no option 'dificulty'"),
    "option_kind": (_replace("{difficulty: 0}", "{difficulty: hard}"), "difficulty"),
    "not_a_mapping": ("- just\n- a list\n", "not a save"),
    "no_format": (GOOD_SAVE.replace("format: 1\n", ""), "no `format` field"),
    "bad_yaml": (_replace("actions: []", "actions: [{seat: 0, type: play\n"), "bad YAML"),
    "raw_nul": (_replace("[Ada]", "[A\x00da]"), "bad YAML"),
    "not_utf8": (_replace("[Ada]", "[A\udcffda]"), "not UTF-8"),
    "two_documents": (GOOD_SAVE + "---\n" + GOOD_SAVE, "more than one YAML document"),
    "bad_action_seat": (_replace("actions: []", "actions:\n- {seat: 3, type: fight}"),
                        "action 0 has no valid `seat`"),
}

# The 12 MB save of the issue, at a size just past the limit (1 MB): refused before it is parsed.
OVERSIZED_SAVE = GOOD_SAVE.replace("actions: []", "actions: []\n# " + "x" * (1 << 20))

# name -> (settings.yaml text, a piece of the reason it is refused for)
DAMAGED_SETTINGS: dict[str, tuple[str, str]] = {
    "nested": ("lang: " + "[" * 500 + "]" * 500 + "\n", "nested deeper than 4 levels"),
    "nested_block": (_nested_block(100), "nested deeper than 4 levels"),
    "huge_number": ("ui_scale: " + "1" * 5000 + "\n", "a number of 5,000 characters"),
    "laughs": (_laughs(), "aliases are not allowed"),
    "unknown_key": ("lang: ja\ncolour: red\n", "unknown field `colour`"),
    "bad_language": ("lang: de\n", "lang"),
    "scale_out_of_range": ("ui_scale: 9\n", "ui_scale"),
    "nan_speed": ("anim_speed: .nan\n", "not a finite number"),
    "not_a_mapping": ("- en\n", "mapping"),
    "bad_yaml": ("lang: [en\n", "bad YAML"),
    # the sound settings (issue 13)
    "volume_out_of_range": ("volume: 150\n", "volume"),
    "volume_not_a_number": ("volume: loud\n", "volume"),
    "volume_a_fraction": ("volume: 0.5\n", "volume"),
    "sound_not_on_off": ("sound: 3\n", "sound"),
}


def encoded(text: str) -> bytes:
    """The file's bytes (a lone surrogate stands for a byte that is not UTF-8)."""
    return text.encode("utf-8", errors="surrogateescape")
