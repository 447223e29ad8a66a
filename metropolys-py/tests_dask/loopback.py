"""A Dask cluster on loopback made of real processes: a `dask scheduler`
and `dask worker` processes (one thread each, no nanny, so that a worker
killed stays dead) on 127.0.0.1. Used by the tests (test_cluster.py) and by
benchmarks/dask_scaling.py."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time
from typing import Any, List, Optional

DASK = str(pathlib.Path(sys.executable).parent / "dask")
START_TIMEOUT = 90  # seconds; two shared cores can be slow to start Python


def stop(process: "subprocess.Popen[bytes]") -> None:
    """SIGTERM, then SIGKILL if it has not exited within 15 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Loopback:
    """A scheduler process and its worker processes, with a client."""

    def __init__(self, directory: pathlib.Path, workers: int = 2) -> None:
        import distributed

        self.directory = directory
        self.workers: List["subprocess.Popen[bytes]"] = []
        file = directory / "scheduler.json"
        self.scheduler = subprocess.Popen(
            [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0",
             "--no-dashboard", "--scheduler-file", str(file)],
            stdout=open(directory / "scheduler.log", "wb"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.client: Optional[Any] = None
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while not file.exists() or not file.read_text().strip():
                if self.scheduler.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "the dask scheduler did not start: " + (directory / "scheduler.log").read_text()
                    )
                time.sleep(0.1)
            self.address: str = json.loads(file.read_text())["address"]
            self.client = distributed.Client(self.address, timeout=30)
            for i in range(workers):
                self.start_worker(f"w{i}")
        except BaseException:
            self.close()
            raise

    def start_worker(self, name: str) -> "subprocess.Popen[bytes]":
        """Starts one more worker process and waits until the scheduler
        knows it."""
        assert self.client is not None
        before = len(self.client.scheduler_info()["workers"])
        worker = subprocess.Popen(
            [DASK, "worker", self.address, "--host", "127.0.0.1", "--nworkers", "1",
             "--nthreads", "1", "--no-nanny", "--no-dashboard", "--name", name,
             "--local-directory", str(self.directory / name)],
            stdout=open(self.directory / f"{name}.log", "wb"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.workers.append(worker)
        self.client.wait_for_workers(before + 1, timeout=START_TIMEOUT)
        return worker

    def worker_pids(self) -> "dict[str, int]":
        """The process id of each worker, by address, as the workers say."""
        assert self.client is not None
        return dict(self.client.run(os.getpid))

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        for w in self.workers:
            stop(w)
        stop(self.scheduler)
