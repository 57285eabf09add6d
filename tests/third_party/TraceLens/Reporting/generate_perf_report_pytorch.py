###############################################################################
# Copyright (c) 2025 - 2026 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

import argparse
import ast
import importlib.util
import os
import re
import warnings
from typing import Dict, Optional

import numpy as np
import pandas as pd

from TraceLens import NcclAnalyser, TraceDiff, TreePerfAnalyzer
from TraceLens.PerfModel.torch_op_mapping import build_sheet_category_to_op_names
from TraceLens.Reporting.reporting_utils import (
    add_gpu_arch_cli_args,
    request_install,
    resolve_gpu_arch,
)

_WRAPPER_FILE_PATTERNS = frozenset(
    {
        "torch/_ops.py",
        "torch/nn/modules/module.py",
        "torch/utils/_contextlib.py",
        "torch/utils/_device.py",
        "torch/_tensor.py",
        "torch/functional.py",
        "torch/overrides.py",
        "torch/_inductor/",
        "torch/_functorch/",
        "torch/distributed/c10d_logger.py",
        "triton/backends/",
    }
)

_WRAPPER_NAME_PREFIXES = frozenset(
    {
        "<built-in",
        "pybind11_builtins",
        "nn.Module:",
    }
)

_WRAPPER_FUNC_NAMES = frozenset(
    {
        "__torch_function__",
        "_call_impl",
        "_wrapped_call_impl",
        "decorate_context",
        "dispatch_wrapper",
        "handle_torch_function",
        "wrapper",
        "custom_wrapper",
        "wrapper_custom",
        "outer_wrapper",
    }
)


def _is_wrapper_frame(frame):
    """Return True if *frame* is a wrapper/dispatch function that should be
    skipped when searching outward for the dispatch entry point."""
    for prefix in _WRAPPER_NAME_PREFIXES:
        if frame.startswith(prefix):
            return True
    for pat in _WRAPPER_FILE_PATTERNS:
        if pat in frame:
            return True
    # Extract function name from "path.py(line): func_name" format
    if "): " in frame:
        func_name = frame.split("): ")[-1]
        if func_name in _WRAPPER_FUNC_NAMES:
            return True
    return False


def _find_entry_point(call_stack_value, op_name):
    """Find the dispatch entry point for a CPU op from its call stack.

    Returns a dict with keys:
    - ``entry_point``: the matched frame string, or ``""``
    - ``num_wrappers``: number of frames between entry point and the CPU op
    - ``traversal``: ``"inward"`` or ``"outward"`` (which strategy matched)
    - ``wrappers``: list of frames between the CPU op and the entry point

    Strategy:
    1. **Inward matching** – search the call stack for a .py frame whose
       function name contains the op name (part after '::').
    2. **Outward matching** (fallback) – if inward matching fails, walk the
       call stack from innermost frame outward, skip wrapper/dispatch
       functions, and return the first non-wrapper .py frame.
    """
    empty = {
        "entry_point": "Not found",
        "num_wrappers": -1,
        "traversal": "",
        "wrappers": "",
    }
    try:
        stack = ast.literal_eval(str(call_stack_value))
        if not isinstance(stack, list):
            return empty
    except Exception:
        return empty

    def flatten(frames):
        flat = []
        for frame in frames:
            if isinstance(frame, list):
                flat.extend(flatten(frame))
            else:
                flat.append(frame)
        return flat

    flat_stack = flatten(stack)

    # Use the local name part after '::' if present
    local_name = op_name.split("::")[-1].lower() if "::" in op_name else op_name.lower()

    # Find the CPU op position in the flat stack (search from end for exact match).
    # If exact match fails, try with trailing numeric suffix stripped — the call
    # stack builder applies re.sub(r"_\d+", "") to frame names for deduplication,
    # so e.g. "sglang_profiler::foo_triton_340" is stored as "sglang_profiler::foo_triton".
    op_idx = -1
    for i in range(len(flat_stack) - 1, -1, -1):
        if flat_stack[i] == op_name:
            op_idx = i
            break
    if op_idx == -1:
        stripped_op_name = re.sub(r"_\d+$", "", op_name)
        if stripped_op_name != op_name:
            for i in range(len(flat_stack) - 1, -1, -1):
                if flat_stack[i] == stripped_op_name:
                    op_idx = i
                    break
    if op_idx == -1:
        return empty

    # --- Inward matching: from CPU op toward leaf (children), find a .py frame
    #     whose function name contains the op name ---
    for i in range(op_idx + 1, len(flat_stack)):
        frame = flat_stack[i]
        if ".py" in frame:
            func_name = (
                frame.split("): ")[-1].lower() if "): " in frame else frame.lower()
            )
            if local_name in func_name:
                between = flat_stack[op_idx + 1 : i]
                wrappers_list = [op_name] + between + [frame]
                return {
                    "entry_point": frame,
                    "num_wrappers": len(between),
                    "traversal": "inward",
                    "wrappers": str(wrappers_list),
                }

    # --- Outward matching (fallback): from CPU op toward root (parents),
    #     skip wrappers, return first non-wrapper .py frame ---
    for i in range(op_idx - 1, -1, -1):
        frame = flat_stack[i]
        if ".py" not in frame:
            continue
        if _is_wrapper_frame(frame):
            continue
        between = flat_stack[i + 1 : op_idx]
        wrappers_list = [frame] + between + [op_name]
        return {
            "entry_point": frame,
            "num_wrappers": len(between),
            "traversal": "outward",
            "wrappers": str(wrappers_list),
        }

    return empty


