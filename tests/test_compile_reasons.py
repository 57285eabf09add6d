"""Graph breaks and recompiles with their reasons, tied to the compiled regions and their kernels.

Real data: the H200 GPT-2 traces with PyTorch's structured trace beside them
(tests/data/training/gpt2-{compiled,recompile}.torch_trace.log.gz, torch 2.11), and a CPU run directory
captured by ``traceview profile --steps 4:6`` (tests/data/runs/gpt2-cpu-recompile, torch 2.13). What
must hold is read independently: the structured trace with plain ``json`` (``raw_artifacts``), the
Dynamo counters of the capture (``.facts.json`` / ``meta.json``), and the raw Kineto JSON.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from training_facts import RawTrace
from traceview.analysis.analyze import analyze
from traceview.trace import load
from traceview.trace.run_files import dynamo_record, run_files
from traceview.trace.torch_log import parse_graph_break, read_torch_log

DATA = Path(__file__).parent / "data"
TRAINING = DATA / "training"
CPU_RUN = DATA / "runs" / "gpt2-cpu-recompile"
LOGGING_BREAK = "logging.Logger method not supported for non-export cases"
HINT = "torch._dynamo.config.ignore_logging_functions"


def raw_artifacts(path: Path, name: str) -> list[tuple[str, str]]:
    """(compile id, payload) of every ``artifact`` record called ``name``, read with plain json."""
    out, current = [], None
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if line.startswith("\t"):
                if current is not None:
                    current[1].append(line[1:])
                continue
            if current is not None:
                out.append((current[0], "".join(current[1])))
                current = None
            meta = json.loads(line.split("] ", 1)[1])
            if meta.get("artifact", {}).get("name") == name:
                current = (f"{meta['frame_id']}/{meta['frame_compile_id']}", [])
    if current is not None:
        out.append((current[0], "".join(current[1])))
    return out


@pytest.fixture(scope="module")
def analysed(load_cached):
    cache = {}

    def get(path: Path):
        if path not in cache:
            files = run_files(path)
            cache[path] = (files, analyze(load_cached(files.trace), dynamo_record(files)))
        return cache[path]

    return get


@pytest.mark.parametrize("name", ["gpt2-compiled", "gpt2-recompile"])
def test_every_graph_break_record_is_read_with_its_compile_id(name):
    path = TRAINING / f"{name}.torch_trace.log.gz"
    raw = raw_artifacts(path, "dynamo_graph_break_reason")
    log = read_torch_log(path)
    assert log.graph_breaks["compile_id"].tolist() == [cid for cid, _ in raw]
    assert (log.graph_breaks["reason"] == LOGGING_BREAK).all()
    for _, text in raw:
        at = re.search(r"Graph break in user code at (.+):(\d+)", text)
        assert at is not None
        assert (log.graph_breaks["file"] == at.group(1)).all() and (log.graph_breaks["line"] == int(at.group(2))).all()


def test_gpt2_graph_break_names_its_user_frame_hint_and_the_frames_it_split(analysed):
    _, a = analysed(TRAINING / "gpt2-compiled.json.gz")
    r = a.reasons
    assert r.source == "structured trace"
    assert r.graph_break_count == 1  # one place in user code ...
    site = r.graph_breaks.iloc[0]
    assert site["where"] == "transformers/modeling_utils.py:4635"
    assert site["function"] == "loss_function" and site["code"] == "logger.warning_once("
    assert HINT in site["hint"]
    assert site["compile_ids"] == ["0/0", "1/0", "2/0"]  # ... that split three compiled frames
    assert site["url"].endswith("gb0291.html")
    facts = json.loads((TRAINING / "gpt2-compiled.facts.json").read_text())
    assert all(LOGGING_BREAK in reason for reason in facts["dynamo_counters"]["graph_break"])
    text = next(f.text for f in a.findings if f.topic == "graph break")
    assert "transformers/modeling_utils.py:4635" in text and "logger.warning_once(" in text and HINT in text


def test_compiled_frames_carry_their_region_calls_and_kernels_per_call(analysed):
    """The frame table joins the log's compile ids to the trace's regions (facts from the raw JSON)."""
    _, a = analysed(TRAINING / "gpt2-compiled.json.gz")
    frames = a.reasons.frames.set_index("compile_id")
    raw = RawTrace(TRAINING / "gpt2-compiled.json.gz").region_kernels_per_call()
    assert set(frames.index) == set(raw)
    for cid, per_call in raw.items():
        assert frames.loc[cid, "calls"] == len(per_call)
        assert frames.loc[cid, "kernels_per_call"] == max(set(per_call), key=per_call.count)
    assert frames.loc["1/0", "function"] == "forward" and frames.loc["1/0", "graph_ops"] == 113
    assert frames.loc["1/0", "backward_kernels_per_call"] == 87
    assert frames.loc["3/0", "function"] == "ForCausalLMLoss" and not isinstance(frames.loc["3/0", "graph_break"], str)
    assert frames.loc["1/0", "graph_break"].startswith(LOGGING_BREAK)


def test_recompiles_name_the_guard_that_failed(analysed):
    _, a = analysed(TRAINING / "gpt2-recompile.json.gz")
    r = a.reasons
    raw = dict(raw_artifacts(TRAINING / "gpt2-recompile.torch_trace.log.gz", "recompile_reasons"))
    assert r.recompile_count == len(raw) == 4
    got = r.recompiles.set_index("compile_id")
    for cid, payload in raw.items():
        failed, reason = payload.strip().split(": ", 1)  # one failed guard: the text itself, not JSON-encoded
        assert got.loc[cid, "failed_compile_id"] == failed and got.loc[cid, "reason"] == reason
    assert got.loc["1/1", "reason"] == "tensor 'input_ids' size mismatch at index 1. expected 128, actual 96"
    assert got.loc["1/1", "function"] == "forward" and got.loc["1/1", "calls"] == 3 and got.loc["1/1", "kernels_per_call"] == 30
    assert sorted(c for c in a.split.compile_ids if not c.endswith("/0")) == sorted(raw)  # and the trace saw them compile
    assert sum(f.topic == "recompile" for f in a.findings) == 4


def test_cpu_run_directory_from_profile_steps_has_reasons_from_torch_2_13(analysed):
    """``traceview profile --steps 4:6``: the shape changed at step 3 (outside the window); the window
    runs the recompiled regions, and the structured trace (torch 2.13) says why."""
    files, a = analysed(CPU_RUN)
    meta = json.loads((CPU_RUN / "meta.json").read_text())
    assert files.torch_logs == (CPU_RUN / meta["torch_trace"],)
    assert {k: meta["steps"][k] for k in ("by", "optimizer", "counted", "requested", "profiled")} == \
        {"by": "optimizer", "optimizer": "AdamW", "counted": 6, "requested": "4:6", "profiled": [4, 5]}
    assert a.steps.steps["name"].tolist() == ["ProfilerStep#4", "ProfilerStep#5"]
    r = a.reasons
    raw = dict(raw_artifacts(CPU_RUN / meta["torch_trace"], "recompile_reasons"))
    assert sorted(r.recompiles["compile_id"]) == sorted(raw) == ["0/1", "1/1", "3/1", "4/1"]
    for cid, payload in raw.items():
        assert payload.strip() == f"{r.recompiles.set_index('compile_id').loc[cid, 'failed_compile_id']}: " \
                       f"{r.recompiles.set_index('compile_id').loc[cid, 'reason']}"
    assert r.recompiles.set_index("compile_id").loc["1/1", "reason"] == "tensor 'input_ids' size mismatch at index 1. expected 16, actual 12"
    regions = {e["name"].split(": ")[1] for e in RawTrace(files.trace / meta["trace"] if files.trace.is_dir() else files.trace).complete
               if e["name"].startswith("Torch-Compiled Region: ")}
    assert regions == {"0/1", "1/1", "2/0", "3/1", "4/1"}  # only the recompiled graphs ran in the window
    assert r.graph_break_count == 1
    site = r.graph_breaks.iloc[0]
    assert site["reason"] == LOGGING_BREAK and site["code"] == "logger.warning_once(" and HINT in site["hint"]
    assert site["where"].startswith("transformers/modeling_utils.py:")
    assert any(LOGGING_BREAK in k for k in meta["dynamo"]["counters"]["graph_break"])
    assert r.compile_s == pytest.approx(sum(x for x in a.reasons.frames["compile_s"].fillna(0))
                                        + a.reasons.frames["backward_compile_s"].fillna(0).sum(), rel=0.2)


def test_trace_alone_gets_what_the_trace_shows(analysed, tmp_path):
    """Without a structured trace: compile ids from the trace, recompiles as /1+ ids, breaks unknown."""
    plain = tmp_path / "recompile.json.gz"
    plain.write_bytes((TRAINING / "gpt2-recompile.json.gz").read_bytes())
    files, a = analysed(plain)
    assert files.torch_logs == () and files.meta is None
    r = a.reasons
    assert r.source == "trace only" and r.graph_break_count is None
    assert sorted(r.recompiles["compile_id"]) == ["0/1", "1/1", "3/1", "4/1"] and r.recompiles["reason"].isna().all()
    assert any("no structured trace" in n for n in r.notes)
    _, eager = analysed(TRAINING / "gpt2-eager.json.gz")
    assert eager.reasons.graph_break_count == 0 and eager.reasons.recompile_count == 0  # nothing compiled ran


def test_counters_alone_give_break_reasons_without_frames(tmp_path):
    """meta.json's Dynamo counters, no structured trace: reasons and counts, no user frame."""
    (tmp_path / "t.pt.trace.json.gz").write_bytes((TRAINING / "gpt2-compiled.json.gz").read_bytes())
    facts = json.loads((TRAINING / "gpt2-compiled.facts.json").read_text())
    (tmp_path / "meta.json").write_text(json.dumps({"kind": "profile", "dynamo": {"counters": facts["dynamo_counters"]}}))
    files = run_files(tmp_path)
    a = analyze(load(files.trace), dynamo_record(files))
    r = a.reasons
    assert r.source == "Dynamo counters" and r.graph_break_count == 1
    assert r.graph_breaks.iloc[0]["reason"] == LOGGING_BREAK and HINT in r.graph_breaks.iloc[0]["hint"]
    assert r.graph_breaks.iloc[0]["records"] == 2 and not isinstance(r.graph_breaks.iloc[0]["where"], str)


