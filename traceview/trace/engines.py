"""Where the per-rank tasks run: this machine's process pool, a Dask cluster, or a Ray cluster.

:func:`engine_executor` opens a :class:`concurrent.futures.Executor` for
:func:`traceview.trace.parallel.gather_ranks` and closes it afterwards::

    with engine_executor("dask", workers=4) as executor:     # a LocalCluster of 4 processes
        tables = map_ranks(files, rank_summary, executor=executor)

- ``local``: ``None``, so ``gather_ranks`` uses its own process pool.
- ``dask``: ``distributed.Client(...).get_executor(pure=False)``, on a ``LocalCluster`` of ``workers`` processes
  (one thread each) or on the scheduler at ``address``.
- ``ray``: :class:`RayExecutor` on a local Ray instance of ``workers`` CPUs, or on the cluster at
  ``address``. Ray has no Executor of its own: ``ray.util.multiprocessing.Pool`` has ``map`` and
  ``apply_async`` but no ``submit``, so handing it to code that expects an Executor fails.

Each worker process imports traceview, so the cluster's Python must have it installed. An engine
that is not installed, or a cluster that cannot be reached, raises :class:`~traceview.errors.EngineError`.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any

from traceview.errors import EngineError

log = logging.getLogger(__name__)


class Engine(str, enum.Enum):
    """The engines ``traceview ranks --executor`` offers."""

    local = "local"
    dask = "dask"
    ray = "ray"


@contextmanager
def engine_executor(engine: Engine | str, *, workers: int | None = None, address: str | None = None) -> Iterator[Executor | None]:
    """An Executor on ``engine`` while the block runs (``None`` for ``local``); clusters it started are stopped, and
    the environment variables an engine set in this process are put back (Dask's LocalCluster sets
    ``OMP_NUM_THREADS=1`` here, which every process started later would inherit)."""
    import os

    engine = Engine(engine)
    before = dict(os.environ)
    try:
        if engine is Engine.local:
            if address:
                raise EngineError(f"--address {address}: a cluster address needs the dask or ray engine")
            yield None
        elif engine is Engine.dask:
            with _dask(workers, address) as executor:
                yield executor
        else:
            with _ray(workers, address) as executor:
                yield executor
    finally:
        if os.environ != before:
            os.environ.clear()
            os.environ.update(before)


@contextmanager
def _dask(workers: int | None, address: str | None) -> Iterator[Executor]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise EngineError("the dask engine needs Dask's distributed scheduler: pip install 'traceview[dask]'") from None
    cluster = None
    try:
        if address:
            client = Client(address, timeout="10s")
        else:
            # One thread per worker: a load holds the GIL, threads would take turns.
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        if cluster is not None:
            cluster.close()
        raise EngineError(f"cannot start or reach a Dask cluster{f' at {address}' if address else ''}: {exc}") from None
    log.info("dask: %s", client)
    try:
        # pure=False: a task per call. Dask's default keys a task by its function and arguments, so a
        # second load of the same path would return the first result, however the file has changed since.
        yield client.get_executor(pure=False)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _call(fn: Callable[..., Any], args: tuple, kwargs: dict) -> Any:
    """One Ray task: ``fn(*args, **kwargs)`` (any picklable callable, builtins included)."""
    return fn(*args, **kwargs)


class RayExecutor(Executor):
    """``concurrent.futures`` on Ray tasks: ``submit(fn, *args)`` runs ``fn(*args)`` as one Ray task
    asking for ``num_cpus`` CPUs, and returns the task's future. ``fn`` must be picklable (a
    top-level function) and importable where the tasks run.
    """

    def __init__(self, num_cpus: float = 1) -> None:
        import ray

        self._task = ray.remote(num_cpus=num_cpus)(_call)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        return self._task.remote(fn, args, kwargs).future()


#: Ray's raylet gives its dashboard agent (a Python process that imports Ray) a fixed 15 s to report
#: its ports and aborts the node when the agent is slower, as on a busy machine ("The current node
#: timed out during startup"); a second start finds Ray's modules in the page cache. A local instance
#: is started this many times before giving up.
RAY_LOCAL_START_ATTEMPTS = 2


@contextmanager
def _ray(workers: int | None, address: str | None) -> Iterator[Executor]:
    try:
        import ray
    except ImportError:
        raise EngineError("the ray engine needs Ray: pip install 'traceview[ray]'") from None
    started = not ray.is_initialized()
    if started:
        _start_ray(ray, workers, address)
    try:
        yield RayExecutor()
    finally:
        if started:
            ray.shutdown()


def _start_ray(ray: Any, workers: int | None, address: str | None) -> None:
    """Connect to the cluster at ``address``, or start a local instance of ``workers`` CPUs."""
    attempts = 1 if address else RAY_LOCAL_START_ATTEMPTS
    for attempt in range(1, attempts + 1):
        try:
            ray.init(address=address or None, num_cpus=None if address else workers, include_dashboard=False,
                     log_to_driver=False, logging_level=logging.WARNING)
            return
        except Exception as exc:  # ray.init raises bare Exception when its node does not come up
            ray.shutdown()
            if attempt == attempts:
                where = f"reach the Ray cluster at {address}" if address else "start a local Ray instance"
                first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                raise EngineError(f"cannot {where}: {first}") from None
            log.info("ray: local start failed (%s); trying again", exc)
