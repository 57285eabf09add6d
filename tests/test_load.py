"""The loader reads every trace variant into the typed tables, with correct counts and joins."""

from __future__ import annotations

import pytest

from conftest import PUBLIC, h200, public
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


# --- the streamed path: large files (plain or gzip) read a block at a time --------------------


def _every_data_trace() -> list:
    from conftest import DATA

    return sorted(p for p in DATA.rglob("*") if p.name.endswith((".json", ".json.gz")) and "seeds" not in p.parts)


def _load_both(path, monkeypatch, block: int = 512):
    """``path`` loaded streamed (forced, tiny blocks) and read whole: (streamed, whole), each a Trace or the error text."""
    from traceview.trace import decode

    results = []
    for streamed in (True, False):
        monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0 if streamed else 1 << 62)
        monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", block)
        try:
            results.append(load(path))
        except TraceFormatError as exc:
            results.append(str(exc))
    return results


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


def _streamed_cases() -> list:
    """Every trace in tests/data as plain text and gzipped; a damaged gzip once, as it is."""
    cases = []
    for source in _every_data_trace():
        data = source.read_bytes()
        forms = ["as_is"] if data.startswith(b"\x1f\x8b") and _gunzip(data) is None else ["plain", "gzip"]
        cases += [pytest.param(source, form, id=f"{source.name}-{form}") for form in forms]
    return cases


@pytest.mark.parametrize("source, form", _streamed_cases())
def test_streamed_read_gives_the_same_trace_as_the_whole_file(tmp_path, monkeypatch, source, form):
    """Every trace in tests/data, bad ones included, plain and gzipped (a damaged gzip as it is),
    read streamed and whole: identical tables, meta, notes and args, or the same error."""
    import gzip

    data = source.read_bytes()
    text = _gunzip(data) if data.startswith(b"\x1f\x8b") else data
    path = tmp_path / (source.name.removesuffix(".gz") + (".gz" if form != "plain" else ""))
    path.write_bytes({"plain": text, "gzip": gzip.compress(text or b""), "as_is": data}[form])
    streamed, whole = _load_both(path, monkeypatch)
    _assert_same(streamed, whole)


@pytest.mark.parametrize("source", _every_data_trace() + [PUBLIC / "hta__ns_resolution_V100_rank0.pt.trace.json.gz"], ids=lambda p: p.name)
def test_small_trace_fast_reads_give_the_same_trace_as_the_full_parse(tmp_path, monkeypatch, source):
    """The fast reads of a small trace -- plain text cut into ranges decoded one at a time
    (``TextChunks``, here cut every ~700 bytes so that cuts land inside strings and nested args),
    and gzip text with its events list cut out and decoded alone (``_split_small``) -- give the
    same tables, meta, notes and args as parsing the whole object, or the same error. The ns trace
    keeps a list of log strings after its events (a ``]`` that is not the list's end) and float
    epoch µs times that need the exact-ns re-read (a ``RereadWhole``)."""
    import gzip
    import zlib

    from traceview.trace import decode

    if source.parent == PUBLIC:
        source = public(source.name)  # skipped, not a collection error, without ../shared
    data = source.read_bytes()
    try:
        data = gzip.decompress(data) if data.startswith(b"\x1f\x8b") else data
    except (OSError, EOFError, zlib.error):
        pass  # a damaged gzip: read as it is
    plain = tmp_path / source.name.removesuffix(".gz")
    plain.write_bytes(data)

    def read(path):
        try:
            return load(path, cache=False)
        except TraceFormatError as exc:
            return str(exc)

    monkeypatch.setattr(decode, "TEXT_CHUNK_BYTES", 700)
    fast = {path: read(path) for path in (plain, source)}
    monkeypatch.setattr(decode, "_text_chunks", lambda data, file: None)
    monkeypatch.setattr(decode, "_split_small", lambda data: None)
    for path, got in fast.items():
        _assert_same(got, read(path))


