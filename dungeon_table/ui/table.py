"""The generic table: one scene that plays any registered game through its renderer.

``TableScene(app, session, seat_kinds)`` drives bot seats (a short visible pause, on app timers, no
busy loop), takes human input (mouse on targets, Tab/arrows + Enter, Ctrl+Z undo, H hint, Esc
menu, Space skips animation), keeps the game log, plays the animations of every action and hands
over to the shell's handoff and game-over scenes.

The renderer a game brings (a ``TableRenderer``), and what it gets back (``Target``,
``UiState``), are in ``ui/renderer.py``, whose docstring is the contract.

Where the game comes from is the table's source, ``session``: a local ``Session`` (today's
play: the table applies each action and its ``Seating`` decides who looks next), or a remote
table's source (``ui/remote_table.py``), whose ``apply`` sends the action to the host and returns
None: the host's answer, events and a new view, is shown later through ``show_action``.
"""

from __future__ import annotations

from typing import Any

import pygame

from dungeon_table.core import registry, stats
from dungeon_table.core.errors import IllegalAction
from dungeon_table.core.protocol import Action
from dungeon_table.core.script import seat_bots
from dungeon_table.core.seating import Seating, turn_cut
from dungeon_table.core.session import start
from dungeon_table.ui import i18n, screens, theme
from dungeon_table.ui.anim import AnimQueue
from dungeon_table.ui.bot_runner import POLL_MS, BotRunner, draw_thinking
from dungeon_table.ui.deeper_hint import DeeperHint
from dungeon_table.ui.event_sounds import EventSounds
from dungeon_table.ui.i18n import t
from dungeon_table.ui.log_panel import LogPanel
from dungeon_table.ui.names import seat_names
from dungeon_table.ui.reasons import say
from dungeon_table.ui.renderer import Target, UiState, make_renderer
from dungeon_table.ui.scene import App, Scene
from dungeon_table.ui.table_parts import (
    NOTE_MS,
    HoldPrompt,
    HoverPreview,
    Note,
    PlayClock,
    TableBar,
    board_area,
    draw_banner,
    draw_note,
    key_tag,
    notice_area,
    ring,
    side_column,
    table_theme,
)
from dungeon_table.ui.tutorial import overlay_for

BOT_DELAY_MS = 550
SPACE_HOLD_MS = 280
TOAST_MS = 2600
NOTICE_MS = 2600


