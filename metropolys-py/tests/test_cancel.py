"""Ctrl-C stops bots, arenas and VectorEnv steps at once, and leaves no
half-applied game; a thread that cannot start is a RuntimeError.

Each case runs a separate interpreter, sends it a real SIGINT while it is
deep in work that would take far longer (a search of seconds per decision,
a Python bot that blocks), and bounds the time it takes to stop.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Tuple

import pytest

# The longest the child may take to stop after SIGINT: far below the work's
# own length (every case would run for at least 9 seconds, or forever),
# with room for a busy machine.
STOP_WITHIN = 2.5


def _interrupt(body: str, wait: float = 0.7) -> Tuple[int, float, str, str]:
    """Runs ``body`` (which prints ``ready`` before the long call) in a
    child interpreter, sends SIGINT ``wait`` seconds after ``ready``, and
    returns (exit status, seconds from SIGINT to exit, stdout, stderr)."""
    script = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n" + body
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        assert line == "ready", (line, child.stderr.read() if child.stderr else "")
        time.sleep(wait)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
        return child.returncode, time.monotonic() - sent, line + "\n" + out, err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_ctrl_c_stops_a_vectorenv_step_with_searching_opponents() -> None:
    status, took, out, err = _interrupt(
        "import metropolys, numpy as np, sys\n"
        "env = metropolys.VectorEnv(4, players=4, opponents=('ismcts', {'seconds': 3}))\n"
        "obs, info = env.reset(seed=5)\n"
        "actions = np.array([int(np.flatnonzero(m)[0]) for m in info['action_mask']])\n"
        "before = [env.game(i) for i in range(4)]\n"
        "saved = obs.copy(), info['action_mask'].copy()\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    env.step(actions)\n"
        "except KeyboardInterrupt:\n"
        "    same = [env.game(i) for i in range(4)] == before\n"
        "    bufs = (obs == saved[0]).all() and (info['action_mask'] == saved[1]).all()\n"
        "    print('interrupted', same, bool(bufs), flush=True)\n"
        "    sys.exit(42)\n"
    )
    assert status == 42, (out, err)
    assert "interrupted True True" in out, out
    assert took < STOP_WITHIN, took
    assert "panicked" not in err


def test_ctrl_c_stops_an_arena_whose_python_bot_blocks() -> None:
    status, took, out, err = _interrupt(
        "import metropolys, sys, threading\n"
        "class Stuck:\n"
        "    def choose(self, game):\n"
        "        print('ready', flush=True)\n"
        "        threading.Event().wait()\n"
        "try:\n"
        "    metropolys.arena([Stuck(), metropolys.GreedyBot()], games=2, threads=2)\n"
        "except KeyboardInterrupt:\n"
        "    sys.exit(42)\n"
    )
    assert status == 42, (out, err)
    assert took < STOP_WITHIN, took


def test_ctrl_c_stops_an_arena_with_a_slow_python_bot_and_long_searches() -> None:
    status, took, out, err = _interrupt(
        "import metropolys, sys, time\n"
        "class Slow:\n"
        "    def choose(self, game):\n"
        "        time.sleep(0.4)\n"
        "        return game.legal_actions()[0]\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    metropolys.arena([Slow(), 'ismcts:{\"seconds\": 3}'], games=4, threads=2)\n"
        "except KeyboardInterrupt:\n"
        "    sys.exit(42)\n",
        wait=1.5,
    )
    assert status == 42, (out, err)
    assert took < STOP_WITHIN, took


def test_ctrl_c_stops_a_long_search() -> None:
    status, took, out, err = _interrupt(
        "import metropolys, sys\n"
        "game = metropolys.Game(players=4, variant='expert', seed=2)\n"
        "bot = metropolys.bots.Ismcts(seconds=60)\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    bot.choose(game)\n"
        "except KeyboardInterrupt:\n"
        "    print('again', game.is_legal(metropolys.bots.from_spec('greedy').choose(game)), flush=True)\n"
        "    sys.exit(42)\n"
    )
    assert status == 42, (out, err)
    assert "again True" in out
    assert took < STOP_WITHIN, took


# Each call asks for far more threads than the address space left allows.
_THREAD_CALLS = {
    "arena": "metropolys.arena(['greedy', 'greedy'], games=2000, threads=1000)",
    "search": "bots.Ismcts(iterations=500, threads=200).choose(metropolys.Game(seed=1))",
    "vector": "metropolys.VectorEnv(4096, threads=1000)",
    "simulate": "metropolys.simulate(200000, threads=1000)",
}


@pytest.mark.skipif(sys.platform != "linux", reason="address-space limits as on Linux")
@pytest.mark.parametrize("name", sorted(_THREAD_CALLS))
def test_a_thread_that_cannot_start_is_a_runtime_error(name: str) -> None:
    """Under an address-space limit that leaves room for a few thread
    stacks only, asking for hundreds of threads raises the same
    RuntimeError ("cannot start a thread") from arena, a search (not a
    ValueError: it is the system's limit, not a parameter), VectorEnv and
    simulate, with no panic on stderr.

    Each call runs in a fresh interpreter whose threads get 64 MiB stacks
    (`RUST_MIN_STACK`) and share one malloc arena (`MALLOC_ARENA_MAX=1`),
    under a limit of 224 MiB above what the interpreter maps: a few stacks
    fit, the next cannot start, and tens of MiB stay free for the threads
    that did start. With the default 2 MiB stacks and per-thread arenas the
    limit was reached inside a started thread's first allocations instead
    (glibc's "cannot allocate memory for thread-local data", Rust's
    "memory allocation of N bytes failed"), which aborts the process before
    any library code can report it."""
    script = (
        "import resource, metropolys\n"
        "from metropolys import bots\n"
        "size = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize()\n"
        "resource.setrlimit(resource.RLIMIT_AS, (size + (224 << 20), resource.RLIM_INFINITY))\n"
        "try:\n"
        f"    {_THREAD_CALLS[name]}\n"
        "    print('ran')\n"
        "except RuntimeError as e:\n"
        "    print('RuntimeError', 'cannot start a thread' in str(e))\n"
    )
    env = dict(os.environ, RUST_MIN_STACK=str(64 << 20), MALLOC_ARENA_MAX="1")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == "RuntimeError True", done.stdout
    assert "panicked" not in done.stderr and "RUST_BACKTRACE" not in done.stderr, done.stderr