def test_text_chunks_join_a_range_cut_inside_a_string(tmp_path, monkeypatch):
    """Cuts are made at ``},{`` without checking; a cut inside a string or nested args fails to
    decode and the range is read together with the next: the events come out whole, in order."""
    import json

    from traceview.trace import decode

    path = tmp_path / "tricky.json"
    path.write_text(json.dumps({"traceEvents": _tricky_events(60), "traceName": "t"}, indent=1))
    monkeypatch.setattr(decode, "TEXT_CHUNK_BYTES", 300)
    raw = decode.decode(path)
    assert isinstance(raw.events, decode.TextChunks) and len(raw.events.ranges) > 20
    chunks = list(raw.events.chunks())
    assert len(chunks) < len(raw.events.ranges)  # some ranges were joined to the next
    assert [e.ts for c in chunks for e in c] == [10 + 3 * i for i in range(60)]


def test_split_read_takes_the_kineto_layout_and_refuses_a_wrong_cut():
    import json

    from traceview.trace import decode

    events = _tricky_events(20)
    text = json.dumps({"schemaVersion": 1, "traceEvents": events, "logs": ["a]", "}]"], "traceName": "t"}, indent=1).encode()
    header, got, _ = decode._split_small(text)
    assert header == {"schemaVersion": 1, "logs": ["a]", "}]"], "traceName": "t"} and len(got) == 20
    assert decode._split_small(json.dumps({"traceEvents": [1, 2]}).encode()) is None  # not objects: the careful path
    assert decode._split_small(json.dumps([{"traceEvents": []}]).encode()) is None

def _tricky_events(n: int) -> list:
    """Events whose text holds what a block cut looks for: ``},{`` and ``}]`` in strings and in nested args."""
    events = []
    for i in range(n):
        name = ["aten::mm", 'weird},{"ph": "X"}', "close}] {", "x" * 3000][i % 4]
        args = {"External id": i, "nested": [{"a": i}, {"b": [{"c": "},{"}]}], "text": "}, {"}
        events.append(x(name, "cpu_op", 10 + 3 * i, 2, **args))
    return events


def test_streamed_read_cuts_only_between_events(tmp_path, monkeypatch):
    import json

    path = tmp_path / "tricky.json"
    header_after = {"traceName": "t", "deviceProperties": [{"id": 0}, {"id": 1}], "distributedInfo": {"rank": 3}}
    body = {"schemaVersion": 1, "traceEvents": _tricky_events(400), **header_after}
    path.write_text(json.dumps(body, indent=1))
    from traceview.trace import decode

    for block in (64, 700, 5000, 1 << 20):  # smaller than one event (grown), and a few events per block
        streamed, whole = _load_both(path, monkeypatch, block)
        _assert_same(streamed, whole)
        assert len(streamed.slices) == 400 and streamed.meta.rank == 3
        assert streamed.meta.header["traceName"] == "t"
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0)
    monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 700)
    raw = decode.decode(path)
    assert isinstance(raw.events, decode.StreamedEvents) and len(raw.events.segments) > 10
    assert raw.events[123].ts == 10 + 3 * 123 and raw.events[-1].ts == 10 + 3 * 399


@pytest.mark.parametrize("damage", ["truncated", "nan", "not_object", "not_object_later", "trailing", "epoch_ns_ts"])
def test_streamed_read_falls_back_to_the_whole_file_when_irregular(tmp_path, monkeypatch, damage):
    import json

    from traceview.trace import decode

    text = json.dumps({"traceEvents": _tricky_events(200), "traceName": "t"}, indent=1)
    later = json.dumps({"traceEvents": _tricky_events(100) + [7] + _tricky_events(100), "traceName": "t"}, indent=1)
    epoch = _tricky_events(200)
    epoch[150]["ts"] = 1712195495519695.8  # float µs that only the exact-ns re-read keeps
    text = {
        "epoch_ns_ts": json.dumps({"traceEvents": epoch}, indent=1),
        "not_object_later": later,
        "truncated": text[: len(text) * 2 // 3],
        "nan": text.replace('"dur": 2', '"dur": NaN', 1),
        "not_object": text.replace('"traceEvents": [', '"traceEvents": [7, ', 1),
        "trailing": text + " junk",
    }[damage]
    path = tmp_path / "damaged.json"
    path.write_text(text)
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0)
    monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 1000)
    assert decode._decode_streamed(path) is None
    streamed, whole = _load_both(path, monkeypatch, 1000)
    _assert_same(streamed, whole)


