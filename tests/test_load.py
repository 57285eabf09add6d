"""The loader reads every trace variant into the typed tables, with correct counts and joins."""

from __future__ import annotations

import pytest

from conftest import DATA, PUBLIC, SAMPLES, h200, public, slow_if_big
from handmade import launch_and_kernel, write, x
from traceview.errors import TraceFormatError
from traceview.trace import load, schema


@pytest.mark.parametrize(
    "name, kernels, apis",
    [
        ("abc_eager", 6, {"cudaLaunchKernel": 6}),
        ("abc_compiled_steady", 5, {"cuLaunchKernel": 5}),
        ("user_triton_abc", 10, {"cuLaunchKernelEx": 10}),
        ("adam_forloop", 504, {"cudaLaunchKernel": 504}),
        ("adam_foreach", 21, {"cudaLaunchKernel": 21}),
        ("adam_fused", 6, {"cudaLaunchKernel": 6}),
        ("mp_adam_eager", 70, {"cudaLaunchKernel": 70, "cudaMemcpyAsync": 15}),
    ],
)
def test_h200_traces_count_kernels_and_launches_by_api(load_cached, name, kernels, apis):
    trace = load_cached(h200(name))
    assert len(trace.kernels) == kernels
    assert trace.launches["api"].value_counts()[lambda s: s > 0].to_dict() == apis
    # every GPU activity found its launch, and the launch knows it
    assert trace.gpu["launch_id"].notna().all()
    assert trace.launches["gpu_count"].sum() == len(trace.gpu)


def test_tables_have_exactly_the_declared_columns_and_dtypes(load_cached):
    trace = load_cached(h200("abc_eager"))
    for table, spec in (("slices", schema.SLICES), ("launches", schema.LAUNCHES), ("gpu", schema.GPU),
                        ("gpu_annotations", schema.GPU_ANNOTATIONS), ("flows", schema.FLOWS), ("threads", schema.THREADS)):
        frame = getattr(trace, table)
        spec = {**spec, **schema.DERIVED.get(table, {})}  # the derived columns after the table's own
        assert list(frame.columns) == list(spec), table
        for col, dtype in spec.items():
            assert str(frame[col].dtype) == dtype, (table, col, frame[col].dtype)


def test_launch_nests_inside_the_aten_op_that_issued_it(load_cached):
    trace = load_cached(h200("abc_eager"))
    slices = trace.slices.set_index("slice_id")
    parents = slices.loc[trace.launches["launch_id"], "parent_id"]
    assert set(slices.loc[parents.astype(int), "name"]) == {"aten::mul", "aten::add"}
    # python_function stacks sit above the ops: depth grows downwards
    op_depth = slices[slices["name"] == "aten::mul"]["depth"]
    assert (op_depth > 0).all()


def test_float_microseconds_become_integer_nanoseconds(load_cached):
    trace = load_cached(h200("abc_compiled_steady"))
    kernel = trace.kernels.sort_values("start_ns").iloc[0]
    # first kernel: ts 4443105417750.648 us, dur 238.111 us in the JSON
    assert kernel["start_ns"] == 4443105417750648
    assert kernel["dur_ns"] == 238111
    assert trace.meta.base_time_ns == 1790857026000000000


def test_graph_launch_owns_every_kernel_it_replays():
    trace = load(public("hta__trace_diff_test_V100_rank1of2_cudagraph.json.gz"))
    graphs = trace.launches[trace.launches["api"] == "cudaGraphLaunch"]
    assert len(graphs) == 12
    assert (graphs["kernel_count"] > 100).all()
    owned = trace.gpu[trace.gpu["launch_id"].isin(graphs["launch_id"])]
    assert len(owned) == graphs["gpu_count"].sum()
    assert trace.meta.rank == 1


def test_hip_graph_launches_and_amd_kernels_are_read():
    trace = load(public("tracelens__mi300x_vllm_piecewise_hipgraph.json.gz"))
    graphs = trace.launches[trace.launches["api"] == "hipGraphLaunch"]
    assert len(graphs) == 25 and graphs["kernel_count"].between(4, 15).all()
    assert trace.meta.vendor == "amd"


def test_old_2021_schema_categories_and_string_stream_tids_are_normalised():
    trace = load(public("kineto__tb_plugin_resnet50_V100_2021.pt.trace.json.gz"))
    assert {"cpu_op", "cuda_runtime"} <= set(trace.slices["cat"].astype(str))
    assert len(trace.kernels) == 8772
    assert trace.kernels["stream"].notna().all()
    assert trace.kernels["external_id"].notna().all()  # old traces spell it "external id"


def test_ns_resolution_timestamps_keep_every_nanosecond():
    trace = load(public("hta__ns_resolution_V100_rank0.pt.trace.json.gz"))
    assert trace.meta.display_time_unit == "ns"
    # float64 cannot hold 1.7e15 us to the ns; exact parsing gives sub-us digits on many events
    assert (trace.slices["start_ns"] % 1000 != 0).mean() > 0.5
    # the JSON says "ts": 1712195495519689.047 for the first slice; a float64 would give ...689.0469
    assert trace.slices["start_ns"].iloc[0] == 1712195495519689047