def get_dfs_short_kernels(
    perf_analyzer, short_kernel_threshold_us=10, histogram_bins=100, topk=None
):
    """
    TODO: move this to the TreePerfAnalyzer class
    Analyze short kernel events from the performance data and return two DataFrames:
    a histogram of short kernel durations and a summary of top short kernels.

    Args:
        perf_analyzer (TreePerfAnalyzer): The performance analyzer object containing kernel data.
        short_kernel_threshold_us (int, optional): Threshold in microseconds to classify a kernel as "short". Defaults to 10.
        histogram_bins (int, optional): Number of bins for the histogram of short kernel durations. Defaults to 100.
        topk (int, optional): Number of top short kernels to include in the summary. If None, include all. Defaults to None.

    Returns:
        tuple: A tuple containing:
            - pd.DataFrame: Histogram of short kernel durations with columns ['bin_start', 'bin_end', 'count'].
            - pd.DataFrame: Summary of top short kernels with detailed statistics and percentage contribution to total time.
    """
    df_kernels = perf_analyzer.get_df_kernels()
    df_filtered = df_kernels[
        df_kernels["Kernel duration (µs)"] < short_kernel_threshold_us
    ]

    # 1. get histogram of these short kernels
    if df_filtered.empty:
        df_hist = pd.DataFrame(columns=["bin_start", "bin_end", "count"])
    else:
        vals = df_filtered["Kernel duration (µs)"].values
        counts, bin_edges = np.histogram(vals, bins=histogram_bins)
        df_hist = pd.DataFrame(
            {"bin_start": bin_edges[:-1], "bin_end": bin_edges[1:], "count": counts}
        )

    # 2. get df short kernels topk by total time
    agg_dict = {
        "Kernel duration (µs)": ["sum", "count", "mean"],
    }
    # For GPU-only traces, only group by Kernel name (CPU-related columns don't exist)
    # For regular traces, group by all available columns
    if perf_analyzer.gpu_only:
        groupby_cols = ["Kernel name"]
    else:
        groupby_cols = [
            "Parent cpu_op",
            "Input dims",
            "Input strides",
            "Concrete Inputs",
            "Kernel name",
        ]

    # If dataframe is empty, return empty dataframe
    if df_filtered.empty:
        df_grouped = pd.DataFrame()
    else:
        df_grouped = df_filtered.groupby(
            groupby_cols,
            sort=False,
        ).agg(agg_dict)

    # Handle empty dataframe case
    if df_grouped.empty:
        return df_hist, df_grouped

    # Flatten multi-level column names
    df_grouped.columns = ["_".join(col).strip() for col in df_grouped.columns]

    # Rename columns for clarity
    df_grouped.rename(
        columns={
            "Kernel duration (µs)_sum": "Short Kernel duration (µs) sum",
            "Kernel duration (µs)_count": "Short Kernel count",
            "Kernel duration (µs)_mean": "Short Kernel duration (µs) mean",
        },
        inplace=True,
    )

    # Add percentage contribution to total time
    df_grouped["Short Kernel duration (µs) percent of total time"] = (
        df_grouped["Short Kernel duration (µs) sum"]
        / (perf_analyzer.total_time_ms * 1e3)
        * 100
    )

    # Sort: primary by total short-kernel time (desc), then all other columns for stable order
    _sum_col = "Short Kernel duration (µs) sum"
    _sort_cols = [_sum_col] + [c for c in df_grouped.columns if c != _sum_col]
    _ascending = [False] + [True] * (len(_sort_cols) - 1)
    df_grouped.sort_values(by=_sort_cols, ascending=_ascending, inplace=True)
    df_grouped.reset_index(inplace=True)
    if topk is not None:
        df_grouped = df_grouped.head(topk)
    return df_hist, df_grouped


def apply_extension(perf_analyzer, extension_path):
    extension_path = os.path.abspath(extension_path)
    extension_name = os.path.splitext(os.path.basename(extension_path))[0]

    from TraceLens.PerfModel.torch_op_mapping import (
        OP_CATEGORY_REGISTRY,
        register_op_categories,
        register_perf_model_categories,
    )

    spec = importlib.util.spec_from_file_location(extension_name, extension_path)
    extension = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(extension)

    if hasattr(extension, "tree_postprocess_extension"):
        print(f"Applying tree postprocess extension from {extension_path}")
        tree_postprocess_extension = getattr(extension, "tree_postprocess_extension")
        tree_postprocess_extension(perf_analyzer.tree)
        perf_analyzer.tree.label_non_gpu_paths()

    if hasattr(extension, "perf_model_extension"):
        print(f"Applying perf model extension from {extension_path}")
        perf_model_extension = getattr(extension, "perf_model_extension")
        if not isinstance(perf_model_extension, dict):
            raise ValueError(
                f"Expected perf_model_extension to be a dict, got {type(perf_model_extension)}"
            )
        perf_analyzer.op_to_perf_model_class_map.update(perf_model_extension)
        register_perf_model_categories(
            perf_model_extension,
            OP_CATEGORY_REGISTRY,
        )
    if hasattr(extension, "op_category_extension"):
        print(f"Applying op category extension from {extension_path}")
        op_category_extension = getattr(extension, "op_category_extension")
        if not isinstance(op_category_extension, dict):
            raise ValueError(
                f"Expected op_category_extension to be a dict, got {type(op_category_extension)}"
            )
        register_op_categories(
            op_category_extension,
            OP_CATEGORY_REGISTRY,
        )
    if hasattr(extension, "dict_cat2names_extension"):
        warnings.warn(
            "dict_cat2names_extension is deprecated and ignored. Use "
            "perf_model_extension for modeled ops or op_category_extension for "
            "category-only ops."
        )


def trunc_kernel_details(row, kernel_detail_col, trunc_length=64):
    """
    Truncates the kernel details in a row to a specified length for readability.
    """
    if kernel_detail_col not in row or not row[kernel_detail_col]:
        return None  # No kernel details available

    truncated_details = []
    for detail in row[kernel_detail_col]:
        truncated_name = (
            detail["name"][:trunc_length] + "..."
            if len(detail["name"]) > trunc_length
            else detail["name"]
        )
        truncated_details.append(
            {
                "name": truncated_name,
                "stream": detail.get("stream", None),
                "mean_duration_us": round(detail.get("mean_duration_us", 0), 2),
            }
        )

    return truncated_details if truncated_details else None


