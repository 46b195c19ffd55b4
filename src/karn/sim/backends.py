"""Where the games run: in this process, in local worker processes, or on a dask.distributed cluster.

A backend maps a function over tasks (chunks of games) and yields each result as it
completes, in any order: the caller puts them back in order, so what a simulation
reports never depends on the backend nor on the number of workers. Only a bounded
number of tasks is in flight at once (a few per worker), so memory does not grow with
the number of games.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar

from karn.sim.errors import SimError, require

Task = TypeVar("Task")
Result = TypeVar("Result")

#: Tasks in flight per worker: enough to keep every worker busy, few enough to stay small.
TASKS_PER_WORKER = 3

#: Seconds to wait for a dask scheduler to answer.
DASK_CONNECT_TIMEOUT = "10s"


def run_tasks(
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    *,
    jobs: int = 1,
    dask: object = None,
) -> Generator[Result, None, None]:
    """``function(task)`` for every task, yielded as each completes.

    Closing the generator (``contextlib.closing``; an exception such as Ctrl-C in the
    caller) stops the backend: local workers finish the task in hand and are joined,
    the tasks not started are cancelled.

    ``dask``: a scheduler's address (``"tcp://host:8786"``) or a ``distributed.Client``
    runs the tasks on that cluster; else ``jobs`` local processes do (``jobs=1``: this
    process, no worker). ``function`` and the tasks must be picklable (a module-level
    function, plain data) for any backend but ``jobs=1``.
    """
    if dask is not None:
        return _run_dask(function, tasks, dask)
    if jobs < 1:
        raise SimError(f"jobs must be at least 1, not {jobs}")
    if jobs == 1:
        return (function(task) for task in tasks)
    return _run_processes(function, tasks, jobs)


def _process_context() -> multiprocessing.context.BaseContext:
    """Worker processes start from a clean server process that has imported karn
    (forkserver), never by forking this one: a caller may have threads running (a
    progress bar) and forking a process with threads can deadlock. Where there is no
    forkserver (Windows), they are spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["karn.sim.runner", "karn.sim.goldfish"])
        return context
    return multiprocessing.get_context("spawn")


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the simulating process, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_processes(
    function: Callable[[Task], Result], tasks: Sequence[Task], jobs: int
) -> Generator[Result, None, None]:
    executor = ProcessPoolExecutor(
        max_workers=jobs, mp_context=_process_context(), initializer=_ignore_interrupts
    )
    try:
        remaining = iter(tasks)
        pending: set[Future[Result]] = {
            executor.submit(function, task) for task in islice(remaining, jobs * TASKS_PER_WORKER)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                result = future.result()
                for task in islice(remaining, 1):
                    pending.add(executor.submit(function, task))
                yield result
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _run_dask(
    function: Callable[[Task], Result], tasks: Sequence[Task], scheduler: object
) -> Generator[Result, None, None]:
    distributed: Any = require("distributed", "--dask (a dask.distributed cluster)")
    own_client = isinstance(scheduler, str)
    if own_client:
        try:
            client = distributed.Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as e:
            raise SimError(f"cannot connect to the dask scheduler at {scheduler}: {e}") from None
    elif isinstance(scheduler, distributed.Client):
        client = scheduler
    else:
        raise SimError(f"dask= takes a scheduler address or a distributed.Client, not {scheduler!r}")
    return _dask_results(distributed, client, function, tasks, own_client)


def _dask_results(
    distributed: Any,
    client: Any,
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    own_client: bool,
) -> Generator[Result, None, None]:
    try:
        workers = max(1, sum(client.nthreads().values()))
        remaining = iter(tasks)
        # pure=False: every task is its own computation (dask does not merge equal ones).
        first = [
            client.submit(function, task, pure=False)
            for task in islice(remaining, workers * TASKS_PER_WORKER)
        ]
        in_flight = distributed.as_completed(first)
        for future in in_flight:
            result: Result = future.result()
            future.release()
            for task in islice(remaining, 1):
                in_flight.add(client.submit(function, task, pure=False))
            yield result
    finally:
        if own_client:
            client.close()