def test_relative_ts_old_integer_ts_and_metadata_variants(tmp_path):
    events = [
        {"ph": "M", "name": "process_name", "pid": 1, "tid": 0, "args": {"name": "python3"}},
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "main"}},
        x("aten::add", "cpu_op", 1000, 50, External_id=3),
        *launch_and_kernel("cudaLaunchKernel_v7000", "add_kernel", 1010, correlation=9),
        {"ph": "s", "cat": "ac2g", "name": "ac2g", "id": 9, "pid": 1, "tid": 1, "ts": 1010},
        {"ph": "f", "cat": "ac2g", "name": "ac2g", "id": 9, "pid": 0, "tid": 7, "ts": 1020, "bp": "e"},
        {"ph": "i", "name": "marker", "pid": 1, "tid": 1, "ts": 1001, "s": "t"},
        {"ph": "C", "name": "memory", "pid": 1, "ts": 1002, "args": {"allocated": 10, "reserved": 20}},
        x("mystery", "brand_new_category", 1100, 1),
        {"ph": "X", "cat": "Trace", "name": "PyTorch Profiler (0)", "pid": "Spans", "tid": "PyTorch Profiler", "ts": 900, "dur": 500},
    ]
    path = write(tmp_path / "handmade_variants.json.gz", events, gz=True, schemaVersion=1, displayTimeUnit="ms",
                 baseTimeNanoseconds=1790857026000000000,
                 deviceProperties=[{"id": 0, "name": "NVIDIA H100", "numSms": 132, "computeMajor": 9, "computeMinor": 0}])
    trace = load(path)
    assert trace.meta.rank == 0 and trace.meta.world_size is None
    assert trace.meta.devices[0].name == "NVIDIA H100" and trace.meta.devices[0].compute_capability == "9.0"
    assert trace.launches["api"].tolist() == ["cudaLaunchKernel"]  # version suffix dropped
    assert trace.slices.loc[trace.slices["name"] == "aten::add", "external_id"].item() == 3
    assert len(trace.flows) == 2 and set(trace.flows["phase"]) == {"s", "f"}
    assert len(trace.instants) == 1
    assert sorted(trace.counters["series"].astype(str)) == ["allocated", "reserved"]
    assert "brand_new_category" in set(trace.slices["cat"].astype(str))
    assert any("unknown categories" in n for n in trace.meta.notes)
    assert trace.threads.dropna(subset=["thread_name"])["thread_name"].tolist() == ["main"]
    assert "Trace" not in set(trace.slices["cat"].astype(str))


def test_integer_absolute_microseconds(tmp_path):
    events = launch_and_kernel("cudaLaunchKernel", "k", 1682725898236567, correlation=1)
    trace = load(write(tmp_path / "handmade_int_us.json", events))
    assert trace.kernels["start_ns"].item() == 1682725898236577 * 1000


def test_directory_of_ranks_concatenates_with_unique_ids(tmp_path):
    for rank in (0, 1):
        write(tmp_path / f"rank{rank}.pt.trace.json", launch_and_kernel("cudaLaunchKernel", f"k{rank}", 100, correlation=5),
              distributedInfo={"rank": rank, "world_size": 2})
    trace = load(tmp_path)
    assert [m.rank for m in trace.ranks] == [0, 1]
    assert trace.slices["slice_id"].is_unique and trace.gpu["activity_id"].is_unique
    # same correlation id on both ranks, each kernel joined to its own rank's launch
    joined = trace.gpu.merge(trace.launches, on="launch_id", suffixes=("", "_launch"))
    assert (joined["rank"] == joined["rank_launch"]).all() and len(joined) == 2