def add_truncated_kernel_details(
    df: pd.DataFrame,
    source_col: str = "kernel_details",
    new_col_name: str = None,
    trunc_length: int = 64,
) -> pd.DataFrame:
    """
    Applies the truncation logic to a DataFrame column and inserts the new
    truncated column immediately after the source column for easy comparison.

    Args:
        df (pd.DataFrame): The DataFrame to process.
        source_col (str): The name of the column containing the full kernel details.
        new_col_name (str): The name for the new truncated column.
        trunc_length (int): The character length to truncate kernel names to.

    Returns:
        pd.DataFrame: A new DataFrame with the added truncated column.
    """
    # First, ensure the source column exists. If not, do nothing.
    if source_col not in df.columns:
        warnings.warn(
            f"Source column '{source_col}' not found in DataFrame. Skipping truncation.",
            UserWarning,
        )
        return df
    if new_col_name is None:
        new_col_name = f"trunc_{source_col}"
    # 1. Create the new column's data. It will be added to the end for now.
    df[new_col_name] = df.apply(
        lambda row: trunc_kernel_details(row, source_col, trunc_length=trunc_length),
        axis=1,
    )

    # 2. Reorder the columns to place the new column next to its source.
    cols = df.columns.tolist()
    # Pop the new column from the end of the list
    new_col = cols.pop(cols.index(new_col_name))
    # Find the position of our source column and insert the new one after it
    source_col_idx = cols.index(source_col)
    cols.insert(source_col_idx + 1, new_col)

    # Return a new DataFrame with the desired column order
    return df[cols]


