"""Zones that hold cards. A ``Deck`` is a pile of card ids whose top is the end of the list.

    deck = Deck(["a", "b", "c"])     # "c" is on top
    deck.draw()                      # -> "c"
    deck.stack_top(["a"])            # "a" is now drawn next
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec

from dungeon_table.core.rng import Rng


class Deck(msgspec.Struct):
    """A face-down pile of card ids; ``cards[-1]`` is the top. A Struct, so a game's state that
    holds decks is still one plain value (``PhasedGame.state``)."""

    cards: list[str] = []

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    @property
    def top(self) -> str | None:
        """The card that would be drawn next, or ``None`` when empty."""
        return self.cards[-1] if self.cards else None

    def draw(self) -> str:
        """Take the top card; ``IndexError`` when the deck is empty."""
        if not self.cards:
            raise IndexError("draw from an empty deck")
        return self.cards.pop()

    def draw_many(self, count: int) -> list[str]:
        """Take up to ``count`` cards from the top, first drawn first (fewer if it runs out)."""
        drawn: list[str] = []
        while self.cards and len(drawn) < count:
            drawn.append(self.cards.pop())
        return drawn

    def put_top(self, card: str) -> None:
        self.cards.append(card)

    def put_bottom(self, card: str) -> None:
        self.cards.insert(0, card)

    def remove(self, card: str) -> None:
        """Take a named card out wherever it lies; ``ValueError`` if it is not here."""
        self.cards.remove(card)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.cards)

    def stack_top(self, ids: Iterable[str]) -> None:
        """Move the named cards to the top so that the first listed is drawn first.

        The other cards keep their order below them. An id that is not in the deck (or is named
        more often than it is there) raises ``ValueError`` naming it.
        """
        wanted = list(ids)
        rest = list(self.cards)
        for card in wanted:
            if card not in rest:
                raise ValueError(f"card {card!r} is not in the deck")
            rest.remove(card)
        self.cards = rest + list(reversed(wanted))
