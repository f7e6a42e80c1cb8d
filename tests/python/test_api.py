"""The Python API on the sample graph and library (resources/sample), checked against the C++
executable's --json output and against what each option must change."""

import json

import pytest

import opsinfo
from conftest import DATA


def test_resolve_gives_the_clis_per_node_dtypes(sample, cli):
    code, out, _ = cli("resolve", sample["graph"], "--library", sample["library"],
                       "--mode", "allow_mix_precision", "--json")
    assert code == 0
    expected = {n["name"]: (n["dtype"], n["rules"], n["explanation"])
                for n in json.loads(out)["nodes"]}
    result = opsinfo.resolve(sample["graph"], sample["library"], "allow_mix_precision")
    got = {n["name"]: (n["dtype"], n["rules"], n["explanation"]) for n in result["nodes"]}
    assert len(got) == 122
    assert got == expected
    matmul = opsinfo.nodes_by_name(result)["/model/layers.0/attn/q_proj/MatMul"]
    assert (matmul["dtype"], matmul["rules"]) == ("float16", ["M5", "M10"])


def test_the_mode_reaches_the_engine(sample):
    fp16 = opsinfo.resolve(sample["graph"], sample["library"], "force_fp16")["summary"]
    origin = opsinfo.resolve(sample["graph"], sample["library"], "must_keep_origin_dtype")
    assert origin["mode"] == "must_keep_origin_dtype"
    assert origin["summary"]["fp32_nodes"] > fp16["fp32_nodes"]


def test_loaded_objects_are_accepted_where_paths_are(sample):
    library = opsinfo.load_library(sample["library"])
    graph = opsinfo.load_graph(sample["graph"])
    assert graph.info["total_nodes"] == 122
    assert (library.stats["ops"], library.stats["white"], library.stats["black"]) == (150, 40, 25)
    by_object = opsinfo.resolve(graph, library, "allow_mix_precision")
    by_path = opsinfo.resolve(sample["graph"], sample["library"], "allow_mix_precision")
    assert by_object["nodes"] == by_path["nodes"]


def test_all_modes_match_the_cli_and_report_progress(sample, cli):
    code, out, _ = cli("resolve", sample["graph"], "--library", sample["library"],
                       "--all-modes", "--json")
    assert code == 0
    steps = []
    result = opsinfo.resolve_all_modes(sample["graph"], sample["library"],
                                       progress=lambda *step: steps.append(step))
    assert result["modes"] == json.loads(out)["modes"]
    resolving = [(done, total) for label, done, total, _ in steps if label == "resolving"]
    assert resolving == [(i, 9) for i in range(10)]
    assert any(label.startswith("loading graph") for label, *_ in steps)
    assert any(label.startswith("loading library") for label, *_ in steps)


def test_an_exception_in_the_progress_callback_cancels_the_sweep(sample):
    steps = []

    def interrupt(label, done, total, what):
        steps.append(label)
        if label == "resolving":
            raise KeyboardInterrupt  # what Ctrl-C raises in the callback's thread

    with pytest.raises(KeyboardInterrupt):
        opsinfo.resolve_all_modes(sample["graph"], sample["library"], progress=interrupt)
    assert steps.count("resolving") == 1  # the other eight modes never ran
    # The engine is usable afterwards.
    assert opsinfo.resolve(sample["graph"], sample["library"], "force_fp16")["nodes"]


def test_a_broken_mixlist_raises_with_its_position(sample):
    broken = DATA / "mixlist" / "x1_missing_comma.json"
    with pytest.raises(opsinfo.OpsInfoError) as caught:
        opsinfo.load_mixlist(broken)
    e = caught.value
    assert (e.file, e.line, e.column, e.code) == (str(broken), 3, 26, "X1")
    assert "expected ','" in e.message
    assert str(e).startswith(f"{broken}:3:26: ")
    # The same error when a command reads it.
    with pytest.raises(opsinfo.OpsInfoError) as caught:
        opsinfo.resolve(sample["graph"], sample["library"], "allow_mix_precision", mixlist=broken)
    assert (caught.value.line, caught.value.column) == (3, 26)
    assert caught.value.exit_code == 1