@pytest.mark.parametrize("damage", ["truncated_gzip", "trailer_cut", "corrupt_gzip", "two_members", "trailing_zeros",
                                    "truncated_text", "trailing_junk", "nan", "not_object", "epoch_ns_ts"])
def test_streamed_gzip_falls_back_to_the_whole_file_when_irregular(tmp_path, monkeypatch, damage):
    import gzip
    import json

    from traceview.trace import decode

    text = json.dumps({"traceEvents": _tricky_events(200), "traceName": "t"}, indent=1).encode()
    whole_gz, half = gzip.compress(text), len(text) // 2
    mid = len(whole_gz) // 2
    epoch = _tricky_events(200)
    epoch[150]["ts"] = 1712195495519695.8  # float µs that only the exact-ns re-read keeps
    data = {
        "truncated_gzip": whole_gz[: len(whole_gz) * 3 // 4],
        "trailer_cut": whole_gz[:-4],  # every event inflates, the CRC / size trailer is missing
        "corrupt_gzip": whole_gz[:mid] + bytes(b ^ 0x55 for b in whole_gz[mid : mid + 64]) + whole_gz[mid + 64 :],
        "two_members": gzip.compress(text[:half]) + gzip.compress(text[half:]),  # gunzip reads both
        "trailing_zeros": whole_gz + bytes(16),
        "truncated_text": gzip.compress(text[: len(text) * 2 // 3]),
        "trailing_junk": gzip.compress(text + b" junk"),
        "nan": gzip.compress(text.replace(b'"dur": 2', b'"dur": NaN', 1)),
        "not_object": gzip.compress(text.replace(b'"traceEvents": [', b'"traceEvents": [7, ', 1)),
        "epoch_ns_ts": gzip.compress(json.dumps({"traceEvents": epoch}, indent=1).encode()),
    }[damage]
    path = tmp_path / "damaged.json.gz"
    path.write_bytes(data)
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0)
    monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 1000)
    assert decode._decode_streamed(path) is None
    streamed, whole = _load_both(path, monkeypatch, 1000)
    _assert_same(streamed, whole)
    if damage == "two_members":
        assert len(whole.slices) == 200


def test_streamed_gzip_is_inflated_a_range_at_a_time_and_notices_a_changed_file(tmp_path, monkeypatch):
    """A gzip trace is scanned in its decompressed text and inflated again when its events are
    iterated; its args are copied (no random access into gzip); a rewritten file raises."""
    import gzip
    import json

    from traceview.trace import decode
    from traceview.trace.columns import FileBytes

    path = tmp_path / "tricky.json.gz"
    body = {"schemaVersion": 1, "traceEvents": _tricky_events(400), "traceName": "t", "distributedInfo": {"rank": 3}}
    text = json.dumps(body, indent=1).encode()
    path.write_bytes(gzip.compress(text))
    for block in (64, 700, 5000, 1 << 20):  # smaller than one event (grown), and a few events per block
        streamed, whole = _load_both(path, monkeypatch, block)
        _assert_same(streamed, whole)
        assert len(streamed.slices) == 400 and streamed.meta.rank == 3
        assert not isinstance(streamed.slice_args.blob, FileBytes) and streamed.args(7)["External id"] == 7
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0)
    monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 700)
    raw = decode.decode(path)
    events = raw.events
    assert isinstance(events, decode.GzipStreamedEvents) and len(events.segments) > 10
    assert raw.size_bytes == len(text) and len(events) == 400
    assert events[123].ts == 10 + 3 * 123 and events[-1].ts == 10 + 3 * 399
    assert [e.ts for e in events] == [10 + 3 * i for i in range(400)]
    assert all(getattr(chunk, "origin", None) is None for chunk in events.chunks())
    path.write_bytes(gzip.compress(json.dumps(body).encode()))  # rewritten: other offsets
    with pytest.raises(TraceFormatError, match="the file changed while it was read"):
        list(events)
    with pytest.raises(TraceFormatError, match="the file changed while it was read"):
        events[5]