def generate_perf_report_pytorch(
    profile_json_path: str,
    output_xlsx_path: Optional[str] = None,
    output_csvs_dir: Optional[str] = None,
    # include unlinked kernels in gpu timeline
    include_unlinked_kernels: bool = False,
    enable_pseudo_ops: bool = False,  # pseudo-op generation
    # threshold in microseconds for micro idle time
    micro_idle_thresh_us: int = None,
    # collective analysis
    collective_analysis: bool = True,
    # overlapping kernel details (optional extra sheets)
    include_overlap_info: bool = False,
    # earliest launcher timestamp per unique-args row (ops_unique_args*)
    include_first_occurrence_time: bool = False,
    # kernel summary sheet
    kernel_summary: bool = False,
    # short kernel study options
    short_kernel_study: bool = False,
    short_kernel_threshold_us: int = 10,
    short_kernel_histogram_bins: int = 100,
    topk_short_kernels: Optional[int] = None,  # include all below thresh by default
    topk_ops: Optional[int] = None,
    topk_roofline_ops: Optional[int] = None,
    comparison_json_path: Optional[str] = None,
    extension_file: Optional[str] = None,
    # for gemm simulator / Origami (Origami requires --enable_origami when arch is set)
    python_path: Optional[str] = None,
    gpu_arch_json_path: Optional[str] = None,
    gpu_arch_platform: Optional[str] = None,
    gpu_arch: Optional[dict] = None,
    inductor_cache_dir: Optional[str] = None,
    group_by_num_kernels: bool = False,
    enable_origami: bool = False,
    # activation recompute detection
    detect_recompute: bool = False,
    include_call_stack: bool = False,
) -> Dict[str, pd.DataFrame]:
    gpu_arch_json = resolve_gpu_arch(
        gpu_arch_json_path=gpu_arch_json_path,
        gpu_arch_platform=gpu_arch_platform,
        gpu_arch=gpu_arch,
    )
    add_python_func = True if include_call_stack else False
    perf_analyzer = TreePerfAnalyzer.from_file(
        profile_filepath=profile_json_path,
        arch=gpu_arch_json,
        python_path=python_path,
        include_unlinked_kernels=include_unlinked_kernels,
        enable_pseudo_ops=enable_pseudo_ops,
        add_python_func=add_python_func,
        detect_recompute=detect_recompute,
        enable_origami=enable_origami,
        inductor_cache_dir=inductor_cache_dir,
    )

    ## Apply annotation for vLLM eager and replay phase
    perf_analyzer.tree.apply_annotation(
        name_filters=["vllm::unified_attention_with_output"]
    )

    if extension_file:
        apply_extension(perf_analyzer, extension_file)

    # Detect GPU-only trace early and inform user
    if perf_analyzer.gpu_only:
        print(
            "Detected GPU-only trace. Skipping CPU-dependent analysis and generating only GPU timeline and kernel summary."
        )

    agg_metrics = ["mean", "median", "std", "min", "max"]

    # Generate base DataFrames
    df_gpu_timeline = perf_analyzer.get_df_gpu_timeline(
        micro_idle_thresh_us=micro_idle_thresh_us
    )

    # TODO: move this to the TreePerfAnalyzer class
    total_time_row = df_gpu_timeline[df_gpu_timeline["type"] == "total_time"]
    total_time_ms = total_time_row["time ms"].values[0]
    perf_analyzer.total_time_ms = total_time_ms

    # Initialize empty DataFrames for GPU-only traces to avoid NameError
    df_kernel_launchers_summary = pd.DataFrame()
    df_kernel_launchers_summary_by_category = pd.DataFrame()
    df_kernel_launchers_unique_args = pd.DataFrame()
    df_kernel_launchers_unique_args_overlapping_kernels = pd.DataFrame()
    perf_metrics_dfs = {}
    df_hist = pd.DataFrame()
    df_short_kernels = pd.DataFrame()

    # Only process CPU-dependent analysis for non-GPU-only traces
    if not perf_analyzer.gpu_only:
        df_kernel_launchers = perf_analyzer.get_df_kernel_launchers(
            include_kernel_details=True,
            include_first_occurrence_time=include_first_occurrence_time,
        )
        df_kernel_launchers_summary = perf_analyzer.get_df_kernel_launchers_summary(
            df_kernel_launchers
        )
        df_kernel_launchers_summary_by_category = (
            perf_analyzer.get_df_kernel_launchers_summary_by_category(
                df_kernel_launchers
            )
        )
        df_kernel_launchers_unique_args = (
            perf_analyzer.get_df_kernel_launchers_unique_args(
                df_kernel_launchers,
                agg_metrics=agg_metrics,
                include_pct=True,
                group_by_num_kernels=group_by_num_kernels,
            )
        )
        df_kernel_launchers_unique_args = add_truncated_kernel_details(
            df_kernel_launchers_unique_args,
            source_col="kernel_details_summary",
            new_col_name="trunc_kernel_details",
        )
        df_kernel_launchers_unique_args_overlapping_kernels = pd.DataFrame()
        if include_overlap_info:
            df_kernel_launchers_unique_args_overlapping_kernels = (
                perf_analyzer.get_df_kernel_launchers_unique_args(
                    df_kernel_launchers,
                    agg_metrics=agg_metrics,
                    include_pct=True,
                    group_by_num_kernels=group_by_num_kernels,
                    include_overlapping_kernels=True,
                )
            )
            df_kernel_launchers_unique_args_overlapping_kernels = (
                add_truncated_kernel_details(
                    df_kernel_launchers_unique_args_overlapping_kernels,
                    source_col="kernel_details_summary",
                    new_col_name="trunc_kernel_details",
                )
            )
            df_kernel_launchers_unique_args_overlapping_kernels = (
                add_truncated_kernel_details(
                    df_kernel_launchers_unique_args_overlapping_kernels,
                    source_col="overlapping_kernels_details_summary",
                    new_col_name="trunc_overlapping_kernels_details",
                )
            )
        # Dictionary to hold the op-specific DataFrames
        perf_metrics_dfs = {}
        sheet_category_to_op_names = build_sheet_category_to_op_names(
            perf_analyzer.op_to_perf_model_class_map
        )

        for sheet_category, op_names in sheet_category_to_op_names.items():
            # Filter events belonging to the current legacy sheet category
            op_events = [
                event
                for event in perf_analyzer.tree.events
                if event["name"] in op_names
            ]

            if sheet_category in [
                "GEMM",
                "UnaryElementwise",
                "BinaryElementwise",
                "Normalization",
            ]:
                # For GEMM: create a single table that covers both fwd and bwd.
                df_ops_raw = perf_analyzer.build_df_perf_metrics(
                    op_events, bwd=False, include_kernel_details=True, include_args=True
                )
                df_ops = perf_analyzer.summarize_df_perf_metrics(
                    df_ops_raw,
                    agg_metrics,
                    group_by_num_kernels=group_by_num_kernels,
                )
                df_ops = add_truncated_kernel_details(
                    df_ops,
                    source_col="kernel_details__summarize_kernel_stats",
                    new_col_name="trunc_kernel_details",
                )
                if not df_ops.empty:
                    perf_metrics_dfs[sheet_category] = df_ops
                if include_overlap_info:
                    df_ops_overlapping_kernels = (
                        perf_analyzer.summarize_df_perf_metrics(
                            df_ops_raw,
                            agg_metrics,
                            group_by_num_kernels=group_by_num_kernels,
                            include_overlapping_kernels=True,
                        )
                    )
                    df_ops_overlapping_kernels = add_truncated_kernel_details(
                        df_ops_overlapping_kernels,
                        source_col="kernel_details__summarize_kernel_stats",
                        new_col_name="trunc_kernel_details",
                    )
                    df_ops_overlapping_kernels = add_truncated_kernel_details(
                        df_ops_overlapping_kernels,
                        source_col="overlapping_kernels_details__summarize_kernel_stats",
                        new_col_name="trunc_overlapping_kernels_details",
                    )
                    if not df_ops_overlapping_kernels.empty:
                        perf_metrics_dfs[f"{sheet_category}_kl_overlap"] = (
                            df_ops_overlapping_kernels
                        )
            else:
                # For FLASH_ATTN and CONV: create separate tables for forward and backward passes.
                df_ops_fwd_raw = perf_analyzer.build_df_perf_metrics(
                    op_events, bwd=False, include_kernel_details=True, include_args=True
                )
                df_ops_fwd = perf_analyzer.summarize_df_perf_metrics(
                    df_ops_fwd_raw,
                    agg_metrics,
                    group_by_num_kernels=group_by_num_kernels,
                )
                df_ops_fwd = add_truncated_kernel_details(
                    df_ops_fwd,
                    source_col="kernel_details__summarize_kernel_stats",
                    new_col_name="trunc_kernel_details",
                )
                # For now, flash_attention_varlen_backward and aten::convolution_backward are processed with bwd=True,
                # so we need a workaround to extract them from the fwd df and append them to the bwd df.
                filtered_df_bwd_ops = None
                if not df_ops_fwd.empty:
                    # Filter out backward operations that were incorrectly included in forward
                    bwd_op_names = [
                        "flash_attn::_flash_attn_varlen_backward",
                        "aten::convolution_backward",
                        "ConvBias_Backward",
                        "ConvBiasReLU_Backward",
                    ]
                    filtered_df_bwd_ops = df_ops_fwd[
                        df_ops_fwd["name"].isin(bwd_op_names)
                    ]
                    df_ops_fwd = df_ops_fwd[~df_ops_fwd["name"].isin(bwd_op_names)]
                    df_ops_fwd = df_ops_fwd[
                        df_ops_fwd["name"] != "flash_attn::_flash_attn_varlen_backward"
                    ]

                op_events = [
                    event
                    for event in op_events
                    if event["name"] != "vllm::unified_attention_with_output"
                ]
                df_ops_bwd_raw = perf_analyzer.build_df_perf_metrics(
                    op_events, bwd=True, include_kernel_details=True, include_args=True
                )
                df_ops_bwd = perf_analyzer.summarize_df_perf_metrics(
                    df_ops_bwd_raw,
                    agg_metrics,
                    group_by_num_kernels=group_by_num_kernels,
                )
                df_ops_bwd = add_truncated_kernel_details(
                    df_ops_bwd,
                    source_col="kernel_details__summarize_kernel_stats",
                    new_col_name="trunc_kernel_details",
                )
                if filtered_df_bwd_ops is not None:
                    df_ops_bwd = pd.concat([df_ops_bwd, filtered_df_bwd_ops])
                # Filter out forward operations that were incorrectly included in backward
                if not df_ops_bwd.empty:
                    fwd_op_names = [
                        "aten::convolution",
                        "aten::miopen_convolution",
                        "aten::cudnn_convolution",
                        "ConvBias_",
                        "ConvBiasReLU_",
                    ]
                    df_ops_bwd = df_ops_bwd[~df_ops_bwd["name"].isin(fwd_op_names)]
                if not df_ops_fwd.empty:
                    perf_metrics_dfs[f"{sheet_category}_fwd"] = df_ops_fwd
                if not df_ops_bwd.empty:
                    perf_metrics_dfs[f"{sheet_category}_bwd"] = df_ops_bwd

                if include_overlap_info:
                    df_ops_fwd_overlapping_kernels = (
                        perf_analyzer.summarize_df_perf_metrics(
                            df_ops_fwd_raw,
                            agg_metrics,
                            group_by_num_kernels=group_by_num_kernels,
                            include_overlapping_kernels=True,
                        )
                    )
                    df_ops_fwd_overlapping_kernels = add_truncated_kernel_details(
                        df_ops_fwd_overlapping_kernels,
                        source_col="kernel_details__summarize_kernel_stats",
                        new_col_name="trunc_kernel_details",
                    )
                    df_ops_fwd_overlapping_kernels = add_truncated_kernel_details(
                        df_ops_fwd_overlapping_kernels,
                        source_col="overlapping_kernels_details__summarize_kernel_stats",
                        new_col_name="trunc_overlapping_kernels_details",
                    )
                    filtered_df_bwd_ops_overlapping_kernels = None
                    if not df_ops_fwd_overlapping_kernels.empty:
                        bwd_op_names = [
                            "flash_attn::_flash_attn_varlen_backward",
                            "aten::convolution_backward",
                            "ConvBias_Backward",
                            "ConvBiasReLU_Backward",
                        ]
                        filtered_df_bwd_ops_overlapping_kernels = (
                            df_ops_fwd_overlapping_kernels[
                                df_ops_fwd_overlapping_kernels["name"].isin(
                                    bwd_op_names
                                )
                            ]
                        )
                        df_ops_fwd_overlapping_kernels = df_ops_fwd_overlapping_kernels[
                            ~df_ops_fwd_overlapping_kernels["name"].isin(bwd_op_names)
                        ]

                    df_ops_bwd_overlapping_kernels = (
                        perf_analyzer.summarize_df_perf_metrics(
                            df_ops_bwd_raw,
                            agg_metrics,
                            group_by_num_kernels=group_by_num_kernels,
                            include_overlapping_kernels=True,
                        )
                    )
                    df_ops_bwd_overlapping_kernels = add_truncated_kernel_details(
                        df_ops_bwd_overlapping_kernels,
                        source_col="kernel_details__summarize_kernel_stats",
                        new_col_name="trunc_kernel_details",
                    )
                    df_ops_bwd_overlapping_kernels = add_truncated_kernel_details(
                        df_ops_bwd_overlapping_kernels,
                        source_col="overlapping_kernels_details__summarize_kernel_stats",
                        new_col_name="trunc_overlapping_kernels_details",
                    )
                    if filtered_df_bwd_ops_overlapping_kernels is not None:
                        df_ops_bwd_overlapping_kernels = pd.concat(
                            [
                                df_ops_bwd_overlapping_kernels,
                                filtered_df_bwd_ops_overlapping_kernels,
                            ]
                        )
                    if not df_ops_bwd_overlapping_kernels.empty:
                        fwd_op_names = [
                            "aten::convolution",
                            "aten::miopen_convolution",
                            "aten::cudnn_convolution",
                            "ConvBias_",
                            "ConvBiasReLU_",
                        ]
                        df_ops_bwd_overlapping_kernels = df_ops_bwd_overlapping_kernels[
                            ~df_ops_bwd_overlapping_kernels["name"].isin(fwd_op_names)
                        ]
                    if not df_ops_fwd_overlapping_kernels.empty:
                        perf_metrics_dfs[f"{sheet_category}_fwd_kl_overlap"] = (
                            df_ops_fwd_overlapping_kernels
                        )
                    if not df_ops_bwd_overlapping_kernels.empty:
                        perf_metrics_dfs[f"{sheet_category}_bwd_kl_overlap"] = (
                            df_ops_bwd_overlapping_kernels
                        )

    # Short kernel study (works for both GPU-only and regular traces)
    if short_kernel_study:
        df_hist, df_short_kernels = get_dfs_short_kernels(
            perf_analyzer,
            short_kernel_threshold_us=short_kernel_threshold_us,
            histogram_bins=short_kernel_histogram_bins,
            topk=topk_short_kernels,
        )

    # Build dict_name2df - only include sheets that have data
    dict_name2df = {"gpu_timeline": df_gpu_timeline}
    df_unified_perf: pd.DataFrame = pd.DataFrame()

    # Add CPU-dependent sheets only if not GPU-only
    if not perf_analyzer.gpu_only:
        if not df_kernel_launchers_summary_by_category.empty:
            dict_name2df["ops_summary_by_category"] = (
                df_kernel_launchers_summary_by_category
            )
        if not df_kernel_launchers_summary.empty:
            dict_name2df["ops_summary"] = df_kernel_launchers_summary
        if not df_kernel_launchers_unique_args.empty:
            dict_name2df["ops_unique_args"] = df_kernel_launchers_unique_args
        if (
            include_overlap_info
            and not df_kernel_launchers_unique_args_overlapping_kernels.empty
        ):
            dict_name2df["ops_unique_args_kl_overlap"] = (
                df_kernel_launchers_unique_args_overlapping_kernels
            )

        # Add unified perf metrics table (ops with perf models + leaf ops with GPU kernels)
        df_unified_perf = perf_analyzer.build_df_unified_perf_table()

        # Run TraceDiff when a comparison trace is provided. diff_stats_df is generated
        _tracediff_diff_stats: Optional[pd.DataFrame] = None
        if comparison_json_path and not df_unified_perf.empty:
            perf_analyzer2 = TreePerfAnalyzer.from_file(
                profile_filepath=comparison_json_path,
                python_path=perf_analyzer.python_path,
                include_unlinked_kernels=perf_analyzer.include_unlinked_kernels,
                enable_pseudo_ops=enable_pseudo_ops,
                add_python_func=perf_analyzer.add_python_func,
            )
            perf_analyzer2.tree.apply_annotation(
                name_filters=["vllm::unified_attention_with_output"]
            )
            td = TraceDiff(perf_analyzer.tree, perf_analyzer2.tree)
            td.generate_tracediff_report()
            _tracediff_diff_stats = td.diff_stats_df

        if not df_unified_perf.empty:
            df_unified_perf_summary = perf_analyzer.summarize_df_unified_perf_table(
                df_unified_perf,
                agg_metrics=agg_metrics,
                include_pct=True,
                group_by_num_kernels=group_by_num_kernels,
                include_call_stack=include_call_stack,
                tree=perf_analyzer.tree,
            )
            if not df_unified_perf_summary.empty:
                df_unified_perf_summary = add_truncated_kernel_details(
                    df_unified_perf_summary,
                    source_col="kernel_details_summary",
                    new_col_name="trunc_kernel_details",
                )
                if "call_stack_full" in df_unified_perf_summary.columns:
                    cs_col = df_unified_perf_summary.columns.get_loc("call_stack_full")
                    ep_results = df_unified_perf_summary.apply(
                        lambda row: _find_entry_point(
                            row["call_stack_full"], row["name"]
                        ),
                        axis=1,
                    )
                    df_unified_perf_summary.insert(
                        cs_col,
                        "entry_point",
                        ep_results.apply(lambda x: x["entry_point"]),
                    )
                    if os.environ.get("TRACELENS_DEBUG"):
                        df_unified_perf_summary.insert(
                            cs_col + 1,
                            "num_wrappers",
                            ep_results.apply(lambda x: x["num_wrappers"]),
                        )
                        df_unified_perf_summary.insert(
                            cs_col + 2,
                            "traversal",
                            ep_results.apply(lambda x: x["traversal"]),
                        )
                        df_unified_perf_summary.insert(
                            cs_col + 3,
                            "wrappers",
                            ep_results.apply(lambda x: x["wrappers"]),
                        )
                dict_name2df["unified_perf_summary"] = df_unified_perf_summary

            if _tracediff_diff_stats is not None and not _tracediff_diff_stats.empty:
                from TraceLens.Reporting.tracediff_comparison_extension import (
                    enrich_perf_report_dict_inplace,
                )

                dict_name2df = enrich_perf_report_dict_inplace(
                    dict_name2df,
                    _tracediff_diff_stats,
                    df_unified_perf=df_unified_perf,
                )
                dict_name2df["diff_stats"] = _tracediff_diff_stats

            if include_overlap_info:
                df_unified_perf_summary_overlapping_kernels = (
                    perf_analyzer.summarize_df_unified_perf_table(
                        df_unified_perf,
                        agg_metrics=agg_metrics,
                        include_pct=True,
                        group_by_num_kernels=group_by_num_kernels,
                        include_overlapping_kernels=True,
                    )
                )
                if not df_unified_perf_summary_overlapping_kernels.empty:
                    df_unified_perf_summary_overlapping_kernels = (
                        add_truncated_kernel_details(
                            df_unified_perf_summary_overlapping_kernels,
                            source_col="kernel_details_summary",
                            new_col_name="trunc_kernel_details",
                        )
                    )
                    df_unified_perf_summary_overlapping_kernels = (
                        add_truncated_kernel_details(
                            df_unified_perf_summary_overlapping_kernels,
                            source_col="overlapping_kernels_details_summary",
                            new_col_name="trunc_overlapping_kernels_details",
                        )
                    )
                if not df_unified_perf_summary_overlapping_kernels.empty:
                    dict_name2df["unified_perf_summary_kl_overlap"] = (
                        df_unified_perf_summary_overlapping_kernels
                    )

        # update this dict with the perf_metrics_dfs
        dict_name2df.update(perf_metrics_dfs)

    # Kernel summary: aggregate per-kernel durations and counts
    if kernel_summary:
        try:
            df_kernels = perf_analyzer.get_df_kernels(launcher_detail=True)
        except Exception:
            df_kernels = pd.DataFrame()
        if not df_kernels.empty and "Kernel duration (µs)" in df_kernels.columns:
            # Fallback: If Parent cpu_op is missing, fill it from Launcher (for display purposes)
            if (
                "Parent cpu_op" in df_kernels.columns
                and "Launcher" in df_kernels.columns
            ):
                mask_missing_parent = df_kernels["Parent cpu_op"].isna()
                if mask_missing_parent.any():
                    df_kernels.loc[mask_missing_parent, "Parent cpu_op"] = (
                        df_kernels.loc[mask_missing_parent, "Launcher"]
                    )

            # Fallback categorization for graph/runtime launched kernels with no cpu_op
            # Note: Basic 'Parent op category' is added by get_kernel_details() in tree_perf.py
            # This adds categorization for kernels that don't have a parent cpu_op
            if "Parent op category" not in df_kernels.columns:
                df_kernels["Parent op category"] = pd.NA

            if "Launcher" in df_kernels.columns:
                mask_missing_cat = df_kernels["Parent op category"].isna()
                if mask_missing_cat.any():

                    def _launcher_category(name):
                        s = str(name).lower()
                        if "cudagraph" in s or "graphlaunch" in s:
                            return "graph"
                        return "runtime" if s and s != "nan" else pd.NA

                    df_kernels.loc[mask_missing_cat, "Parent op category"] = (
                        df_kernels.loc[mask_missing_cat, "Launcher"].apply(
                            _launcher_category
                        )
                    )

            # Group by category/cpu_op along with kernel identifiers when available
            group_cols = []
            for col in [
                "Parent op category",
                "Parent cpu_op",
                "Kernel name",
                "Kernel stream",
            ]:
                if col in df_kernels.columns:
                    group_cols.append(col)
            if not group_cols:
                group_cols = (
                    ["Kernel name"] if "Kernel name" in df_kernels.columns else []
                )

            agg_dict = {"Kernel duration (µs)": ["sum", "count", "mean", "min", "max"]}
            df_kernel_summary = df_kernels.groupby(group_cols, dropna=False).agg(
                agg_dict
            )
            df_kernel_summary.columns = [
                "_".join(col).strip() for col in df_kernel_summary.columns.values
            ]
            df_kernel_summary.reset_index(inplace=True)

            # Percent columns:
            # 1) Percent of kernels time: sums to ~100% across rows
            total_kernels_us = df_kernels["Kernel duration (µs)"].sum()
            if total_kernels_us > 0:
                df_kernel_summary["Percent of kernels time (%)"] = (
                    df_kernel_summary["Kernel duration (µs)_sum"] / total_kernels_us
                ) * 100
            else:
                df_kernel_summary["Percent of kernels time (%)"] = np.nan
            # 2) Percent of total time (GPU timeline baseline; includes idle/non-kernel)
            total_us = (
                perf_analyzer.total_time_ms * 1e3
                if hasattr(perf_analyzer, "total_time_ms")
                else None
            )
            if total_us:
                df_kernel_summary["Percent of total time (%)"] = (
                    df_kernel_summary["Kernel duration (µs)_sum"] / total_us
                ) * 100
            else:
                df_kernel_summary["Percent of total time (%)"] = np.nan

            df_kernel_summary.sort_values(
                by="Kernel duration (µs)_sum", ascending=False, inplace=True
            )
            df_kernel_summary.reset_index(drop=True, inplace=True)
            dict_name2df["kernel_summary"] = df_kernel_summary

    if short_kernel_study:
        dict_name2df["short_kernel_histogram"] = df_hist
        dict_name2df["short_kernels_summary"] = df_short_kernels

    # Skip collective analysis for GPU-only traces (no CPU ops means no collectives)
    if collective_analysis and not perf_analyzer.gpu_only:
        nccl_analyser = NcclAnalyser([profile_json_path], None)
        df_nccl_summary = nccl_analyser.build_df_summary_long()
        if not df_nccl_summary.empty:
            dict_name2df["coll_analysis"] = df_nccl_summary

    # Get additional DataFrames from extension if available
    if extension_file:
        extension_path = os.path.abspath(extension_file)
        extension_name = os.path.splitext(os.path.basename(extension_path))[0]
        spec = importlib.util.spec_from_file_location(extension_name, extension_path)
        extension = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(extension)

        if hasattr(extension, "get_additional_dataframes_extension"):
            print(f"Getting additional DataFrames from extension: {extension_path}")
            get_additional_dfs = getattr(
                extension, "get_additional_dataframes_extension"
            )
            additional_dfs = get_additional_dfs(perf_analyzer.tree)
            if additional_dfs:
                dict_name2df.update(additional_dfs)
                print(f"Added {len(additional_dfs)} additional sheets from extension")

    # Write CSVs and/or Excel (independent options)
    if output_csvs_dir:
        os.makedirs(output_csvs_dir, exist_ok=True)
        for sheet_name, df in dict_name2df.items():
            csv_path = os.path.join(output_csvs_dir, f"{sheet_name}.csv")
            df.to_csv(csv_path, index=False)
            print(f"DataFrame '{sheet_name}' written to {csv_path}")

    if output_xlsx_path is not None or output_csvs_dir is None:
        if output_xlsx_path is None:
            base_path = profile_json_path.rsplit(".json", 1)[0]
            output_xlsx_path = base_path + "_perf_report.xlsx"
        if importlib.util.find_spec("openpyxl") is None:
            print("Error importing openpyxl")
            request_install("openpyxl")

        with pd.ExcelWriter(output_xlsx_path, engine="openpyxl") as writer:
            for sheet_name, df in dict_name2df.items():
                df.to_excel(writer, sheet_name=sheet_name, index=False)
            print(f"DataFrames successfully written to {output_xlsx_path}")

    return dict_name2df