def test_a_missing_file_is_an_error_with_exit_code_2(sample):
    with pytest.raises(opsinfo.OpsInfoError) as caught:
        opsinfo.resolve(sample["graph"] + ".missing", sample["library"], "force_fp16")
    assert caught.value.exit_code == 2
    assert caught.value.file == sample["graph"] + ".missing"


def test_diff_of_two_modes_and_of_two_mixlists(sample, cli, tmp_path):
    result = opsinfo.diff(sample["graph"], sample["library"],
                          modes=("force_fp16", "must_keep_origin_dtype"))
    code, out, _ = cli("resolve", "diff", sample["graph"], "--library", sample["library"],
                       "--mode", "force_fp16", "--mode", "must_keep_origin_dtype", "--json")
    assert code == 0
    assert result["changed"] == json.loads(out)["changed"]
    assert result["changed_count"] > 0
    black = tmp_path / "black.json"
    black.write_text('{"black-list": {"to-add": ["MatMulV2"]}}')
    by_mixlist = opsinfo.diff(sample["graph"], sample["library"], mode="allow_mix_precision",
                              mixlist_b=black)
    changed = {c["name"]: (c["a"], c["b"]) for c in by_mixlist["changed"]}
    assert changed["/model/layers.0/attn/q_proj/MatMul"] == ("float16", "float32")
    assert all(c["op_type"] == "MatMulV2" or c["b"] != c["a"] for c in by_mixlist["changed"])


def test_advise_exports_a_mixlist_that_does_what_it_says(sample, tmp_path):
    node = "/model/layers.0/attn/q_proj/MatMul"
    advice = opsinfo.advise(sample["graph"], sample["library"], mode="allow_mix_precision",
                            keep_fp32=[node])
    exported = advice["export"]
    assert exported["mixlist"] or exported["keep_dtype"]
    args = {}
    if exported["mixlist"]:
        (tmp_path / "plan.json").write_text(exported["mixlist"])
        args["mixlist"] = opsinfo.load_mixlist(tmp_path / "plan.json")
    if exported["keep_dtype"]:
        (tmp_path / "keep.cfg").write_text(exported["keep_dtype"])
        args["keep_dtype"] = tmp_path / "keep.cfg"
    after = opsinfo.resolve(sample["graph"], sample["library"], "allow_mix_precision", **args)
    assert opsinfo.nodes_by_name(after)[node]["dtype"] == "float32"


def test_export_mixlist_names_the_one_edited_op(sample, cli, tmp_path):
    target = tmp_path / "edited.json"
    code, _, err = cli("library", "set", sample["library"], "--op", "MatMulV2", "--list", "black",
                       "-o", target)
    assert code == 0, err
    assert opsinfo.export_mixlist(sample["library"], target) == \
        {"black-list": {"to-add": ["MatMulV2"]}}
    assert opsinfo.export_mixlist(sample["library"], sample["library"]) == {}


def test_evidence_joined_to_a_graph(sample):
    path = DATA / "evidence" / "sample_kernel_details.csv"
    evidence = opsinfo.load_evidence(path, graph=sample["graph"])
    assert evidence.paths == (str(path),)
    [report] = evidence.report["files"]
    assert (report["format"], report["rows"], report["joined"]["node"]) == ("kernel_details", 8, 5)
    alone = opsinfo.load_evidence(path).report["files"][0]
    assert alone["joined"]["node"] == 0  # no graph: joined by op type only


def test_report_writes_one_self_contained_page_and_refuses_to_replace_an_input(sample, tmp_path):
    page = tmp_path / "report.html"
    assert opsinfo.report(sample["graph"], sample["library"], page, all_modes=True) == str(page)
    html = page.read_text(encoding="utf-8")
    assert "/model/layers.0/attn/q_proj/MatMul" in html
    assert "<script src=" not in html and "<link " not in html  # nothing fetched
    with pytest.raises(opsinfo.OpsInfoError) as refused:
        opsinfo.report(sample["graph"], sample["library"], sample["graph"], mode="force_fp16")
    assert refused.value.exit_code == 2
    assert "ge_proto_sample_graph.txt" in str(refused.value)