def test_large_gzip_trace_is_streamed_above_the_threshold(tmp_path, monkeypatch):
    """The choice uses the text's size from the gzip trailer (ISIZE), not the much smaller file's."""
    import gzip
    import json

    from traceview.trace import decode

    path = tmp_path / "t.json.gz"
    text = json.dumps({"traceEvents": _tricky_events(400)}, indent=1).encode()
    path.write_bytes(gzip.compress(text))
    monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 5000)
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", len(text))
    assert isinstance(decode.decode(path).events, decode.GzipStreamedEvents)
    monkeypatch.setattr(decode, "STREAM_MIN_BYTES", len(text) + 1)
    assert not isinstance(decode.decode(path).events, decode.StreamedEvents)


def test_streamed_slice_args_are_read_from_the_file_and_notice_a_changed_file(tmp_path, monkeypatch):
    import json

    from traceview.trace.columns import FileBytes

    path = tmp_path / "args.json"
    path.write_text(json.dumps({"traceEvents": _tricky_events(50)}, indent=1))
    streamed, whole = _load_both(path, monkeypatch, 1000)
    assert isinstance(streamed.slice_args.blob, FileBytes)  # left in the file, not copied
    assert streamed.args(7) == whole.args(7) and streamed.args(7)["External id"] == 7
    path.write_text(json.dumps({"traceEvents": _tricky_events(50)}))  # rewritten: other offsets
    with pytest.raises(TraceFormatError, match="changed"):
        streamed.args(7)


def test_streamed_ranks_concatenate_like_whole_ones(tmp_path, monkeypatch):
    import json

    from traceview.trace import decode
    from traceview.trace.load import concat, load_file

    paths = []
    for rank in (0, 1):
        path = tmp_path / f"rank{rank}.json"
        path.write_text(json.dumps({"distributedInfo": {"rank": rank}, "traceEvents": _tricky_events(60)}, indent=1))
        paths.append(path)
    merged = []
    for threshold in (0, 1 << 62):
        monkeypatch.setattr(decode, "STREAM_MIN_BYTES", threshold)
        monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 2000)
        merged.append(concat([load_file(p) for p in paths]))
    _assert_same(*merged)
    assert len(merged[0].slice_args) == 120 and merged[0].args(61)["External id"] == 1


def test_small_trace_slice_args_are_read_again_from_the_file_when_asked_for(tmp_path):
    """A small trace's events are decoded once, args typed (decode.TypedEvent): the full args of a
    slice are not kept but read from the file on first use; a changed file is refused, not misread;
    the lazy args survive the trip from a worker process (pickle) and the cache."""
    import json
    import pickle

    from traceview.trace import cache as columnar
    from traceview.trace.columns import EventSliceArgs

    events = [x("aten::mm", "cpu_op", 10 + 5 * i, 3, External_id=i, note=f"slice {i}", shape=[[i, 2]]) for i in range(30)]
    events.insert(5, x("no_args", "cpu_op", 12, 1))
    path = write(tmp_path / "small.json", events)
    trace = load(path, cache=False)
    assert isinstance(trace.slice_args, EventSliceArgs)
    ids = trace.slices.set_index("name")["slice_id"]
    assert trace.args(int(ids["no_args"])) == {}
    mm = trace.slices[trace.slices["name"] == "aten::mm"].sort_values("start_ns")
    assert [trace.args(int(i))["note"] for i in mm["slice_id"]] == [f"slice {i}" for i in range(30)]
    assert list(pickle.loads(pickle.dumps(trace.slice_args))) == list(trace.slice_args)
    columnar.write(path, trace)  # the cache copies the args out of the file
    cached = columnar.read(path)
    assert [cached.args(int(i)) for i in mm["slice_id"]] == [trace.args(int(i)) for i in mm["slice_id"]]

    again = load(path, cache=False)
    path.write_text(json.dumps({"traceEvents": events[::-1]}))  # rewritten: other events at each index
    with pytest.raises(TraceFormatError, match="changed"):
        again.args(0)