def test_graph_break_message_of_a_skipped_frame_keeps_its_reason():
    """The 'cannot properly resume ... skip' form keeps the reason in the exception after the traceback."""
    text = ("Graph break: torch.compile cannot properly resume from this graph break, which results in a skip.\n"
            "torch.compile will skip tracing the frame f (x.py line 3) and fall back to eager.\n"
            "The graph break occurred in the following user code:\n"
            '  File "/home/u/x.py", line 5, in f\n    torch._dynamo.graph_break()\n\n'
            "Traceback (most recent call last):\n  File \"/t/symbolic_convert.py\", line 1, in step\n    x()\n"
            "torch._dynamo.exc.Unsupported: Call to `torch._dynamo.graph_break()`\n"
            "  Explanation: User-inserted graph break.\n  Hint: Remove the call.\n")
    parts = parse_graph_break(text)
    assert parts["reason"] == "Call to `torch._dynamo.graph_break()`"
    assert parts["hints"] == ["Remove the call."] and parts["resumable"] is False
    assert (parts["file"], parts["line"], parts["function"], parts["code"]) == ("/home/u/x.py", 5, "f", "torch._dynamo.graph_break()")


def test_structured_trace_that_is_not_one_is_a_note_not_a_crash(tmp_path):
    (tmp_path / "t.pt.trace.json.gz").write_bytes((TRAINING / "gpt2-compiled.json.gz").read_bytes())
    (tmp_path / "t.torch_trace.log").write_text("hello\nnot a log\n")
    files = run_files(tmp_path)
    record = dynamo_record(files)
    assert record.logs == [] and "not a PyTorch structured trace" in record.notes[0]


