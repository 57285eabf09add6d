"""Ranks loaded on Dask and Ray local clusters give exactly what the local process pool gives.

Dask and Ray are optional (``pip install -e '.[dask,ray]'``); ``.ci/run`` installs both and sets
``TRACEVIEW_REQUIRE_ENGINES=1``, so there a missing engine fails these tests instead of skipping them.
"""

from __future__ import annotations

import importlib
import json
import os
import sys

import pandas as pd
import pytest
from typer.testing import CliRunner

from conftest import SAMPLES
from traceview.analysis.ranks.ranks import rank_summary
from traceview.errors import EngineError
from traceview.trace import load
from traceview.trace.engines import RayExecutor, engine_executor
from traceview.trace.parallel import gather_ranks

DDP = SAMPLES / "ddp_2rank"
TABLES = ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads")


def _require(module: str, extra: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError:
        if os.environ.get("TRACEVIEW_REQUIRE_ENGINES"):
            raise
        pytest.skip(f"{module} is not installed (pip install -e '.[{extra}]')")


ENGINES = {"dask": ("distributed", "dask"), "ray": ("ray", "ray")}


@pytest.fixture(scope="module", params=["dask", pytest.param("ray", marks=pytest.mark.slow)])  # Ray starts in ~20 s
def cluster(request):
    """``(engine, executor)`` on a local cluster of 2 workers. Module-scoped and parametrized, so pytest
    runs every Dask test, stops the Dask cluster, then starts Ray: the two never compete for the cores."""
    module, extra = ENGINES[request.param]
    _require(module, extra)
    with engine_executor(request.param, workers=2) as executor:
        yield request.param, executor


@pytest.fixture(scope="module")
def faulty_ranks(tmp_path_factory):
    """The real DDP ranks, rank 1 cut in half, and rank 2 a file that is not JSON."""
    folder = tmp_path_factory.mktemp("faulty")
    (folder / "rank0.pt.trace.json.gz").write_bytes((DDP / "rank0.pt.trace.json.gz").read_bytes())
    whole = (DDP / "rank1.pt.trace.json.gz").read_bytes()
    (folder / "rank1.pt.trace.json.gz").write_bytes(whole[: len(whole) // 2])
    (folder / "rank2.pt.trace.json").write_text("not a trace")
    return folder


def _same_gathered(engine, local) -> None:
    assert engine.paths == local.paths
    assert engine.failures == local.failures
    for a, b in zip(engine.results, local.results):
        pd.testing.assert_frame_equal(a, b)


def _same_trace(a, b) -> None:
    for table in TABLES:
        pd.testing.assert_frame_equal(getattr(a, table), getattr(b, table), obj=table)
    assert a.ranks == b.ranks and list(a.slice_args) == list(b.slice_args)


def test_engine_summaries_equal_the_local_pool_on_the_real_ddp_ranks(cluster):
    _, executor = cluster
    files = sorted(DDP.glob("*.json.gz"))
    local = gather_ranks(files, rank_summary, workers=2)
    remote = gather_ranks(files, rank_summary, executor=executor)
    _same_gathered(remote, local)
    assert [t["rank"].item() for t in remote.results] == [0, 1] and all((t["comm_ns"] > 0).all() for t in remote.results)


def test_engine_sets_the_same_faulty_ranks_apart(cluster, faulty_ranks):
    _, executor = cluster
    files = sorted(faulty_ranks.iterdir())
    remote = gather_ranks(files, rank_summary, executor=executor)
    _same_gathered(remote, gather_ranks(files, rank_summary, workers=2))
    assert [f.rank for f in remote.failures] == [2]
    _same_trace(load(faulty_ranks, executor=executor), load(faulty_ranks))


def test_directory_loaded_on_an_engine_equals_the_local_load(cluster):
    _same_trace(load(DDP, executor=cluster[1]), load(DDP))


def test_ranks_command_on_an_engine_prints_what_the_local_pool_prints(cluster, faulty_ranks, tmp_path, monkeypatch):
    """Dask: the command starts its own LocalCluster; Ray: it uses the instance this process already runs."""
    from traceview.cli import app

    engine, _ = cluster
    monkeypatch.setenv("TRACEVIEW_CACHE_DIR", str(tmp_path / "cache"))
    local = CliRunner().invoke(app, ["ranks", str(faulty_ranks), "--json"])
    remote = CliRunner().invoke(app, ["ranks", str(faulty_ranks), "--json", "--executor", engine, "--workers", "2"])
    assert local.exit_code == remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout) == json.loads(local.stdout)
    assert json.loads(local.stdout)["notes"][0].startswith("left out rank 2 (rank2.pt.trace.json): not valid JSON")


def test_engine_executor_is_a_concurrent_futures_executor(cluster):
    engine, executor = cluster
    if engine == "ray":  # Ray has none of its own (ray.util.multiprocessing.Pool has no submit)
        assert isinstance(executor, RayExecutor)
    assert list(executor.map(abs, [-3, 2, -1])) == [3, 2, 1]


def test_engine_reads_a_rank_again_after_its_file_changed(cluster, tmp_path):
    """Dask keys a pure task by its function and arguments: the same path must still be read again."""
    path = tmp_path / "rank.pt.trace.json.gz"
    seen = []
    for rank in (0, 1):
        path.write_bytes((DDP / f"rank{rank}.pt.trace.json.gz").read_bytes())
        seen.append(gather_ranks([path], rank_summary, executor=cluster[1]).results[0]["rank"].item())
    assert seen == [0, 1]


@pytest.mark.parametrize("engine, module", [("dask", "distributed"), ("ray", "ray")])
def test_missing_engine_is_one_line_and_exit_2(engine, module, monkeypatch, capsys):
    from traceview.cli import main

    monkeypatch.setitem(sys.modules, module, None)  # import fails as if it were not installed
    with pytest.raises(EngineError, match=rf"pip install 'traceview\[{engine}\]'"):
        with engine_executor(engine):
            pass
    monkeypatch.setattr(sys, "argv", ["traceview", "ranks", str(DDP), "--executor", engine])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the {engine} engine needs" in err


def test_unknown_engine_is_a_usage_error(capsys, monkeypatch):
    from traceview.cli import main

    monkeypatch.setattr(sys, "argv", ["traceview", "ranks", str(DDP), "--executor", "spark"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    assert exit_info.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_a_cluster_address_without_a_cluster_engine_is_one_line_and_exit_2(capsys, monkeypatch):
    from traceview.cli import main

    monkeypatch.setattr(sys, "argv", ["traceview", "ranks", str(DDP), "--address", "tcp://scheduler:8786"])
    with pytest.raises(SystemExit) as exit_info:
        main()
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and "needs the dask or ray engine" in err


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_an_engine_leaves_the_environment_as_it_found_it(engine, monkeypatch):
    """Dask's LocalCluster sets OMP_NUM_THREADS=1 in the process that starts it; every process started afterwards
    (a `try` run, a profiled script) would inherit one thread. The engine puts the environment back."""
    import os

    module, extra = ENGINES[engine]
    _require(module, extra)
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    before = dict(os.environ)
    with engine_executor(engine, workers=1):
        pass
    assert dict(os.environ) == before