def test_small_trace_with_counters_or_begin_end_pairs_reads_raw_args(tmp_path):
    """Counter args are free-form and the careful path decodes args itself: such small traces
    leave the typed fast path (their events decoded again as raw) and lose nothing."""
    from traceview.trace.columns import EventSliceArgs

    counters = load(write(tmp_path / "c.json", [{"ph": "C", "name": "memory", "pid": 1, "ts": 1002, "args": {"allocated": 10, "reserved": 20}},
                                                x("aten::mm", "cpu_op", 1000, 5, External_id=1, note="kept")]), cache=False)
    assert sorted(counters.counters["value"].tolist()) == [10.0, 20.0]
    assert counters.args(0) == {"External id": 1, "note": "kept"}
    assert not isinstance(counters.slice_args, EventSliceArgs)
    pairs = load(write(tmp_path / "b.json", [{"ph": "B", "cat": "cpu_op", "name": "opened", "pid": 1, "tid": 1, "ts": 5},
                                             {"ph": "E", "pid": 1, "tid": 1, "ts": 9},
                                             x("aten::mm", "cpu_op", 1000, 5, note="kept")]), cache=False)
    assert sorted(pairs.slices["name"].astype(str)) == ["aten::mm", "opened"]
    mm = int(pairs.slices.loc[pairs.slices["name"] == "aten::mm", "slice_id"].item())
    assert pairs.args(mm) == {"note": "kept"} and not isinstance(pairs.slice_args, EventSliceArgs)


@pytest.mark.parametrize("how", ["plain", "gzip", "streamed", "streamed gzip"])
@pytest.mark.parametrize("where", ["header", "event name", "args"])
def test_invalid_utf8_gives_a_trace_or_a_one_line_error(tmp_path, monkeypatch, where, how):
    """msgspec raises UnicodeDecodeError (not a MsgspecError) for bytes that are not UTF-8 inside a
    string: every reader treats it as bad JSON, so the file loads the careful way or fails cleanly."""
    import json

    events = [x("aten::mm", "cpu_op", 10 + 5 * i, 3, External_id=i, note="ok") for i in range(20)]
    text = json.dumps({"schemaVersion": 1, "traceEvents": events, "traceName": "t"}).encode()
    bad = {"header": text.replace(b'"t"}', b'"\xff"}'), "event name": text.replace(b'"aten::mm"', b'"aten::\xff"', 1),
           "args": text.replace(b'"ok"', b'"\xffk"', 1)}[where]
    import gzip

    from traceview.trace import decode

    if "streamed" in how:
        monkeypatch.setattr(decode, "STREAM_MIN_BYTES", 0)
        monkeypatch.setattr(decode, "STREAM_BLOCK_BYTES", 300)
    path = tmp_path / ("bad_utf8.json.gz" if "gzip" in how else "bad_utf8.json")
    path.write_bytes(gzip.compress(bad) if "gzip" in how else bad)
    try:
        trace = load(path, cache=False)
    except TraceFormatError as exc:
        assert "\n" not in str(exc)
    else:
        assert len(trace.slices) == 20
        assert [trace.args(i).get("External id") for i in range(20)] == list(range(20))
        if where == "event name" or (where == "args" and "streamed" not in how):  # (streamed: args stay raw until read)
            assert any("not UTF-8" in n for n in trace.meta.notes)