def test_cut_off_structured_trace_reads_up_to_its_last_record(tmp_path):
    data = gzip.decompress((TRAINING / "gpt2-recompile.torch_trace.log.gz").read_bytes())
    cut = tmp_path / "cut.torch_trace.log.gz"
    cut.write_bytes(gzip.compress(data)[: len(gzip.compress(data)) // 2])
    log = read_torch_log(cut)
    assert log.records > 0 and any("ends early" in n for n in log.notes)


def test_meta_json_decides_which_structured_trace_belongs_to_the_run(tmp_path):
    """A log left by an earlier run in the folder is not this run's when meta.json says there is none."""
    shutil_copy = (TRAINING / "gpt2-compiled.json.gz").read_bytes()
    (tmp_path / "t.pt.trace.json.gz").write_bytes(shutil_copy)
    (tmp_path / "t.torch_trace.log.gz").write_bytes((TRAINING / "gpt2-compiled.torch_trace.log.gz").read_bytes())
    assert run_files(tmp_path).torch_logs == (tmp_path / "t.torch_trace.log.gz",)  # no meta.json: found by name
    (tmp_path / "meta.json").write_text(json.dumps({"kind": "profile", "torch_trace": None}))
    assert run_files(tmp_path).torch_logs == ()
    (tmp_path / "meta.json").write_text(json.dumps({"kind": "profile", "torch_trace": "t.torch_trace.log.gz"}))
    assert run_files(tmp_path / "t.pt.trace.json.gz").torch_logs == (tmp_path / "t.torch_trace.log.gz",)


def test_cudagraph_skip_reason_becomes_a_finding(tmp_path):
    """Handmade from the real log (no reduce-overhead structured trace is committed yet): Inductor's
    ``cudagraph_skip_reason`` on compile 1/0 is said in a finding and kept on the frame."""
    text = gzip.decompress((TRAINING / "gpt2-compiled.torch_trace.log.gz").read_bytes()).decode()
    skip = "skipping cudagraphs due to mutated inputs (1 instances)"
    lines = text.split("\n")
    (at,) = [i for i, ln in enumerate(lines) if '{"compilation_metrics": {"compile_id": "1/0", ' in ln]
    assert lines[at].count('"cudagraph_skip_reason": null') == 1
    lines[at] = lines[at].replace('"cudagraph_skip_reason": null', f'"cudagraph_skip_reason": "{skip}"')
    text = "\n".join(lines)
    (tmp_path / "t.json.gz").write_bytes((TRAINING / "gpt2-compiled.json.gz").read_bytes())
    (tmp_path / "t.torch_trace.log.gz").write_bytes(gzip.compress(text.encode()))
    files = run_files(tmp_path / "t.json.gz")
    a = analyze(load(files.trace), dynamo_record(files))
    assert a.reasons.frames.set_index("compile_id").loc["1/0", "cudagraph_skip_reason"] == skip
    assert [f.text for f in a.findings if "CUDA graphs not used" in f.text] == [f"CUDA graphs not used for 1/0 (forward): {skip}."]


def test_a_compiled_module_is_placed_at_the_users_line_that_called_it(tmp_path):
    """torch.compile(module) compiles a wrapper inside torch/_dynamo (``inner``, external_utils.py, on torch 2.13): the
    frame is placed at the innermost frame of Dynamo's stack outside PyTorch (its ``str`` table resolves the file
    numbers), here the script's own line, as a plain reading of the structured trace's records gives it."""
    from traceview.capture.profile_script import profile_script

    script = tmp_path / "mlp.py"
    script.write_text("import torch\n"
                      "model = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))\n"
                      "compiled = torch.compile(model)\n"
                      "for _ in range(2):\n"
                      "    compiled(torch.randn(4, 16)).sum().backward()\n")
    result = profile_script(script, out_dir=tmp_path / "out")
    assert result.exit_code == 0, result.traceback
    # the plain reading: the str table and the first dynamo_start stack
    strings, stack = {}, None
    with gzip.open(result.torch_trace, "rt") as f:
        for line in f:
            head = re.match(r"^[VIWEC]\d{4} [^\]]*\] (\{.*)$", line)
            if not head:
                continue
            record = json.loads(head.group(1))
            if "str" in record:
                strings[record["str"][1]] = record["str"][0]
            if "dynamo_start" in record and stack is None:
                stack = record["dynamo_start"]["stack"]
    ours = [f for f in stack if strings.get(f["filename"]) == str(script)]
    assert ours, "the script's own line is on Dynamo's stack"
    log = read_torch_log(result.torch_trace)
    row = log.compiles.iloc[0]
    assert (row["user_file"], row["user_line"], row["user_function"]) == (str(script), ours[-1]["line"], "<module>")
    frames = analyze(load(result.trace), dynamo_record(run_files(result.trace))).reasons.frames
    frame = frames.set_index("compile_id").loc[row["compile_id"]]  # ids count on in a process that compiled before
    where = frame["where"]
    if "/torch/" in str(row["co_filename"]):  # the compiled code is PyTorch's wrapper: the user's line says where
        assert where.endswith(f"mlp.py:{ours[-1]['line']}") and frame["function"] == "<module>"
    else:  # a torch that compiles forward itself: its own place
        assert "mlp.py" not in where or where.endswith("mlp.py:" + str(row["co_firstlineno"]))
