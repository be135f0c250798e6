"""``dungeon-table host`` and ``dungeon-table join`` on loopback: the host prints its invite and
each seat as players come and go, is steered by typed lines, resumes its table after a crash
(its players come back with their tokens); ``join`` refuses clearly with exit 2."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dungeon_table import cli
from dungeon_table.core import registry
from dungeon_table.net import messages as msg
from dungeon_table.net.client import BotClient, join
from tests.net.kit import run

SECONDS = 60
REPO = Path(__file__).resolve().parents[2]


class HostProcess:
    """``dungeon-table host ...`` in a process of its own, its output read line by line."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "DUNGEON_TABLE_HOME": str(home), "PYTHONUNBUFFERED": "1",
               "PYTHONPATH": str(REPO)}
        command = [sys.executable, "-m", "dungeon_table", "host", *args, "--port", "0",
                   "--bind", "127.0.0.1", "--bot-delay", "0"]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        invite = self.wait_for(r"table code (\w+), port (\d+)")
        self.code, self.port = invite.group(1), int(invite.group(2))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: str) -> re.Match[str]:
        deadline = time.monotonic() + SECONDS
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no {pattern!r} in {self.seen}") from None
            self.seen.append(line)
            found = re.search(pattern, line)
            if found:
                return found

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def stop(self) -> int:
        if self.process.poll() is None:
            self.type("quit")
            try:
                self.process.wait(SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
        return self.process.wait()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def hosts() -> Iterator[list[HostProcess]]:
    started: list[HostProcess] = []
    yield started
    for host in started:
        host.stop()


def test_the_host_prints_its_invite_and_each_seat_as_players_come(home: Path,
                                                                  hosts: list[HostProcess]) -> None:
    host = HostProcess(home, "market", "--seats", "human,human,bot:random", "--seed", "3")
    hosts.append(host)
    assert re.fullmatch(r"[A-Z0-9]{6}", host.code)
    host.wait_for(rf"join: dungeon-table join 127\.0\.0\.1:{host.port} {host.code}")
    host.wait_for(r"from the internet: open TCP port")
    host.wait_for(r"seat 3: a bot \(random\)")

    async def ann_comes_and_goes() -> None:
        ann = await join(host.address, host.code, name="Ann")
        host.wait_for(r"seat 1 \(Ann\): playing")
        host.type("bot 1")
        host.wait_for(r"seat 1 \(Ann\): a bot \(best\) plays for the player")
        host.type("back 1")
        host.wait_for(r"seat 1 \(Ann\): playing")
        host.type("bot 1 wizard")
        host.wait_for(r"no bot 'wizard' here: best, expert, greedy, random, trader")
        host.type("bot 1 Expert")
        host.wait_for(r"seat 1 \(Ann\): a bot \(expert\) plays for the player")
        host.type("back 1")
        host.wait_for(r"seat 1 \(Ann\): playing")
        await ann.leave()
        host.wait_for(r"seat 1 \(Ann\): away")

    run(ann_comes_and_goes())
    assert host.stop() == 0
    host.wait_for(rf"Host stopped; 'dungeon-table host market --resume {host.code}'")


def test_an_expert_seat_searches_on_the_host_for_its_thinking_time(home: Path,
                                                                   hosts: list[HostProcess]) -> None:
    host = HostProcess(home, "relic", "--seats", "human,bot:expert", "--seed", "6",
                       "--thinking", "fast")
    hosts.append(host)
    host.wait_for(r"seat 2: a bot \(expert\)")

    async def a_few_moves_against_it() -> None:
        client = await join(host.address, host.code, name="Ann")
        bot = BotClient(client, registry.get("relic").make_bot("greedy", 3))
        await bot.play(timeout=40, max_actions=6)  # the host's expert answers between them
        assert bot.actions == 6
        assert await client.ping(1) >= 0
        await client.leave()

    run(a_few_moves_against_it())
    assert host.stop() == 0


def test_a_crashed_host_resumes_its_table_and_its_players_come_back(
        home: Path, hosts: list[HostProcess], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    host = HostProcess(home, "market", "--seats", "human,bot:random", "--seed", "5")
    hosts.append(host)

    async def before_the_crash() -> tuple[str, object]:
        client = await join(host.address, host.code, name="Ann")
        bot = BotClient(client, registry.get("market").make_bot("random", 9))
        await bot.play(timeout=SECONDS, max_actions=8)
        await client.wait_until(lambda: bool(client.state and client.state.legal))
        token, view = client.token, client.state.view if client.state else None
        await client.close()
        return str(token), view

    token, view = run(before_the_crash())
    host.process.send_signal(signal.SIGKILL)  # a crash: no goodbye, no last write
    host.process.wait()
    again = HostProcess(home, "market", "--resume", host.code)
    hosts.append(again)
    assert again.code == host.code and "Resumed" in again.seen[0]
    monkeypatch.setenv("DUNGEON_TABLE_HOME", str(home))
    assert cli.main(["host", "relic", "--resume", host.code, "--port", "0"]) == 2
    assert f"table {host.code} is a market table, not relic" in capsys.readouterr().err

    async def after() -> None:
        client = await join(again.address, again.code, token=token)
        assert client.seat == 0 and client.state is not None
        assert client.state.view == view, "the view it had: nothing lost"
        await client.leave()

    run(after())


def test_join_refuses_with_exit_2(home: Path, hosts: list[HostProcess],
                                  capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    host = HostProcess(home, "relic", "--seats", "human,bot:random")
    hosts.append(host)

    def refused(*args: str) -> str:
        assert cli.main(["join", *args]) == 2
        return capsys.readouterr().err

    assert "cannot reach" in refused("127.0.0.1:1", host.code)
    assert "no table" in refused(host.address, "QQQQQQ")

    async def take_the_seat() -> None:
        ann = await join(host.address, host.code)
        assert "every seat at this table is taken" in refused(host.address, host.code)
        assert "bot's" in refused(host.address, host.code, "--seat", "2")
        await ann.leave()

    run(take_the_seat())
    monkeypatch.setattr(msg, "PROTOCOL", msg.PROTOCOL + 1)
    assert "same version" in refused(host.address, host.code)