def test_truncated_trace_is_recovered_and_says_so(tmp_path):
    text = (h200("abc_eager")).read_bytes()
    import gzip

    body = gzip.decompress(text)
    cut = tmp_path / "cut.json"
    cut.write_bytes(body[: len(body) * 2 // 3])
    trace = load(cut)
    assert trace.meta.truncated
    assert 0 < len(trace.slices) < 138
    assert any("mid-event" in n for n in trace.meta.notes)


@pytest.mark.parametrize(
    "content, message",
    [(b"", "empty file"), (b"nope", "not valid JSON"), (b"{}", "no 'traceEvents'"), (b"[1]", "JSON list"),
     (b'{"traceEvents": {}}', "not a list"), (b"\x1f\x8bxxxxxxxx", "corrupt gzip")],
)
def test_bad_input_raises_one_line_format_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(TraceFormatError, match=message) as info:
        load(path)
    assert "\n" not in str(info.value)


def test_events_with_bad_fields_are_skipped_and_counted(tmp_path):
    events = [
        x("ok", "cpu_op", 10, 5),
        {"ph": "X", "cat": "cpu_op", "name": "no_ts", "pid": 1, "tid": 1, "dur": 1},
        {"ph": "X", "cat": "cpu_op", "name": "str_ts", "pid": 1, "tid": 1, "ts": "soon", "dur": 1},
        {"ph": "X", "cat": "cpu_op", "name": "neg", "pid": 1, "tid": 1, "ts": 5, "dur": -3},
        {"ph": "X", "cat": "cpu_op", "name": "nan", "pid": 1, "tid": 1, "ts": 5, "dur": float("nan")},
        "not an object",
    ]
    path = tmp_path / "handmade_bad_fields.json"
    path.write_text(__import__("json").dumps({"traceEvents": events}).replace("NaN", "NaN"))
    trace = load(path)
    assert trace.slices["name"].astype(str).tolist() == ["ok"]
    notes = " ".join(trace.meta.notes)
    for reason in ("not JSON objects", "no usable 'ts'", "'ts' is not a number", "negative duration", "numeric 'dur'"):
        assert reason in notes, reason


# --- reading a piece at a time: every size, plain or gzip, damaged or not -----------------------


def _every_data_trace() -> list:
    from conftest import DATA

    return sorted(p for p in DATA.rglob("*") if p.name.endswith((".json", ".json.gz")) and "seeds" not in p.parts)


def _load_pieces(path, monkeypatch, size: int, workers: int = 0):
    """``path`` loaded with pieces (and reads) of about ``size`` bytes, decoded by ``workers`` processes (0: in
    this one): a Trace, or the error text."""
    from traceview.trace import read

    monkeypatch.setenv("TRACEVIEW_LOAD_WORKERS", str(workers))
    monkeypatch.setattr(read, "PIECE_BYTES", size)
    monkeypatch.setattr(read, "READ_BYTES", max(size, 64))
    monkeypatch.setattr(read, "TAIL_BYTES", min(max(size, 256), 1 << 20))  # the header after the list fits
    try:
        return load(path)
    except TraceFormatError as exc:
        return str(exc)


def _assert_same(a, b):
    import pandas as pd

    if isinstance(a, str) or isinstance(b, str):
        assert a == b
        return
    for table in ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads"):
        pd.testing.assert_frame_equal(getattr(a, table), getattr(b, table), obj=table)
    assert a.ranks == b.ranks
    assert list(a.slice_args) == list(b.slice_args)


def _gunzip(data: bytes) -> bytes | None:
    import gzip
    import zlib

    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error):
        return None


def _cases() -> list:
    """Every trace in tests/data as plain text and gzipped; a damaged gzip once, as it is."""
    cases = []
    for source in _every_data_trace():
        data = source.read_bytes()
        forms = ["as_is"] if data.startswith(b"\x1f\x8b") and _gunzip(data) is None else ["plain", "gzip"]
        cases += [pytest.param(source, form, id=f"{source.name}-{form}", marks=slow_if_big(source)) for form in forms]
    # the fast loop reads a third of the small ones (every form of them), the slow set all
    return [pytest.param(*c.values, id=c.id, marks=[*c.marks, *(() if i % 3 == 0 else (pytest.mark.slow,))])
            for i, c in enumerate(cases)]


@pytest.mark.parametrize("source, form", _cases())
def test_any_piece_size_gives_the_same_trace(tmp_path, monkeypatch, source, form):
    """Every trace in tests/data, bad ones included, plain and gzipped (a damaged gzip as it is),
    read in pieces of ~300 bytes (cuts inside strings and nested args) and of 4 MB: identical
    tables, meta, notes and args, or the same error."""
    import gzip

    data = source.read_bytes()
    text = _gunzip(data) if data.startswith(b"\x1f\x8b") else data
    path = tmp_path / (source.name.removesuffix(".gz") + (".gz" if form != "plain" else ""))
    path.write_bytes({"plain": text, "gzip": gzip.compress(text or b""), "as_is": data}[form])
    _assert_same(_load_pieces(path, monkeypatch, 300), _load_pieces(path, monkeypatch, 4 << 20))


@pytest.mark.parametrize("source, form", _cases())
def test_worker_processes_give_the_same_trace(tmp_path, monkeypatch, source, form):
    """Every trace in tests/data, plain and gzipped, its pieces (~64 KB) decoded by two worker processes and
    joined here, against every piece read in this process: identical tables, meta, notes and args (a plain
    file's read back from it, a gzip file's held copies), or the same error."""
    import gzip

    data = source.read_bytes()
    text = _gunzip(data) if data.startswith(b"\x1f\x8b") else data
    path = tmp_path / (source.name.removesuffix(".gz") + (".gz" if form != "plain" else ""))
    path.write_bytes({"plain": text, "gzip": gzip.compress(text or b""), "as_is": data}[form])
    _assert_same(_load_pieces(path, monkeypatch, 64 << 10, workers=2), _load_pieces(path, monkeypatch, 4 << 20))


@pytest.mark.parametrize("size", [pytest.param(300, marks=pytest.mark.slow), pytest.param(700, marks=pytest.mark.slow), 64 << 10])
def test_ranges_cut_a_plain_file_where_its_pieces_are_cut(tmp_path, monkeypatch, size):
    """``TraceText.ranges`` reads a plain file only around each cut (the workers read the pieces): the same pieces
    as reading it whole -- places, separators, text once read, header and size -- for every trace in tests/data and
    the tricky one (cuts inside strings); a file cut short, or gzip, falls back to the whole read."""
    import gzip
    import json

    from traceview.trace import read

    monkeypatch.setattr(read, "PIECE_BYTES", size)
    monkeypatch.setattr(read, "READ_BYTES", max(size, 64))
    monkeypatch.setattr(read, "TAIL_BYTES", min(max(size, 256), 1 << 20))
    monkeypatch.setattr(read, "_WINDOW_BYTES", 3)  # separators and events across the reads after a cut
    tricky = json.dumps({"traceEvents": _tricky_events(300), "traceName": "t"}, indent=1).encode()
    texts = {"tricky.json": tricky, "cut.json": tricky[: len(tricky) * 2 // 3], "tricky.json.gz": gzip.compress(tricky)}
    for source in _every_data_trace():
        data = source.read_bytes()
        texts[source.name.removesuffix(".gz")] = _gunzip(data) if data.startswith(b"\x1f\x8b") else data
    seeked = 0
    for name, text in texts.items():
        if not text:
            continue
        path = tmp_path / name
        path.write_bytes(text)
        whole, ranged = read.read(path), read.read(path)
        if whole is None:
            continue
        pieces = [(p.start, p.end, p.sep, p.last_cut, p.data) for p in whole.pieces()]
        ranges = list(ranged.ranges())
        seeked += any(p.data is None for p in ranges)
        assert pieces == [(p.start, p.end, p.sep, p.last_cut, p.loaded().data) for p in ranges], name
        assert (whole.header, whole.size_bytes, whole.notes, whole.truncated) == \
            (ranged.header, ranged.size_bytes, ranged.notes, ranged.truncated), name
        assert all(p.data is not None for p in ranges) or not name.endswith((".gz", "cut.json")), name
    assert seeked > 30


def test_workers_leave_begin_end_pairs_and_cut_strings_to_the_parent(tmp_path, monkeypatch):
    """``B``/``E`` pairs that span pieces, and cuts inside strings (a piece that does not decode, and the
    next one, joined to its rest): with workers, the parent reads those pieces itself, in file order."""
    import json

    from traceview.trace import events as events_stage, workers

    tricky = _tricky_events(300)  # a cut in every one: each is read by the parent, and so is the piece after it
    evs = [tricky[i] if i % 50 == 1 else x(f"op{i}", "cpu_op", 10 + 3 * i, 2, **{"External id": i}) for i in range(300)]
    for i in range(0, 300, 40):  # a B here, its E a few events later: pairs cross the ~700-byte pieces
        evs.insert(i, {"ph": "B", "cat": "user_annotation", "name": f"span{i}", "pid": 1, "tid": 1, "ts": 10 + 3 * i})
        evs.insert(i + 5, {"ph": "E", "pid": 1, "tid": 1, "ts": 12 + 3 * i})
    path = tmp_path / "pairs.json"
    path.write_text(json.dumps({"traceEvents": evs, "traceName": "t"}, indent=1))
    joined, left = [], []
    merge, step = workers._merge, events_stage._Mender.step
    monkeypatch.setattr(workers, "_merge", lambda out, part: (joined.append(part.events), merge(out, part)))
    monkeypatch.setattr(events_stage._Mender, "step", lambda self, piece: (left.append(piece), step(self, piece))[1])
    parallel = _load_pieces(path, monkeypatch, 700, workers=2)
    assert joined and left  # both routes taken: workers' pieces, and the parent's own
    _assert_same(parallel, _load_pieces(path, monkeypatch, 4 << 20))
    assert (parallel.slices["name"].str.startswith("span")).sum() == len(range(0, 300, 40))


def _a_dying_worker(piece):
    import os

    os._exit(3)  # as if killed for memory


def test_a_dying_worker_leaves_its_pieces_to_the_parent(tmp_path, monkeypatch):
    """A worker that dies breaks the pool: every piece not joined yet is read in the parent, nothing is lost."""
    import json

    from traceview.trace import events as events_stage, workers

    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": [x(f"op{i}", "cpu_op", 10 + 3 * i, 2, **{"External id": i}) for i in range(400)]}))
    whole = _load_pieces(path, monkeypatch, 4 << 20)
    monkeypatch.setattr(workers, "_piece_columns", _a_dying_worker)
    left, step = [], events_stage._Mender.step
    monkeypatch.setattr(events_stage._Mender, "step", lambda self, piece: (left.append(piece), step(self, piece))[1])
    _assert_same(_load_pieces(path, monkeypatch, 700, workers=2), whole)
    assert len(left) > 20 and len(whole.slices) == 400  # every piece read here, the dead worker's included


_LOADS_IN_SLOW_WORKERS = """
import os, sys, time
from pathlib import Path
from traceview.trace import load, read, workers

def slow(piece, _columns=workers._piece_columns):
    Path(sys.argv[2], str(os.getpid())).touch()
    time.sleep(0.2)
    return _columns(piece)

workers._piece_columns = slow
read.PIECE_BYTES, read.READ_BYTES, read.TAIL_BYTES = 4096, 4096, 4096
load(sys.argv[1])
"""


def _running(pid: int) -> bool:
    """The process exists and is no zombie (an orphan's zombie waits for whoever reaps it)."""
    from pathlib import Path

    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="load workers are Linux only")
def test_workers_end_when_the_loading_process_is_killed(tmp_path):
    """A load killed with its workers busy (the OOM killer, a time limit: SIGKILL to the parent alone) leaves no
    worker behind; before, each waited for work forever with its copy of the parent's memory."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": [x(f"op{i}", "cpu_op", 10 + 3 * i, 2) for i in range(2000)]}))
    pids = tmp_path / "workers"
    pids.mkdir()
    env = {**os.environ, "TRACEVIEW_LOAD_WORKERS": "2", "TRACEVIEW_CACHE_DIR": str(tmp_path / "cache")}
    parent = subprocess.Popen([sys.executable, "-c", _LOADS_IN_SLOW_WORKERS, str(path), str(pids)], env=env)
    try:
        deadline = time.monotonic() + 60
        while len(list(pids.iterdir())) < 2 and parent.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = [int(p.name) for p in pids.iterdir()]
        assert len(workers) == 2 and parent.poll() is None, "the load ended before both workers took a piece"
        assert all(_running(w) for w in workers)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 10
    while any(_running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if _running(w)]


def test_load_workers_follow_the_size_the_environment_and_the_process(tmp_path, monkeypatch):
    """Workers for a file of 16 MB of JSON or more (a gzip file's inflated size, from its trailer), one per core other
    processes leave free (none when fewer than two are), none in a worker process, the number
    ``TRACEVIEW_LOAD_WORKERS`` says, and a one-line error for one that is no number."""
    import gzip
    import json
    import multiprocessing

    from traceview.trace import workers as events_stage
    from traceview.trace.read import json_bytes, read

    monkeypatch.delenv("TRACEVIEW_LOAD_WORKERS", raising=False)
    monkeypatch.setattr(events_stage.os, "sched_getaffinity", lambda pid: {0, 1, 2})
    monkeypatch.setattr(events_stage.os, "getloadavg", lambda: (1.0, 1.0, 1.0))  # this process alone
    text = json.dumps({"traceEvents": _tricky_events(40)}).encode()
    small, packed = tmp_path / "small.json", tmp_path / "packed.json.gz"
    small.write_bytes(text)
    packed.write_bytes(gzip.compress(text))
    assert json_bytes(small) == json_bytes(packed) == len(text)
    assert events_stage.load_workers(read(small)) == 0
    monkeypatch.setattr(events_stage, "PARALLEL_BYTES", len(text))
    assert events_stage.load_workers(read(small)) == events_stage.load_workers(read(packed)) == 3
    monkeypatch.setattr(events_stage.os, "getloadavg", lambda: (2.0, 1.0, 1.0))  # another process keeps a core busy
    assert events_stage.load_workers(read(small)) == 2
    monkeypatch.setattr(events_stage.os, "getloadavg", lambda: (3.1, 3.0, 3.0))  # two others: one core left
    assert events_stage.load_workers(read(small)) == 0
    monkeypatch.setattr(multiprocessing, "parent_process", lambda: object())
    assert events_stage.load_workers(read(small)) == 0
    monkeypatch.setenv("TRACEVIEW_LOAD_WORKERS", "2")
    assert events_stage.load_workers(read(small)) == 2
    monkeypatch.setenv("TRACEVIEW_LOAD_WORKERS", "two")
    with pytest.raises(TraceFormatError, match="TRACEVIEW_LOAD_WORKERS='two'"):
        events_stage.load_workers(read(small))


@pytest.mark.parametrize("source", [pytest.param(p, marks=slow_if_big(p)) if p.exists() else p for p in
                                    _every_data_trace() + [PUBLIC / "hta__ns_resolution_V100_rank0.pt.trace.json.gz"]],
                         ids=lambda p: p.name)
def test_gzip_and_plain_text_give_the_same_trace(tmp_path, source):
    """The same text, plain and gzipped: the same tables, notes and args (the ns trace keeps a list
    of log strings after its events -- a ``]`` that is not the list's end -- and float epoch µs
    times read exactly from their text)."""
    import gzip

    if source.parent == PUBLIC:
        source = public(source.name)  # skipped, not a collection error, without ../shared
    data = source.read_bytes()
    text = _gunzip(data) if data.startswith(b"\x1f\x8b") else data
    if text is None:
        pytest.skip("a damaged gzip has no plain form")
    plain, packed = tmp_path / "t.json", tmp_path / "t.json.gz"
    plain.write_bytes(text)
    packed.write_bytes(gzip.compress(text))

    def read(path):
        try:
            return load(path)
        except TraceFormatError as exc:
            return str(exc).replace(str(path), "<path>")

    a, b = read(plain), read(packed)
    if isinstance(a, str) or isinstance(b, str):
        assert a == b
        return
    for table in ("slices", "launches", "gpu", "gpu_annotations", "flows", "counters", "instants", "threads"):
        import pandas as pd

        pd.testing.assert_frame_equal(getattr(a, table), getattr(b, table), obj=table)
    assert a.meta.notes == b.meta.notes and a.meta.size_bytes == b.meta.size_bytes
    assert list(a.slice_args) == list(b.slice_args)


def _tricky_events(n: int) -> list:
    """Events whose text holds what a cut looks for: ``},{`` and ``]`` in strings and in nested args."""
    events = []
    for i in range(n):
        name = ["aten::mm", 'weird},{"ph": "X"}', "close}] {", "x" * 3000][i % 4]
        args = {"External id": i, "nested": [{"a": i}, {"b": [{"c": "},{"}]}], "text": "}, {"}
        events.append(x(name, "cpu_op", 10 + 3 * i, 2, **args))
    return events


def test_a_cut_inside_a_string_is_joined_to_the_next_piece(tmp_path, monkeypatch):
    """Cuts are made at ``},{`` without parsing; one inside a string or nested args makes a piece
    that does not decode, and it is read together with the next: the events come out whole, in order."""
    import json

    from traceview.trace import read

    path = tmp_path / "tricky.json"
    header_after = {"traceName": "t", "deviceProperties": [{"id": 0}, {"id": 1}], "distributedInfo": {"rank": 3}}
    path.write_text(json.dumps({"schemaVersion": 1, "traceEvents": _tricky_events(400), **header_after}, indent=1))
    monkeypatch.setattr(read, "PIECE_BYTES", 300)
    monkeypatch.setattr(read, "TAIL_BYTES", 300)
    text = read.read(path)
    pieces = list(text.pieces())
    assert len(pieces) > 100
    assert any(b'weird}' == p.text[-6:] for p in pieces)  # a cut really fell inside a string
    for size in (64, 700, 5000, 1 << 20):  # smaller than one event, and a few events per piece
        trace = _load_pieces(path, monkeypatch, size)
        assert trace.slices.sort_values("start_ns")["start_ns"].tolist() == [(10 + 3 * i) * 1000 for i in range(400)]
        assert trace.meta.rank == 3 and trace.meta.header["traceName"] == "t"
        assert trace.meta.header["deviceProperties"] == [{"id": 0}, {"id": 1}] and not [n for n in trace.meta.notes if "GPU" not in n]


@pytest.mark.parametrize("damage, notes, slices", [
    ("truncated", ["ends mid-event"], range(100, 140)),
    ("nan", ["NaN/Infinity", "numeric 'dur'"], [199]),
    ("not_object", ["not JSON objects"], [200]),
    ("not_object_later", ["not JSON objects"], [200]),
    ("trailing_junk", ["ends mid-event"], [199]),  # as if cut: the last event is not known to be whole
    ("epoch_ns_ts", [], [200]),
])
@pytest.mark.parametrize("packing", ["plain", "gzip"])
def test_damaged_text_is_repaired_with_a_note_whatever_the_piece_size(tmp_path, monkeypatch, damage, notes, slices, packing):
    import gzip
    import json

    text = json.dumps({"traceEvents": _tricky_events(200), "traceName": "t"}, indent=1)
    later = json.dumps({"traceEvents": _tricky_events(100) + [7] + _tricky_events(100)[:100], "traceName": "t"}, indent=1)
    epoch = _tricky_events(200)
    epoch[150]["ts"] = 1712195495519695.8  # float µs that only an exact read of the text keeps
    text = {
        "epoch_ns_ts": json.dumps({"traceEvents": epoch}, indent=1),
        "not_object_later": later,
        "truncated": text[: len(text) * 2 // 3],
        "nan": text.replace('"dur": 2', '"dur": NaN', 1),
        "not_object": text.replace('"traceEvents": [', '"traceEvents": [7, ', 1),
        "trailing_junk": text + " junk",
    }[damage].encode()
    path = tmp_path / ("damaged.json.gz" if packing == "gzip" else "damaged.json")
    path.write_bytes(gzip.compress(text) if packing == "gzip" else text)
    small, large = _load_pieces(path, monkeypatch, 700), _load_pieces(path, monkeypatch, 4 << 20)
    _assert_same(small, large)
    _assert_same(_load_pieces(path, monkeypatch, 700, workers=2), large)
    assert len(large.slices) in slices
    for note in notes:
        assert any(note in n for n in large.meta.notes), (note, large.meta.notes)
    if damage == "epoch_ns_ts":
        assert 1712195495519695800 in large.slices["start_ns"].tolist()


@pytest.mark.parametrize("damage, slices, note", [
    ("truncated_gzip", range(100, 200), "gzip stream ends early"),
    ("trailer_cut", [200], "gzip stream ends early"),
    ("corrupt_gzip", range(0, 200), "gzip stream ends early"),
    ("two_members", [200], None),
    ("trailing_zeros", [200], None),
])
def test_damaged_gzip_reads_what_inflates(tmp_path, monkeypatch, damage, slices, note):
    import gzip
    import json

    text = json.dumps({"traceEvents": _tricky_events(200), "traceName": "t"}, indent=1).encode()
    whole_gz, half = gzip.compress(text), len(text) // 2
    mid = len(whole_gz) // 2
    data = {
        "truncated_gzip": whole_gz[: len(whole_gz) * 3 // 4],
        "trailer_cut": whole_gz[:-4],  # every event inflates, the CRC / size trailer is missing
        "corrupt_gzip": whole_gz[:mid] + bytes(b ^ 0x55 for b in whole_gz[mid: mid + 64]) + whole_gz[mid + 64:],
        "two_members": gzip.compress(text[:half]) + gzip.compress(text[half:]),  # gunzip reads both
        "trailing_zeros": whole_gz + bytes(16),
    }[damage]
    path = tmp_path / "damaged.json.gz"
    path.write_bytes(data)
    trace = load(path)
    assert len(trace.slices) in slices
    gzip_notes = [n for n in trace.meta.notes if "gzip" in n]
    assert gzip_notes == [] if note is None else any(note in n for n in gzip_notes)
    assert trace.meta.truncated == (note is not None)
    # zlib-ng inflates (a dependency); the standard library's zlib, where its wheel is missing, reads the same
    import zlib

    import pandas as pd

    from traceview.trace import read

    assert read.inflating is not zlib
    monkeypatch.setattr(read, "inflating", zlib)
    by_zlib = load(path)
    pd.testing.assert_frame_equal(by_zlib.slices, trace.slices)
    assert by_zlib.meta.notes == trace.meta.notes and by_zlib.meta.size_bytes == trace.meta.size_bytes


def test_slice_args_of_a_plain_file_are_read_back_from_it_and_a_changed_file_is_refused(tmp_path, monkeypatch):
    import json
    import pickle

    from traceview.trace.args import FileRange, Held

    path = tmp_path / "args.json"
    path.write_text(json.dumps({"traceEvents": _tricky_events(50)}, indent=1))
    trace = _load_pieces(path, monkeypatch, 1000)
    assert all(isinstance(b, FileRange) for b in trace.slice_args.backings)  # not copied
    assert [trace.args(i)["External id"] for i in range(50)] == list(range(50))
    assert list(pickle.loads(pickle.dumps(trace.slice_args))) == list(trace.slice_args)  # to and from a worker
    packed = tmp_path / "args.json.gz"
    packed.write_bytes(__import__("gzip").compress(path.read_bytes()))
    held = load(packed)
    assert all(isinstance(b, Held) for b in held.slice_args.backings)  # gzip: copied while loading
    assert list(held.slice_args) == list(trace.slice_args)
    path.write_text(json.dumps({"traceEvents": _tricky_events(50)}))  # rewritten: other offsets
    assert trace.args(7)["External id"] == 7  # a piece decoded already answers as the file was when loaded
    with pytest.raises(TraceFormatError, match="changed"):  # one read again is refused
        pickle.loads(pickle.dumps(trace.slice_args))[7]


def test_ranks_concatenate_their_slices_and_args(tmp_path):
    import json

    from traceview.trace.loading import concat, load_file

    paths = []
    for rank in (1, 0):
        path = tmp_path / f"rank{rank}.json"
        path.write_text(json.dumps({"distributedInfo": {"rank": rank}, "traceEvents": _tricky_events(60)}, indent=1))
        paths.append(path)
    merged = concat([load_file(p) for p in paths])
    assert [m.rank for m in merged.ranks] == [0, 1] and len(merged.slice_args) == 120
    assert merged.args(61)["External id"] == 1 and (merged.slices["rank"].iloc[60:] == 1).all()
    parents = merged.slices["parent_id"].to_numpy(dtype="int64", na_value=-1)
    assert ((parents[60:] >= 60) | (parents[60:] == -1)).all()  # rank 1's parents are rank 1's slices


def test_counters_and_begin_end_pairs_keep_their_args(tmp_path):
    counters = load(write(tmp_path / "c.json", [{"ph": "C", "name": "memory", "pid": 1, "ts": 1002, "args": {"allocated": 10, "reserved": 20}},
                                                x("aten::mm", "cpu_op", 1000, 5, External_id=1, note="kept")]))
    assert sorted(counters.counters["value"].tolist()) == [10.0, 20.0]
    assert counters.args(0) == {"External id": 1, "note": "kept"}
    pairs = load(write(tmp_path / "b.json", [{"ph": "B", "cat": "cpu_op", "name": "opened", "pid": 1, "tid": 1, "ts": 5, "args": {"n": 1}},
                                             x("aten::mm", "cpu_op", 1000, 5, note="kept"),
                                             {"ph": "E", "pid": 1, "tid": 1, "ts": 2000}]))
    names = pairs.slices["name"].astype(str).tolist()
    assert names == ["aten::mm", "opened"]  # a pair is where its E was in the file
    assert pairs.args(0) == {"note": "kept"} and pairs.args(1) == {"n": 1}
    assert pairs.slices["parent_id"].tolist()[0] == 1  # opened (5..2000 µs) holds aten::mm


@pytest.mark.parametrize("packing", ["plain", "gzip"])
def test_begin_end_pairs_load_as_the_same_spans_written_complete(tmp_path, packing):
    """3,000 nested ``B``/``E`` pairs on two threads, each with args, against the same spans written as ``X``
    events: the same slices (names, times, nesting) and every slice's args. (The pairs are added per piece at once:
    one call per pair remade the piece's held args copy each time, quadratic in the pairs.)"""
    import gzip
    import json

    import pandas as pd

    pairs, complete = [], []
    for i in range(1500):
        for tid in (1, 2):
            outer, inner = 100 * i, 100 * i + 10
            args = {"External id": 10 * i + tid, "Input Dims": [[i, tid]]}
            pairs += [{"ph": "B", "cat": "cpu_op", "name": f"outer{i % 5}", "pid": 7, "tid": tid, "ts": outer, "args": args},
                      {"ph": "B", "cat": "cpu_op", "name": "inner", "pid": 7, "tid": tid, "ts": inner, "args": {"n": i}},
                      {"ph": "E", "pid": 7, "tid": tid, "ts": inner + 20},
                      {"ph": "E", "pid": 7, "tid": tid, "ts": outer + 50}]
            complete += [x(f"outer{i % 5}", "cpu_op", outer, 50, pid=7, tid=tid, **args),
                         x("inner", "cpu_op", inner, 20, pid=7, tid=tid, n=i)]
    def saved(name, events):
        text = json.dumps({"traceEvents": events}).encode()
        path = tmp_path / (name + (".json.gz" if packing == "gzip" else ".json"))
        path.write_bytes(gzip.compress(text) if packing == "gzip" else text)
        return load(path)

    got, want = saved("pairs", pairs), saved("complete", complete)
    columns = ["name", "tid", "start_ns", "dur_ns", "depth", "external_id"]
    order = ["tid", "start_ns"]
    a = got.slices.sort_values(order)[columns + ["slice_id"]].reset_index(drop=True)
    b = want.slices.sort_values(order)[columns + ["slice_id"]].reset_index(drop=True)
    pd.testing.assert_frame_equal(a[columns], b[columns])
    assert len(a) == 6000 and a["depth"].tolist().count(1) == 3000
    assert [got.args(int(s)) for s in a["slice_id"]] == [want.args(int(s)) for s in b["slice_id"]]


@pytest.mark.parametrize("how", ["plain", "gzip", "small pieces", "small pieces gzip"])
@pytest.mark.parametrize("where", ["header", "event name", "args"])
def test_invalid_utf8_gives_a_trace_or_a_one_line_error(tmp_path, monkeypatch, where, how):
    """msgspec refuses bytes that are not UTF-8 inside a string: the piece is repaired (U+FFFD, a
    note) and every event kept."""
    import gzip
    import json

    events = [x("aten::mm", "cpu_op", 10 + 5 * i, 3, External_id=i, note="ok") for i in range(20)]
    text = json.dumps({"schemaVersion": 1, "traceEvents": events, "traceName": "t"}).encode()
    bad = {"header": text.replace(b'"t"}', b'"\xff"}'), "event name": text.replace(b'"aten::mm"', b'"aten::\xff"', 1),
           "args": text.replace(b'"ok"', b'"\xffk"', 1)}[where]
    path = tmp_path / ("bad_utf8.json.gz" if "gzip" in how else "bad_utf8.json")
    path.write_bytes(gzip.compress(bad) if "gzip" in how else bad)
    trace = _load_pieces(path, monkeypatch, 300 if "small" in how else 4 << 20)
    assert not isinstance(trace, str), trace
    assert len(trace.slices) == 20
    assert [trace.args(i).get("External id") for i in range(20)] == list(range(20))
    if where == "event name":
        assert any("not UTF-8" in n for n in trace.meta.notes)
    if where == "args":  # the args stay in the file until read: their bad byte reads as U+FFFD then
        assert any("\ufffd" in str(trace.args(i).get("note")) for i in range(20))


def test_derived_columns_are_what_a_walk_from_each_launch_finds(load_cached):
    """The derived columns (trace/derive.py) against a plain reading: each GPU activity's step is the step whose
    window holds its launch (step_at on the launch's start), its op, region and phase its launch slice's; the comm
    flag the NCCL kernels of a 2-rank DDP trace."""
    from traceview.trace.step_windows import step_at

    for trace in (load_cached(DATA / "training" / "gpt2-compiled.json.gz"), load_cached(SAMPLES / "nccl_2rank" / "ddp-nccl-bal")):
        g, s, w = trace.gpu, trace.slices.set_index("slice_id"), trace.steps
        has = g["launch_id"].notna().to_numpy()
        launch = s.loc[g["launch_id"][has].astype(int)]
        at = step_at(w, launch["rank"].to_numpy().astype(int), launch["pid"].to_numpy(dtype=int), launch["start_ns"].to_numpy())
        expected = [int(w.slice_id[a]) if a >= 0 else -1 for a in at]
        assert g["step_id"][has].fillna(-1).astype(int).tolist() == expected
        for col in ("op_id", "region_id", "module_id"):
            assert g[col][has].fillna(-1).astype(int).tolist() == launch[col].fillna(-1).astype(int).tolist(), col
        assert g["phase"][has].astype(str).tolist() == launch["phase"].astype(str).tolist()
        assert g["step_id"][has].notna().any() and g["op_id"][has].notna().any()
        assert g["comm"].tolist() == [k == "kernel" and n.lower().startswith(("nccl", "void nccl")) for k, n in zip(g["kind"], g["name"])]
    assert trace.gpu["comm"].any() and set(trace.gpu["rank"][trace.gpu["comm"]]) == {0, 1}