def main():

    parser = argparse.ArgumentParser(
        description="Process a JSON trace profile and generate performance report tables."
    )
    parser.add_argument(
        "--profile_json_path",
        type=str,
        required=True,
        help="Path to the profile.json or .json.gz file",
    )
    parser.add_argument(
        "--output_xlsx_path",
        type=str,
        default=None,
        help="Path to the output Excel file",
    )
    parser.add_argument(
        "--output_csvs_dir",
        type=str,
        default=None,
        help="Directory to save output CSV files",
    )

    # Optional arguments
    parser.add_argument(
        "--include_unlinked_kernels",
        action="store_true",
        help="Include unlinked kernels in the GPU timeline analysis.",
    )
    parser.add_argument(
        "--micro_idle_thresh_us",
        type=int,
        default=None,
        help="Threshold in microseconds to classify idle interval as micro idle in GPU timeline analysis. "
        "Default is None and all idle times are included in one category.",
    )
    parser.add_argument(
        "--disable_coll_analysis",
        action="store_false",
        dest="collective_analysis",
        default=True,
        help="Disable collective analysis section in the report. Enabled by default.",
    )
    parser.add_argument(
        "--enable_kernel_summary",
        action="store_true",
        dest="kernel_summary",
        default=False,
        help="Enable kernel summary sheet in the report. Disabled by default.",
    )
    parser.add_argument(
        "--short_kernel_study",
        action="store_true",
        help="Include short kernel study in the report.",
    )
    parser.add_argument(
        "--short_kernel_threshold_us",
        type=int,
        default=10,
        help='Threshold in microseconds to classify a kernel as "short". Defaults to 10 us.',
    )
    parser.add_argument(
        "--short_kernel_histogram_bins",
        type=int,
        default=100,
        help="Number of bins for the short-kernel histogram.",
    )
    parser.add_argument(
        "--topk_short_kernels",
        type=int,
        default=None,
        help="Rows to keep in the short-kernel table.",
    )
    parser.add_argument(
        "--enable_pseudo_ops",
        action="store_true",
        default=False,
        help="Enable automatic pseudo-op augmentation to tree to isolate specific kernels (e.g., FusedMoE).",
    )
    parser.add_argument(
        "--topk_ops",
        type=int,
        default=None,
        help="Rows to keep in the unique-args launcher table.",
    )
    parser.add_argument(
        "--topk_roofline_ops",
        type=int,
        default=None,
        help="Rows to keep in the roofline table.",
    )

    parser.add_argument(
        "--comparison_json_path",
        type=str,
        default=None,
        help=(
            "Path to a second trace to compare against the primary trace. "
            "Runs TraceDiff and adds speedup, delta, and LCA columns to "
            "unified_perf_summary, plus a diff_stats sheet."
        ),
    )

    parser.add_argument(
        "--extension_file",
        type=str,
        default=None,
        help="Path to the extension file containing custom extensions for TraceTree and PerfModel.",
    )

    parser.add_argument(
        "--python_path",
        type=str,
        default=None,
        help="Path to the python executable for gemm simulator",
    )
    add_gpu_arch_cli_args(parser)
    parser.add_argument(
        "--group_by_num_kernels",
        action="store_true",
        default=False,
        help="Group by number of kernels in summary tables.",
    )
    parser.add_argument(
        "--enable-origami",
        action="store_true",
        default=False,
        help="Use Origami for simulated GEMM/SDPA times when a GPU arch JSON is provided",
    )
    parser.add_argument(
        "--inductor_cache_dir",
        type=str,
        default=None,
        help="Path to the TorchInductor cache directory for Triton kernel metadata (V1 fallback). "
        "Defaults to $TORCHINDUCTOR_CACHE_DIR, ~/.cache/torchinductor, or /tmp/torchinductor_<user>.",
    )
    parser.add_argument(
        "--include_overlap_info",
        action="store_true",
        default=False,
        help="Include overlap info in the report. Disabled by default.",
    )
    parser.add_argument(
        "--detect_recompute",
        action="store_true",
        default=False,
        help="Detect activation recomputation (checkpointing) and add an is_recompute column "
        "to gpu_timeline, ops_summary_by_category, ops_summary, ops_unique_args, and "
        "unified_perf_summary sheets. "
        "Requires python_function events in the trace (forces add_python_func=True internally).",
    )
    parser.add_argument(
        "--include_first_occurrence_time",
        action="store_true",
        default=False,
        help="Add first_occurrence_time to ops_unique_args (and ops_unique_args_kl_overlap "
        "when overlap sheets are enabled): earliest launcher timestamp per group, "
        "relative to the minimum in the table.",
    )
    parser.add_argument(
        "--include_call_stack",
        action="store_true",
        default=False,
        help="Add call_stack_trimmed and call_stack_full columns to unified_perf_summary.",
    )

    args = parser.parse_args()
    generate_perf_report_pytorch(
        profile_json_path=args.profile_json_path,
        output_xlsx_path=args.output_xlsx_path,
        output_csvs_dir=args.output_csvs_dir,
        include_unlinked_kernels=args.include_unlinked_kernels,
        enable_pseudo_ops=args.enable_pseudo_ops,
        micro_idle_thresh_us=args.micro_idle_thresh_us,
        collective_analysis=args.collective_analysis,
        include_overlap_info=args.include_overlap_info,
        include_first_occurrence_time=args.include_first_occurrence_time,
        kernel_summary=args.kernel_summary,
        short_kernel_study=args.short_kernel_study,
        short_kernel_threshold_us=args.short_kernel_threshold_us,
        short_kernel_histogram_bins=args.short_kernel_histogram_bins,
        topk_short_kernels=args.topk_short_kernels,
        topk_ops=args.topk_ops,
        topk_roofline_ops=args.topk_roofline_ops,
        comparison_json_path=args.comparison_json_path,
        extension_file=args.extension_file,
        python_path=args.python_path,
        gpu_arch_json_path=args.gpu_arch_json_path,
        gpu_arch_platform=args.gpu_arch_platform,
        group_by_num_kernels=args.group_by_num_kernels,
        enable_origami=args.enable_origami,
        detect_recompute=args.detect_recompute,
        inductor_cache_dir=args.inductor_cache_dir,
        include_call_stack=args.include_call_stack,
    )


__all__ = [name for name in globals() if not name.startswith("_")]


if __name__ == "__main__":
    main()