class TableScene(Scene):
    def __init__(
        self, app: App, session: Any, seat_kinds: list[str] | None = None,
        bot_delay_ms: int = BOT_DELAY_MS, seating: Any = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.game_id: str = session.record.game
        self.seat_kinds = list(seat_kinds or session.record.seats)
        self.spec = registry.get(self.game_id)
        self.renderer = make_renderer(app, self.game_id)
        self.bot_delay_ms = bot_delay_ms
        # The bots ``script`` and ``simulate`` would seat, with the same seeds (a bare "bot" is best);
        # a remote table's bots play on its host (its ``seating`` is given).
        self.bots = seat_bots(self.spec, self.seat_kinds, session.record.seed) \
            if seating is None else {}
        self.humans = [i for i, kind in enumerate(self.seat_kinds) if not kind.startswith("bot")]
        # who decides next and when the screen is covered: core/seating.py
        self.seating = seating or Seating(tuple(self.humans), frozenset(self.bots))
        self.viewer: int | None = self.seating.first_viewer(
            self.game, [step.seat for step in session.steps])
        self.anim = AnimQueue(app.settings.anim_speed)
        self.sounds = EventSounds(app.sound, self.renderer, self.anim, self.game_id)
        self.log = LogPanel()
        self.bar = TableBar(self)
        self.preview = HoverPreview(self)
        self.clock = PlayClock(self)
        self.ui = UiState()
        self.view: Any = None
        self.toast: tuple[str, int] | None = None
        self.bot_due: int | None = None
        self.runner = BotRunner()  # a searching bot decides on a worker thread (ui/bot_runner.py)
        self.space_down: int | None = None
        self.game_over_shown = False
        self.board = pygame.Rect(0, 0, 0, 0)  # the renderer's part of the window
        self.handoff_pending: tuple[int, str] | None = None  # the seat and the reason key
        self.switch_pending: int | None = None  # the next human, who may see what this one sees
        # The next human, behind the privacy screen, once this one has seen what its last move
        # revealed (a search's treasure, a die): the seat, the reason key (see ``ack_handoff``).
        self.held: tuple[int | None, str] | None = None  # None: to the bots, nobody's view
        self.hold = HoldPrompt(self)
        self.notice: tuple[str, str, int] | None = None  # whose decision it is: text, detail, until
        self.focus_auto = False  # the focus lies where the table put it (the primary), not the player
        # Just revealed behind the privacy screen: the focus stays on nothing (no Enter acts for
        # the new player at once) until that player presses Enter or Tab, clicks or acts.
        self.focus_parked = False
        self._log_lang = ""
        # Reasons in words (ui/reasons.py): why the last click was refused (by the click, for a
        # moment), why the hint's move (beside its outline), what a costly move costs (asked
        # before it is sent: ``confirming``), and the targets of moves the rules refuse now.
        self.refusal: Note | None = None
        self.hint_reason: tuple[Action, str] | None = None
        # the expert's second look at the hinted decision (ui/deeper_hint.py), under the reason
        self.deeper = DeeperHint()
        self.hint_detail = ""
        self.confirming: tuple[Action, str] | None = None
        self.refused: list[Target] = []
        self.refused_why: dict[Action, str] = {}
        self.notes_drawn: list[pygame.Rect] = []
        self.tutorial = overlay_for(self)  # Learn to play: only the taught action (ui/tutorial.py)
        self._refresh()
        self._replay_log()
        self._schedule_next()

    # --- state ---------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.game

    def _refresh(self) -> None:
        """Read the view and legal actions afresh; every picture and target comes from these."""
        self.view = self.game.view(self.viewer)
        seat = self.viewer
        acting = seat is not None and seat in self.game.to_act() and not self.game.result()
        self.ui.seat = seat
        self.ui.names = self.seat_names()
        self.ui.legal = list(self.game.legal_actions(seat)) if acting else []
        self.renderer.refused = self._tempting(seat) if acting and seat is not None else []
        self.ui.targets = self.renderer.targets(self.view, self.ui.legal) if acting else []
        self.refused = self._refused_targets() if self.renderer.refused else []
        self.refused_why.clear()
        if self.confirming is not None and self.confirming[0] not in self.ui.legal:
            self.confirming = None
        self.ui.hint = None
        if self.ui.focus is not None and self.ui.focus >= len(self.ui.targets):
            self.ui.focus = None
        if self.ui.focus is None and not self.focus_parked:
            self._focus_primary()
        self._update_hover()
        self.bar.refresh()
        self.app.request_redraw()

    @property
    def th(self) -> theme.Theme:
        return table_theme(self.app)

    def on_resize(self, size: tuple[int, int]) -> None:
        th = self.th
        margin = th.px(2)
        side = side_column(size, th)
        bar_h = self.bar.layout(side, th)
        self.log.layout(pygame.Rect(side.x, side.y + bar_h + margin, side.w, side.h - bar_h - margin),
                        th)
        self.board = board_area(size, th)
        self.renderer.layout(self.board, th)
        if self.view is not None:
            if self._log_lang != i18n.language():  # the log speaks the new language too
                self.log.clear()
                self._replay_log()
            self._refresh()

    def _replay_log(self) -> None:
        """The log of the game so far (a loaded save, a shot), replayed on a fresh game for the
        round headings; each step's visible events only."""
        self._log_lang = i18n.language()
        game = start(self.session.record)
        before = game.view(self.viewer)
        self.log.add([], heading=self.renderer.log_heading(None, before))
        for step in self.session.steps:
            game.apply(step.seat, step.action)
            after = game.view(self.viewer)
            seen = [e for e in step.events if e.visible_to(self.viewer)]
            self.log.add(self.renderer.log_lines(seen, before, after),
                         heading=self.renderer.log_heading(before, after))
            before = after

    # --- acting ----------------------------------------------------------------------------------
    def act(self, seat: int, action: Action) -> bool:
        """Apply an action through the session; a refusal shows its reason and changes nothing."""
        before = self.view
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as err:
            self.show_refusal(self.say(err.reason), self._input_spot())
            return False
        if events is None:  # sent to a remote table's host: its answer comes as show_action
            self.ui.legal, self.ui.targets = [], []
            self.bar.refresh()
            self.app.request_redraw()
            return True
        self.show_action(seat, events, before)
        return True

    def show_action(self, seat: int | None, events: list[Any], before: Any) -> None:
        """Show what an action did: its visible events animated and logged from the view
        ``before`` to the view now, then whoever is next."""
        if seat == self.viewer:
            self.notice = None  # it has been read: the player acted
            self.focus_parked = False
        seen = [e for e in events if e.visible_to(self.viewer)]
        self.view = self.game.view(self.viewer)
        cover = self.seating.cover_for_next(self.game, self.viewer)
        hide = cover is None and seat == self.viewer and self.seating.hide_for_bots(
            self.game, self.viewer)
        # Behind a coming privacy screen only the mover's part of the events is played: the next
        # seat's turn (its "turn" banner, its draw) is not for the screen the mover looks at.
        shown = seen if cover is None and not hide else [
            e for e in events[:turn_cut(events)] if e.visible_to(self.viewer)]
        self.anim.speed = self.app.settings.anim_speed
        tweens = self.renderer.animations(shown, before, self.view)
        self.anim.extend(tweens)
        self.sounds.cue(shown, tweens, before, self.view, self.game.result(),
                        self.humans if self.viewer is None else [self.viewer])
        self.log.add(self.renderer.log_lines(seen, before, self.view),
                     heading=self.renderer.log_heading(before, self.view))
        if seat == self.viewer:
            self.ui.focus = None
            self._refresh()
        else:
            self._refresh_keeping_choice()
        if cover is not None and seat == self.viewer:
            self._pass_screen(cover, reveals=any(e.REVEALS for e in shown))
        elif hide:
            self._pass_screen((None, ""), reveals=any(e.REVEALS for e in shown))
        else:
            self._schedule_next()
        if self.session.autosave_error:  # the game goes on, but the player must know it is unsaved
            self.show_toast(t("table.autosave_failed", reason=self.session.autosave_error))

    def _pass_screen(self, cover: tuple[int | None, str], reveals: bool) -> None:
        """The player at the screen has just passed the turn: to another human (``cover``
        names it), or to bots before one (``(None, "")``: the table then shows what every seat
        may see while they play). Nothing waits to be seen: that happens at once, before another
        frame of this player's view is drawn. The move revealed something (a search's treasure,
        a die, a drawn card): its animations play and the table waits until this player says
        they have seen it (``ack_handoff``)."""
        if reveals:
            self.held = cover
            self.app.request_redraw()
            return
        self.held = cover
        self.ack_handoff()

    def ack_handoff(self) -> None:
        """The player has seen what the last move revealed: now the privacy screen covers, or
        the table turns to the spectator's view and the bots play on."""
        if self.held is None:
            return
        (seat, reason), self.held = self.held, None
        self.anim.skip_all()
        if seat is None:
            self._set_viewer(None)
            self._schedule_next()
        else:
            self.push_handoff(seat, reason, self.decision_key(seat))

    def _refresh_keeping_choice(self) -> None:
        """Refresh after another seat's action while this one may be deciding too (a bot's bid
        or defence): the keyboard focus and the hint stay on the same action if it is still
        there, rather than jumping back to nothing under the player's hands."""
        focused = (self.ui.targets[self.ui.focus].action
                   if self.ui.focus is not None and self.ui.focus < len(self.ui.targets) else None)
        hint = self.ui.hint
        self._refresh()
        same = [i for i, tg in enumerate(self.ui.targets) if tg.action == focused]
        if focused is not None and same:
            self.ui.focus = same[0]
            self.focus_auto = False
        elif focused is not None:  # it is gone: back to where the focus starts
            self.ui.focus = None
            self._focus_primary()
        self.ui.hint = hint if hint in self.ui.legal else None

    def undo(self) -> None:
        """Take back this player's last move; when it cannot be, say why, truthfully."""
        if self.viewer is None:
            return
        if not self.session.can_undo(self.viewer):
            why = getattr(self.session, "why_no_undo", lambda seat: None)(self.viewer)
            if why is not None:
                words = t("table.cannot_undo", why=say(why, capital=False))
                self.show_refusal(words, self.bar.undo.rect)
            return
        self.anim.skip_all()
        self.session.undo()
        self.log.add([t("table.undone")])
        self._refresh()

    def hint(self) -> None:
        """Ask the strongest bot what it would do here and highlight that target at once; the
        game's expert then looks deeper (``_look_deeper``)."""
        if not self.ui.legal:
            return
        seed = self.session.record.seed + len(self.session.steps)
        bot = self.spec.make_bot("best", seed)
        taught = self.tutorial.taught() if self.tutorial is not None else None
        explains = getattr(bot, "decide_with_reason", None)  # ai/explain.py
        if taught is not None:
            choice, why = taught, None  # a tutorial hints its step; its caption says why
        elif explains is not None:
            choice, why = explains(self.view, self.ui.legal)
        else:
            choice, why = bot.choose(self.view, self.ui.legal), None
        self.focus_parked = False
        self.ui.hint = choice
        toward = self._toward(choice)
        self.hint_reason = (choice, self._hint_words(why, toward)) if why is not None else None
        self.ui.focus = toward if toward is not None else self.ui.focus
        self.focus_auto = False
        if taught is None:
            self._look_deeper(choice, toward, seed)
        self.app.request_redraw()

    def _look_deeper(self, quick: Action, toward: int | None, seed: int) -> None:
        """The expert searches the hinted decision off this thread, within the thinking time;
        ``_take_deeper_hint`` puts its verdict under the hint's reason."""
        self.hint_detail = ""
        if self.viewer is None or not self.deeper.start(
                self.spec, self.game, self.viewer, len(self.session.steps),
                self.app.settings.thinking, quick, seed):
            return
        if self.hint_reason is None:  # a bot that does not explain: the move by its outline
            label = self.ui.targets[toward].label if toward is not None else ""
            self.hint_reason = (quick, label or t("hint.why.outlined"))
        self.hint_detail = t("hint.deeper.looking")
        self.app.set_timer(POLL_MS)

    def _take_deeper_hint(self) -> None:
        """The expert's verdict, if the hint it was asked for is still shown: it agrees, or the
        hint moves to its move."""
        quick = self.deeper.quick
        verdict = self.deeper.poll(len(self.session.steps))
        if verdict is None:
            if self.deeper.looking:
                self.app.set_timer(POLL_MS)
            else:
                self.hint_detail = ""  # dropped: the decision it was for is made
            return
        if verdict.seat != self.viewer or self.ui.hint != quick \
                or verdict.action not in self.ui.legal:
            self.hint_detail = ""  # the player has moved on (a pick, another seat's screen)
            return
        if verdict.agrees and verdict.playouts == 0:
            self.hint_detail = ""  # a decision the expert leaves to its guide (market prices)
        elif verdict.agrees:
            self.hint_detail = t("hint.deeper.agrees", n=verdict.playouts)
        else:
            self.ui.hint = verdict.action
            toward = self._toward(verdict.action)
            self.ui.focus = toward if toward is not None else self.ui.focus
            self.hint_reason = (verdict.action, t("hint.deeper.prefers", n=verdict.playouts))
            self.hint_detail = t("hint.deeper.better")
        self.app.request_redraw()

    def _toward(self, hint: Action | None) -> int | None:
        """The target to follow to ``hint``: the one sending it, else a button stepping toward it
        (price + 1 on the way to 13), else a local step leading to it (the card to price)."""
        targets = self.ui.targets
        exact = [i for i, tg in enumerate(targets) if tg.pick is None and tg.action == hint]
        direct = [i for i, tg in enumerate(targets) if tg.pick is None and tg.leads_to(hint)]
        steps = [i for i, tg in enumerate(targets) if tg.pick and tg.leads_to(hint)]
        return (exact or direct or steps or [None])[0]

    def _hint_words(self, why: Any, toward: int | None) -> str:
        """The hint's reason in words; a move its bot does not explain is named by its
        target's own label ("End turn"), or, a card or space outlined, as the outlined one,
        never by the engine's word for it."""
        label = self.ui.targets[toward].label if toward is not None else ""
        if getattr(why, "key", "") == "hint.why.plain":
            # A card or a space has no label; the engine's word for the move is English only.
            return label or t("hint.why.outlined")
        return self.say(why)

    def say(self, why: Any) -> str:
        """An engine's reason in the player's language, its card ids by the cards' names."""
        looks = getattr(self.renderer, "looks", None)
        return say(why, getattr(looks, "name", None), values=self.renderer.name_value)

    def _tempting(self, seat: int) -> list[Action]:
        """The moves the rules refuse ``seat`` now that it may reach for (``Game.tempting``: a
        card too dear, the phase's buttons it cannot use yet)."""
        return [a for a in self.game.tempting(seat) if a not in self.ui.legal] \
            if hasattr(self.game, "tempting") else []

    def _refused_targets(self) -> list[Target]:
        """Where a click means a move the rules refuse now (a card too dear to buy, End turn
        with a card still to discard): the renderer's targets for the game's ``tempting``
        moves (its buttons drawn disabled), so the pointer resting on one and a click say the
        engine's reason instead of doing nothing."""
        tempting = self.renderer.refused
        legal = set(self.ui.legal)
        found = self.renderer.targets(self.view, [*self.ui.legal, *tempting])
        return [tg for tg in found if tg.action in tempting and tg.action not in legal
                and not any(c in legal for c in tg.covers)]

    def _refused_at(self, pos: tuple[int, int]) -> Target | None:
        hits = [tg for tg in self.refused if tg.rect.collidepoint(pos)]
        return max(hits, key=lambda tg: tg.z) if hits else None

    def why_refused(self, target: Target) -> str:
        """The engine's reason a refused target's move cannot be made now, in words (asked once
        per state: the pointer rests on it frame after frame)."""
        if target.action not in self.refused_why and self.viewer is not None:
            why = self.game.why_illegal(self.viewer, target.action)
            self.refused_why[target.action] = self.say(why)
        return self.refused_why.get(target.action, "")

    def show_refusal(self, text: str, anchor: Any) -> None:
        """Why a move was refused, by where it was tried (a click, the focused target, a
        button), for ``NOTE_MS``, fading; it never covers the table's targets."""
        spot = pygame.Rect(anchor) if isinstance(anchor, pygame.Rect) else pygame.Rect(anchor,
                                                                                       (1, 1))
        self.refusal = Note(text, "", spot, theme.DANGER, self.app.now() + NOTE_MS)
        self.app.set_timer(NOTE_MS + 10)
        self.app.request_redraw()

    def _input_spot(self) -> pygame.Rect:
        """Where the player's last input was: the focused target (keyboard), else the pointer."""
        if self.ui.focus is not None and self.ui.focus < len(self.ui.targets):
            return pygame.Rect(self.ui.targets[self.ui.focus].rect)
        return pygame.Rect(self.ui.mouse, (1, 1))

    def _hint_is_direct(self) -> bool:
        return any(tg.pick is None and tg.leads_to(self.ui.hint) for tg in self.ui.targets)

    def show_notice(self, text: str, detail: str = "") -> None:
        """A banner naming whose decision it is now (the screen turned to them uncovered)."""
        self.notice = (text, detail, self.app.now() + NOTICE_MS)
        self.app.set_timer(NOTICE_MS + 10)
        self.app.request_redraw()

    def show_toast(self, text: str) -> None:
        self.toast = (text, self.app.now() + TOAST_MS)
        self.app.set_timer(TOAST_MS + 10)
        self.app.request_redraw()

    # --- who is next ------------------------------------------------------------------------------
    def _schedule_next(self) -> None:
        """After an action: the game over, a bot's move after a pause, or the next human: the
        privacy screen when the game says the two may see different things, else the table turns
        to that seat at once and says whose decision it is (``Seating.after_move``)."""
        step = self.seating.after_move(self.game, self.viewer)
        if step.kind == "bot":
            self.bot_due = self.app.now() + self.bot_delay_ms
            self.app.set_timer(self.bot_delay_ms)
        elif step.kind == "cover" and step.seat is not None:
            self.handoff_pending = (step.seat, step.reason)
        elif step.kind == "switch":
            self.switch_pending = step.seat
        elif step.kind == "turn":
            self._set_viewer(step.seat)

    def _set_viewer(self, seat: int | None) -> None:
        """Show the table as ``seat`` sees it. The log is rebuilt from that seat's events: the
        last viewer's private lines (a card only it drew) must not stay on screen for the next."""
        changed = seat != self.viewer
        self.viewer = seat
        if changed:
            self.log.clear()
            self._replay_log()
            self.renderer.cancel_pick()  # a card the last player picked is not the next one's
            self.ui.focus = self.ui.hint = None
        self._refresh()

    def _play_bot(self) -> None:
        self.bot_due = None
        seat = self.seating.next_decider(self.game, self.viewer)
        if seat is None or seat not in self.bots:
            return
        bot = self.bots[seat]
        if self.runner.takes(bot):  # the expert searches off this thread; update() takes its answer
            self.runner.start(bot, self.game, seat, len(self.session.steps),
                              self.app.settings.thinking)
            self.app.set_timer(POLL_MS)
            self.app.request_redraw()
            return
        view = self.game.view(seat)
        self.act(seat, bot.choose(view, self.game.legal_actions(seat)))

    def _take_bot_answer(self) -> None:
        """The searching bot's move once it has one (dropped if the game has moved on)."""
        done = self.runner.poll(len(self.session.steps))
        if done is not None:
            self.act(*done)
        elif self.runner.thinking is not None:
            self.app.set_timer(POLL_MS)

    def _run_pending(self, now: int) -> None:
        """Things that wait for the animations to end: game over, handoff, the next bot move."""
        if self.held is not None:
            self.hold.ready()  # the prompt stays until the player says they have seen it
        elif self.game.result() is not None and not self.game_over_shown:
            self.game_over_shown = True
            self.show_result()
        elif self.handoff_pending is not None:
            (seat, reason), self.handoff_pending = self.handoff_pending, None
            self.push_handoff(seat, reason, self.decision_key(seat))
        elif self.switch_pending is not None:
            seat, self.switch_pending = self.switch_pending, None
            self._set_viewer(seat)
            self.show_notice(t("table.seat_up", name=self.seat_name(seat)), self._decision(seat))
        elif self.bot_due is not None and now >= self.bot_due:
            self._play_bot()

    def show_result(self) -> None:
        stats.record_game(self.session)  # a solo game's statistics (not a tutorial's)
        screens.push(self.app, "game_over", self.session)

    def seat_names(self) -> list[str]:
        """The names chosen at setup; a seat left unnamed is "Player 2", as on the setup screen
        (in the language of the moment)."""
        return seat_names(self.seat_kinds, getattr(self.session, "names", None))

    def seat_name(self, seat: int) -> str:
        return self.seat_names()[seat]

    def decision_key(self, seat: int) -> str | None:
        """The i18n key of what ``seat`` decides now ("handoff.reason.buy": "to buy"), from the
        renderer's ``decision_key(view)``; None when it does not say."""
        return self.renderer.decision_key(self.game.view(seat))

    def _decision(self, seat: int) -> str:
        key = self.decision_key(seat)
        return t(key) if key else ""

    def push_handoff(self, seat: int, reason: str, decision_key: str | None = None) -> None:
        """The privacy screen before ``seat`` sees this table: it names the player, why the
        screen is covered (``reason``) and what that player is to decide. Every way to it (a
        turn passed, bots between humans, sealed bids, a game started or continued) comes here."""
        screens.push(self.app, "handoff", self.seat_name(seat), reason,
                     lambda: self._uncover(seat), decision_key)

    def _uncover(self, seat: int) -> None:
        """The privacy screen revealed ``seat``'s view, with the keyboard focus on nothing: the
        Enter that revealed it, or one more, must not act for the new player. Their first Enter
        shows where the focus is (as with nothing focused anywhere), the second does it."""
        self.focus_parked = True
        self.ui.focus = None
        self._set_viewer(seat)

    def on_enter(self) -> None:
        self.clock.last_ms = None  # counting restarts from the first frame on top

    def on_exit(self) -> None:
        self.clock.stop()

    # --- frames ---------------------------------------------------------------------------------------
    def update(self, now_ms: int) -> bool:
        self.anim.speed = self.app.settings.anim_speed
        if self.space_down is not None and now_ms - self.space_down >= SPACE_HOLD_MS:
            self.anim.skip_all()  # Space held: skip everything queued
        self.preview.update(now_ms)
        self.clock.update(now_ms)
        busy = self.anim.update(now_ms)
        self.sounds.update(now_ms)
        self.ui.animating = busy
        self.ui.hidden = self.anim.hidden()
        if not busy and self.runner.thinking is not None:
            self._take_bot_answer()
        if self.deeper.looking:
            self._take_deeper_hint()
        if not busy:
            self._run_pending(now_ms)
        if self.refusal is not None and self.refusal.until is not None:
            if now_ms >= self.refusal.until:
                self.refusal = None
            self.app.request_redraw()  # it fades frame by frame until then
        if self.toast is not None and now_ms >= self.toast[1]:
            self.toast = None
            self.app.request_redraw()
        if self.notice is not None and now_ms >= self.notice[2]:
            self.notice = None
            self.app.request_redraw()
        return busy or self.anim.busy or self.sounds.busy or self.refusal is not None

    def draw(self, surface: pygame.Surface) -> None:
        th = self.th
        surface.blit(theme.felt_background(surface.get_size()), (0, 0))
        self.renderer.draw(surface, self.view, self.ui)
        if not self.ui.animating:
            self._draw_targets(surface, th)
        self.anim.draw(surface)
        if self.tutorial is not None:
            self.tutorial.draw(surface, th)
        if not self.ui.animating and self.ui.focus is not None \
                and self.ui.focus < len(self.ui.targets):
            key_tag(surface, self.ui.targets[self.ui.focus].rect, th,  # clear of labels
                    self.key_tag_avoid())
        self.log.draw(surface)
        self.bar.draw(surface)
        self._draw_notice(surface, th)
        thinking = self.thinking_seat()
        if thinking is not None:
            draw_thinking(surface, th, self.board, self.seat_name(thinking),
                          self.renderer.thinking_area(self.view))
        if self.held is not None and not self.ui.animating:
            self.hold.draw(surface, th)
        self._draw_toast(surface, th)
        if not self.ui.animating:
            self.preview.draw(surface, th)
            self._draw_reasons(surface, th)

    def thinking_seat(self) -> int | None:
        """The seat whose bot is searching now ("<name> is thinking…"), else None."""
        return self.runner.thinking

    def key_tag_avoid(self) -> list[pygame.Rect]:
        """What the "Enter" key cap keeps clear of: the targets, the disabled buttons, what
        the renderer drew (their labels and numbers) and the figures read to decide."""
        return [tg.rect for tg in (*self.ui.targets, *self.refused)] \
            + [r for r, _ in self.renderer.shown] + list(self.renderer.figures)

    def _draw_targets(self, surface: pygame.Surface, th: theme.Theme) -> None:
        for i, target in enumerate(self.ui.targets):
            if target.leads_to(self.ui.hint) and not (target.pick and self._hint_is_direct()):
                ring(surface, target.rect, theme.GOLD, th)
            elif i == self.ui.focus:
                ring(surface, target.rect, theme.TEXT, th)
            elif i == self.ui.hover:
                theme.outline(surface, target.rect, theme.mix(theme.LEGAL, (255, 255, 255), 0.5),
                              th, 0.5)
            elif not target.quiet:
                theme.outline(surface, target.rect, theme.LEGAL, th, 0.25)

    def _draw_reasons(self, surface: pygame.Surface, th: theme.Theme) -> None:
        """The words beside the table's targets: the hint's reason by its outline, the confirm
        step by the move it asks about, a refusal by the click, Undo's reason on hover."""
        avoid = [tg.rect for tg in self.ui.targets]
        now, window = self.app.now(), surface.get_rect()
        self.notes_drawn = []  # where they lay (the tests look)
        drawn = self.notes_drawn.append
        if self.confirming is not None:
            index = self._toward(self.confirming[0])
            if index is not None:
                rect = self.ui.targets[index].rect
                ring(surface, rect, theme.ACCENT, th)
                ask = Note(t("table.confirm.ask", what=self.confirming[1]),
                           t("table.confirm.how"), rect, theme.ACCENT)
                drawn(draw_note(surface, th, ask, [r for r in avoid if r != rect], self.board,
                                now))
        elif self.hint_reason is not None and self.hint_reason[0] == self.ui.hint:
            index = self._toward(self.ui.hint)
            if index is not None:
                rect = self.ui.targets[index].rect
                note = Note(self.hint_reason[1], self.hint_detail, rect, theme.GOLD)
                drawn(draw_note(surface, th, note, [r for r in avoid if r != rect], self.board,
                                now))
        resting = self._refused_at(self.ui.mouse) if self.ui.hover is None else None
        if resting is not None and self.refusal is None:  # a disabled button: why, on hover
            # right by it: the pointer is there, not on what the note may cover for a moment
            drawn(draw_note(surface, th, Note(self.why_refused(resting), "", resting.rect,
                                              theme.TEXT_DIM), [], self.board, now))
        if self.bar.undo_hovered(self.ui.mouse) and self.viewer is not None:
            why = getattr(self.session, "why_no_undo", lambda seat: None)(self.viewer)
            if why is not None:
                drawn(draw_note(surface, th, Note(say(why), "", self.bar.undo.rect,
                                                  theme.TEXT_DIM), [], window, now))
        if self.refusal is not None:
            bounds = self.board if self.board.contains(self.refusal.anchor) else window
            drawn(draw_note(surface, th, self.refusal, avoid, bounds, now))

    def _draw_notice(self, surface: pygame.Surface, th: theme.Theme) -> None:
        """The whose-turn banner "Over to <name>" where nothing the player reads then lies (see
        ``notice_area``): at the top it hid the names of the seats above."""
        if self.notice is not None:
            area = notice_area(self.renderer, self.view, self.board)
            draw_banner(surface, th, area.centerx, area.centery, self.notice[:2],
                        theme.ACCENT, 0.22, centred=True)

    def _draw_toast(self, surface: pygame.Surface, th: theme.Theme, top: int = 0) -> None:
        if self.toast is not None:
            draw_banner(surface, th, self.log.rect.x // 2, max(top, th.px(3)),
                        (self.toast[0], ""), theme.DANGER, 0.35, wrap=True)

    # --- input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.held is not None and self.hold.handle(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            used = self.bar.handle(event)
            if used or (event.type != pygame.MOUSEMOTION and self.bar.hit(event.pos)):
                return
        if event.type == pygame.MOUSEMOTION:
            self.ui.mouse = event.pos
            buttons = getattr(event, "buttons", (0, 0, 0))
            if buttons[1] or buttons[2]:
                self._renderer_mouse(event)  # a middle- or right-drag (pans a board)
            self._update_hover()
            self.preview.moved()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ui.mouse = event.pos
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            self._renderer_mouse(event)
        elif event.type == pygame.MOUSEWHEEL:
            wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=event.x, y=event.y,
                                       pos=self.ui.mouse)  # the pointer it zooms about
            if not (self.board.collidepoint(self.ui.mouse) and self._renderer_mouse(wheel)):
                self.log.handle(event)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space_down = None

    def _update_hover(self) -> None:
        pos = self.ui.mouse
        hits = [i for i, tg in enumerate(self.ui.targets) if tg.rect.collidepoint(pos)]
        # the topmost: a higher z, else the later target, is drawn over
        self.ui.hover = max(hits, key=lambda i: (self.ui.targets[i].z, i)) if hits else None

    def _click(self, pos: tuple[int, int]) -> None:
        self._update_hover()
        if self.ui.hover is not None:
            self.anim.skip_all()  # input applies to the state after the animations
            self._choose(self.ui.hover)
        elif self.anim.busy:
            self.anim.finish_current()
        elif (refused := self._refused_at(pos)) is not None and self.viewer is not None:
            self.confirming = None
            self.show_refusal(self.why_refused(refused), refused.rect)  # beside what was clicked
        else:
            self.confirming = None
            self._renderer_mouse(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def _renderer_mouse(self, event: pygame.event.Event) -> bool:
        """Mouse input the table does not use itself (the wheel over the board, a middle- or
        right-drag, a click on no target) goes to the renderer's ``mouse(event)``; True when it
        used it (a zoom, a pan): its targets have moved, so they are asked for again."""
        if not self.renderer.mouse(event):
            return False
        self.ui.targets = self.renderer.targets(self.view, self.ui.legal) if self.ui.legal else []
        self._update_hover()
        self.app.request_redraw()
        return True

    def _choose(self, index: int) -> None:
        if self.viewer is None or not 0 <= index < len(self.ui.targets):
            return
        self.focus_parked = False
        target, hint = self.ui.targets[index], self.ui.hint
        if self.tutorial is not None and not self.tutorial.accepts(target):
            self.tutorial.refuse()  # refused: the state is unchanged
            return
        if target.pick is not None:
            target.pick()  # a local step: new targets, the same game state
            self._refresh()
            self.ui.hint = hint
            follow = [i for i, tg in enumerate(self.ui.targets)
                      if tg.pick is None and tg.action in target.covers]
            toward = self._toward(hint)
            self.ui.focus = toward if toward is not None else (follow or [None])[0]
            self.focus_auto = self.ui.focus is None and self._focus_primary()
            return
        if self._asks_first(target.action):
            return
        viewer = self.viewer
        stepping = target.action != hint and target.leads_to(hint)
        if self.act(viewer, target.action) and stepping and self.viewer == viewer \
                and hint in self.ui.legal:
            self.ui.hint = hint  # one step on the way (price + 1): the next Enter steps again
            self.ui.focus = self._toward(hint)
            self.focus_auto = False

    def _asks_first(self, action: Action) -> bool:
        """A move that costs what undo will not give back (``Game.costly``) is asked about
        first, when "Confirm costly actions" is on: this click or Enter shows what it costs, the
        next one on the same move does it. Anything else put it aside."""
        asked, self.confirming = self.confirming, None
        if asked is not None and asked[0] == action:
            return False
        if self.viewer is None or not getattr(self.app.settings, "confirm_costly", True):
            return False
        if self.tutorial is not None:
            return False  # a taught step is already the one move to make
        why = self.game.costly(self.viewer, action) if hasattr(self.game, "costly") else None
        if why is None:
            return False
        self.confirming = (action, self.say(why))
        self.app.request_redraw()
        return True

    def _key(self, event: pygame.event.Event) -> None:
        key, mods = event.key, event.mod
        if key == pygame.K_SPACE:
            if self.space_down is None:
                self.space_down = self.app.now()
            self.anim.finish_current()
        elif key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.undo()
        elif key == pygame.K_ESCAPE:
            if self.confirming is not None:
                self.confirming = None  # "not now": the move is put aside, nothing else
                self.app.request_redraw()
            elif self.renderer.cancel_pick():
                self._refresh()  # a picked card is put back first: Esc is "back"
            else:
                self.open_menu()
        elif key == pygame.K_h:
            self.hint()
        elif key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            back = key in (pygame.K_LEFT, pygame.K_UP) or (
                key == pygame.K_TAB and mods & pygame.KMOD_SHIFT)
            self._move_focus(-1 if back else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter()
        else:
            self._renderer_key(event)

    def _renderer_key(self, event: pygame.event.Event) -> None:
        """Keys the table leaves alone (digits, +, -, Backspace) go to the renderer's
        ``key(keycode, text)``: a legal action to apply (a typed price or bid), True when only its
        own state changed, None when the key is not its. The renderer hears keys while others
        act too (Dungeon!'s board pans and zooms while the bots play); an action it answers
        is applied only when it is the viewer's to take."""
        got = self.renderer.key(event.key, getattr(event, "unicode", ""))
        if isinstance(got, Action):
            if self.tutorial is not None and not self.tutorial.accepts_action(self.viewer, got):
                self.tutorial.refuse()
            elif self.viewer is not None and got in self.ui.legal:
                self.act(self.viewer, got)
        elif got is True:
            if self.ui.legal:
                self._refresh()  # its targets moved with it
            else:
                self.app.request_redraw()  # watching: nothing to target, only to draw

    def _enter(self) -> None:
        """Enter does the focused target. With nothing focused it first shows where the focus
        is (the primary, else the first target) rather than doing anything. The focus the table
        put on the primary itself takes a fresh press: an Enter held on from the last move
        (repeating) must not end the turn."""
        if self.ui.focus is None:
            self.ui.focus = self._start_focus()
            self.focus_auto = True  # placed by this press: its repeats must not do it
            self.focus_parked = False
            self.app.request_redraw()
            return
        if self.focus_auto and self.app.key_repeat:
            return
        self.anim.skip_all()
        self._choose(self.ui.focus)

    def _focus_primary(self) -> bool:
        """Put the keyboard focus on the primary target (the accent button) if there is one."""
        primary = self._primaries()
        if not primary:
            return False
        self.ui.focus = primary[0]
        self.focus_auto = True
        return True

    def _primaries(self) -> list[int]:
        """The primary targets; in a tutorial, the step's own (so Enter takes the step)."""
        if self.tutorial is not None and self.tutorial.waiting():
            return self.tutorial.focus_indices()
        return [i for i, tg in enumerate(self.ui.targets) if tg.primary]

    def _start_focus(self) -> int | None:
        """Where Enter puts the focus when there is none: the primary target, else the first
        (where Tab starts too)."""
        primary = self._primaries()
        return (primary or list(range(len(self.ui.targets))) or [None])[0]

    def _move_focus(self, step: int) -> None:
        n = len(self.ui.targets)
        if n == 0:
            return
        current = self.ui.focus if self.ui.focus is not None else (-1 if step > 0 else 0)
        self.ui.focus = (current + step) % n
        self.focus_auto = False
        self.focus_parked = False
        self.preview.moved(by_keyboard=True)
        self.app.request_redraw()

    def open_menu(self) -> None:
        self.anim.skip_all()
        screens.push(self.app, "pause")


screens.register("table", TableScene)
