"""The relic expedition table: the renderer the generic ``TableScene`` drives.

The opponents' dungeons along the top, the deck, the discard and the battle (or the treasure
table) across the middle, the viewer's dungeon above its hand, which is fanned along the bottom
edge; the turn and the phase buttons in the right column. Everything shown comes from
``RelicView`` and the legal actions: no rule here (the battle's sums and outcome are the view's).

A hand card is played with one click when it can go only one way; an enemy that may be set on
several fields (3-4 players) is picked first, then a field is clicked.

Here: the renderer, its targets and hooks; layout ``layout.py``, drawing ``draw.py``,
faces ``faces.py``, events ``anim.py`` and ``log.py``.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core.protocol import Action, Event
from dungeon_table.games.relic import model as m
from dungeon_table.games.relic.ui import anim, log
from dungeon_table.games.relic.ui.draw import draw_table as paint_table
from dungeon_table.games.relic.ui.draw import other_hand_rects, wild_badge
from dungeon_table.games.relic.ui.faces import RelicLooks
from dungeon_table.games.relic.ui.layout import BattleGeo, RelicShown, TableGeo, table_geo
from dungeon_table.ui import card_faces as cf
from dungeon_table.ui import fonts, tabletop, theme
from dungeon_table.ui.anim import Tween
from dungeon_table.ui.i18n import t
from dungeon_table.ui.renderer import TableRenderer, Target, UiState

HAND_ACTIONS = (m.SetDungeon, m.SetEnemy, m.Commit, m.Mend, m.Discard)
# the right column's buttons, in the order they stand: (action type, caption key, primary)
BUTTONS = ((m.Search, "search", True), (m.DeclineSearch, "decline_search", False),
           (m.DungeonPhase, "dungeon_phase", False), (m.DoubleDraw, "double_draw", False),
           (m.Fight, "fight", True), (m.UseSkill, "use_skill", True),
           (m.SkipSkill, "skip_skill", False), (m.Done, "done", True),
           (m.EndPhase, "end_phase", False), (m.EndTurn, "end_turn", True))


class RelicRenderer(TableRenderer):
    prefix = "relic"
    value_names = {"kind": "relic.kind.{id}", "ts": "relic.ts.{id}"}

    def name_value(self, key: str, value: Any) -> str | None:
        """A skill among a reason's values by its name; a card's kind, a TS by the catalogue."""
        if key == "skill" and isinstance(value, str):
            return self.looks.skill_name(value)
        return super().name_value(key, value)

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.looks = RelicLooks()
        self.shown: RelicShown = RelicShown()
        self._legal: list[Action] = []

    @classmethod
    def summary(cls, view: m.RelicView, result: Any = None) -> str:
        return log.summary(view, result)

    @classmethod
    def seat_colours(cls, view: m.RelicView | None) -> list[str]:
        """Each seat's colour name, for the game-over chart."""
        n = view.n_players if view is not None else len(log.SEAT_COLOURS)
        return list(log.SEAT_COLOURS[:n])

    # --- layout -------------------------------------------------------------------------------
    def geo(self, view: m.RelicView) -> TableGeo:
        area = self.area
        assert area is not None
        key = (view.n_players, self.bottom(view))
        return self.cached_geo(key, lambda: table_geo(area, self.th, *key))

    @staticmethod
    def hand(view: m.RelicView) -> list[str]:
        """The fanned hand: the characters committed to a battle lie in the battle instead."""
        committed = set(view.battle.committed) if view.battle is not None else set()
        return [card for card in view.hand if card not in committed]

    def hand_rects(self, view: m.RelicView) -> list[pygame.Rect]:
        g = self.geo(view)
        return tabletop.fan_rects(g.hand, len(self.hand(view)), g.hand_cw, self.th,
                                  self.lifted(view))

    def lifted(self, view: m.RelicView) -> set[int]:
        return {i for i, card in enumerate(self.hand(view)) if card == self.picked}

    def other_hand_rect(self, view: m.RelicView, seat: int) -> pygame.Rect:
        """Where a seat's hand is: the viewer's fan, or the middle back of another's fan."""
        g = self.geo(view)
        if seat == self.bottom(view):
            return pygame.Rect(g.hand.centerx - g.hand_cw // 2, g.hand.y, g.hand_cw,
                               g.hand.h)
        sg = g.seats[seat]
        if sg.hand is None:
            return sg.header
        rects = other_hand_rects(sg.hand, max(1, view.players[seat].hand_count), self.th)
        return rects[len(rects) // 2]

    def battle_geo(self, view: m.RelicView) -> BattleGeo:
        """The enemy at the left, the committed characters beside it; at the right the TS
        chips, the wild cards' chips under them and the sums at the bottom."""
        th = self.th
        panel = self.geo(view).panel.inflate(-th.px(4), -th.px(3))
        head = fonts.line_height("body", th.scale) + th.px(0.5)
        ch = panel.h - head
        cw = max(8, round(ch / cf.RATIO))
        enemy = pygame.Rect(panel.x, panel.bottom - ch, cw, ch)
        side_w = max(th.px(30), round(panel.w * 0.42))
        sums = pygame.Rect(panel.right - side_w, panel.y, side_w, panel.h)
        cards_area = pygame.Rect(enemy.right + th.px(2), enemy.y,
                                 sums.x - enemy.right - th.px(3), ch)
        n = len(view.battle.committed) if view.battle else 0
        committed = tabletop.row_rects(cards_area.inflate(0, th.px(2)), n, cw, th)
        ts_opts = view.battle.ts_options if view.battle else []
        chip_h, gap = th.px(3.5), th.px(0.75)
        chip_w = (sums.w - gap * 3) // 4
        ts = [pygame.Rect(sums.x + k * (chip_w + gap), sums.y, chip_w, chip_h)
              for k in range(len(ts_opts))]
        # each wild card's choices on a row of their own; with two wild cards, under a line
        # naming the card (one wild card's choice also shows on the card itself)
        actions = self.wild_actions(view)
        cards = list(dict.fromkeys(a.card for a in actions))
        label_h = fonts.line_height("small", th.scale) if len(cards) > 1 else 0
        y = sums.y + chip_h + gap
        wild: list[pygame.Rect] = []
        rows: list[tuple[pygame.Rect, str]] = []
        for card in cards:
            if label_h:
                rows.append((pygame.Rect(sums.x, y, sums.w, label_h), card))
            y += label_h
            mine = sum(1 for a in actions if a.card == card)
            wild += [pygame.Rect(sums.x + (k % 4) * (chip_w + gap),
                                 y + (k // 4) * (chip_h + gap), chip_w, chip_h)
                     for k in range(mine)]
            y += (mine + 3) // 4 * (chip_h + gap)
        return BattleGeo(enemy, committed, ts, wild, sums, rows)

    def wild_actions(self, view: m.RelicView) -> list[m.WildAs]:
        """The wild cards' choices in battle, shown as chips beside the TS (outside a battle a
        wild prompt's choices are buttons)."""
        if view.battle is None:
            return []
        actions = [a for a in self._legal if isinstance(a, m.WildAs)]
        order = list(dict.fromkeys(a.card for a in actions))
        return sorted(actions, key=lambda a: order.index(a.card))  # grouped by card

    # --- targets --------------------------------------------------------------------------------
    def targets(self, view: m.RelicView, legal: list[Action]) -> list[Target]:
        self._legal = list(legal)  # the wild cards' chips are laid out from them
        return super().targets(view, legal)

    def table_targets(self, view: m.RelicView, legal: list[Action]) -> list[Target]:
        out = self._hand_targets(view, legal)
        out += self._field_targets(view, legal)
        out += self._battle_targets(view, legal)
        buttons = self.buttons(view, legal)
        rects = tabletop.button_rects(self.geo(view).buttons, len(buttons), self.th)
        return out + self.button_targets(rects, buttons, legal)

    def buttons(self, view: m.RelicView, legal: list[Action]) -> list[tuple[Action, str, bool]]:
        """The right column's buttons: the legal ones and those the rules refuse now (drawn
        disabled), in the order they stand."""
        out: list[tuple[Action, str, bool]] = []
        offered = self.with_refused(legal)
        for action in offered:
            if isinstance(action, m.BattlePhase):
                out.append((action, t("relic.button.battle", enemy=self.looks.name(action.enemy)),
                            False))
        banish = view.prompt is not None and view.prompt.kind == "banish"
        for kind, key, primary in BUTTONS:
            if banish:
                out += [(a, self.button_caption(view, key), self.banish_primary(view, key))
                        for a in offered if type(a) is kind]
            else:  # a prompt's only answer (let a skill with nothing to act on pass) stands out
                lone = view.prompt is not None and len(legal) == 1
                out += [(a, t(f"relic.button.{key}"), (primary or lone) and a in legal)
                        for a in offered if type(a) is kind]
        if view.prompt is not None and view.prompt.kind == "wild" and view.battle is None:
            out = [(a, self.looks.skill_name(a.skill), False)
                   for a in legal if isinstance(a, m.WildAs)] + out
        return out

    @staticmethod
    def button_caption(view: m.RelicView, key: str) -> str:
        """At a banish prompt the two buttons say what each does: banish, or fight it out (and
        how that fight ends)."""
        if key == "use_skill":
            return t("relic.button.banish")
        if key == "skip_skill" and view.battle is not None and view.battle.fight_outcome:
            return t("relic.button.fight_on", outcome=t(
                f"relic.outcome.{view.battle.fight_outcome}"))
        return t(f"relic.button.{key}")

    @staticmethod
    def banish_primary(view: m.RelicView, key: str) -> bool:
        """The button to stand out at a banish prompt: the fight when it wins (the enemy scores),
        else the banish."""
        won = view.battle is not None and view.battle.fight_outcome == "won"
        return key == ("skip_skill" if won else "use_skill")

    def _hand_targets(self, view: m.RelicView, legal: list[Action]) -> list[Target]:
        plays = [a for a in legal if isinstance(a, HAND_ACTIONS)]
        if self.picked is not None and not any(
                isinstance(a, m.SetEnemy) and a.card == self.picked for a in plays):
            self.picked = None
        out: list[Target] = []
        lifted = self.lifted(view)
        for i, (rect, card) in enumerate(zip(self.hand_rects(view), self.hand(view), strict=True)):
            mine = [a for a in plays if a.card == card]
            if not mine:
                continue
            name = self.looks.name(card)
            z = int(i in lifted)
            enemies = [a for a in mine if isinstance(a, m.SetEnemy)]
            if len(enemies) > 1:
                out.append(Target(rect, enemies[0], name, pick=self.picker(card),
                                  covers=enemies, quiet=True, z=z))
                mine = [a for a in mine if not isinstance(a, m.SetEnemy)]
            out += [Target(rect, a, name, quiet=True, z=z) for a in mine]
        return out

    def _field_targets(self, view: m.RelicView, legal: list[Action]) -> list[Target]:
        out: list[Target] = []
        g = self.geo(view)
        me = self.bottom(view)
        enemies = view.players[me].enemies
        for rect, enemy in zip(g.seats[me].enemy_rects(len(enemies)), enemies, strict=True):
            action = m.BattlePhase(enemy=enemy.card)
            if action in legal:
                out.append(Target(rect, action, self.looks.name(enemy.card)))
        if self.picked is not None:
            for action in legal:
                if isinstance(action, m.SetEnemy) and action.card == self.picked:
                    seat = g.seats[action.target]
                    out.append(Target(seat.enemies, action, log.seat_name(action.target)))
        return out

    def _battle_targets(self, view: m.RelicView, legal: list[Action]) -> list[Target]:
        if view.battle is None:
            return []
        bg = self.battle_geo(view)
        out: list[Target] = []
        for rect, card in zip(bg.committed, view.battle.committed, strict=True):
            action = m.Withdraw(card=card)
            if action in legal:
                out.append(Target(rect, action, self.looks.name(card),
                                  quiet=tabletop.overlapping(bg.committed)))
        for rect, ts in zip(bg.ts, view.battle.ts_options, strict=True):
            action = m.ChooseTs(ts=ts)
            if action in legal:
                out.append(Target(rect, action, t(f"relic.ts.{ts}")))
        for rect, action in zip(bg.wild, self.wild_actions(view), strict=True):
            out.append(Target(rect, action, self.wild_caption(action)))
        return out

    def wild_caption(self, action: m.WildAs) -> str:
        """The skill a wild card would be used as; with two wild cards in a battle, whose."""
        text = self.looks.skill_name(action.skill) if action.skill else t("relic.wild.none")
        if len({a.card for a in self._legal if isinstance(a, m.WildAs)}) > 1:
            return t("relic.wild.of", card=self.looks.name(action.card), skill=text)
        return text

    # --- drawing ----------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: m.RelicView, ui: UiState) -> None:
        self._legal = list(ui.legal)
        paint_table(self, surface, view, ui)

    def preview(self, view: m.RelicView, pos: tuple[int, int]) -> pygame.Surface | None:
        card = self.shown.at(pos)
        if self.area is None or card is None:
            return None
        width = min(round(self.geo(view).hand_cw * 2.2), round(self.area.h * 0.55 / cf.RATIO))
        image = self.looks.face(card, width)
        if card in self.shown.badges:  # the preview says what the wild card plays as
            image = image.copy()
            big = theme.Theme(scale=self.th.scale * 1.5)
            wild_badge(self, image, image.get_rect(), self.shown.badges[card], big)
        return image

    def banner_area(self, view: m.RelicView) -> pygame.Rect | None:
        """Over the viewer's own header line, which the banner repeats."""
        if self.area is None:
            return None
        return self.geo(view).seats[self.bottom(view)].header

    def thinking_area(self, view: m.RelicView) -> pygame.Rect | None:
        return self.geo(view).buttons if self.area is not None else None

    # --- log and animations -------------------------------------------------------------------------
    def decision_key(self, view: m.RelicView) -> str | None:
        return log.decision_key(view)

    def log_heading(self, before: m.RelicView | None, after: m.RelicView) -> str | None:
        return log.heading(before, after)

    def log_lines(self, events: list[Event], before: Any, after: Any) -> list[str]:
        return log.lines(self.looks, events, before, after)

    def animations(self, events: list[Event], before: Any, after: Any) -> list[Tween]:
        if self.area is None or before is None:
            return []
        return anim.tweens_for(self, events, before, after)


Renderer = RelicRenderer
