"""Workflow tests over LSP, against ``dipcheck lsp`` running as a subprocess: the
``dipcheck.runTests`` command, the "▶ Run tests" lenses on a workflow and on each test of a
test file, and test failures as diagnostics on the test file (the editor's unsaved text of
both documents)."""

from __future__ import annotations

import asyncio

import pytest
from lsp_support import Session, dedent
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from dipcheck.wftest.contract import ReportDocument

pytestmark = pytest.mark.asyncio(loop_scope="module")

FLOW = dedent(
    """
    workflow Release
      start: Build
      exit: Done
      agent Build
        prompt: build it
      tool Test
        command: make test
        timeout: 1m
      agent Fix
        prompt: fix it
      agent Done
        prompt: done
      edges
        Build -> Test
        Test -> Done when ctx.tool_stdout = pass
        Test -> Fix
        Fix -> Test loop
    """
)

TESTS = dedent(
    """
    tests:
      - name: passing tests ship
        nodes:
          Test: {stdout: pass}
        expect:
          path: [Build, Test, Done]
      - name: failing tests are fixed
        nodes:
          Test: [{stdout: fail}, {stdout: pass}]
        expect:
          path: [Build, Test, Done]
    """
)


async def execute(lsp: Session, *arguments: object) -> object:
    return await lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="dipcheck.runTests", arguments=list(arguments))
    )


async def lenses(lsp: Session, uri: str) -> list[types.CodeLens]:
    found = await lsp.client.text_document_code_lens_async(
        types.CodeLensParams(text_document=lsp.doc(uri))
    )
    return list(found or [])


async def test_capabilities_advertise_the_command(lsp: Session) -> None:
    provider = lsp.capabilities.execute_command_provider
    assert provider is not None and "dipcheck.runTests" in provider.commands


async def test_a_workflow_with_tests_gets_a_run_tests_lens(lsp: Session) -> None:
    lsp.write("release.tests.yaml", TESTS)
    uri = lsp.open("release.dip", FLOW)
    found = await lenses(lsp, uri)
    assert [lens.command.title for lens in found if lens.command] == ["▶ Simulate", "▶ Run tests"]
    run = found[1]
    assert run.range == lsp.range(uri, "workflow Release")
    assert run.command is not None and run.command.command == "dipcheck.runTests"
    assert list(run.command.arguments or ()) == [uri, {"show": True}]
    alone = lsp.open("alone.dip", FLOW)
    assert [lens.command.title for lens in await lenses(lsp, alone) if lens.command] == [
        "▶ Simulate"
    ]


async def test_a_test_file_gets_a_lens_on_top_and_on_each_test(lsp: Session) -> None:
    lsp.write("release.dip", FLOW)
    uri = lsp.open("release.tests.yaml", TESTS)
    found = await lenses(lsp, uri)
    assert [(lens.range.start.line, lens.command.title) for lens in found if lens.command] == [
        (0, "▶ Run tests"),
        (1, "▶ Run test"),
        (6, "▶ Run test"),
    ]
    assert found[2].range.start == lsp.position(uri, "name: failing")
    assert found[2].command is not None
    assert list(found[2].command.arguments or ()) == [
        uri,
        {"show": True, "test": "failing tests are fixed"},
    ]


async def test_failures_are_diagnostics_on_the_test_file(lsp: Session) -> None:
    lsp.write("release.dip", FLOW)
    mark = lsp.mark()
    uri = lsp.open("release.tests.yaml", TESTS)
    (diagnostic,) = await lsp.diagnostics(uri, mark)
    assert diagnostic.range == lsp.range(uri, "path", nth=1)
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.source == "dipcheck test" and diagnostic.code == "path"
    assert diagnostic.message.splitlines()[0] == (
        "failing tests are fixed: the path differs from step 3: step 3 is 'Fix', not 'Done'"
    )
    # the unsaved text is what runs: the expectation fixed, the diagnostic goes
    mark = lsp.mark()
    fixed = TESTS.replace("[Build, Test, Done]\n", "[Build, Test, Fix, Test, Done]\n", 2)
    fixed = fixed.replace("[Build, Test, Fix, Test, Done]", "[Build, Test, Done]", 1)
    lsp.change(uri, fixed)
    assert await lsp.diagnostics(uri, mark) == []


async def test_editing_the_open_workflow_runs_its_tests_again(lsp: Session) -> None:
    if lsp.pull:
        pytest.skip("pull clients ask for the diagnostics; this test watches pushes")
    flow = lsp.open("release.dip", FLOW)
    passing = TESTS.split("  - name: failing")[0]
    mark = lsp.mark()
    tests = lsp.open("release.tests.yaml", passing)
    assert await lsp.diagnostics(tests, mark) == []
    mark = lsp.mark()
    lsp.change(
        flow,
        FLOW.replace(
            "Test -> Done when ctx.tool_stdout = pass", "Test -> Done when ctx.tool_stdout = ok"
        ),
    )
    found = await lsp.published(tests, mark, where=lambda item: bool(item.diagnostics))
    assert found.diagnostics[0].message.startswith("passing tests ship: the path differs")


async def test_a_malformed_test_file_is_one_error_at_its_place(lsp: Session) -> None:
    lsp.write("release.dip", FLOW)
    mark = lsp.mark()
    uri = lsp.open("release.tests.yaml", "- name: a\n  expect:\n    staus: success\n")
    (diagnostic,) = await lsp.diagnostics(uri, mark)
    assert diagnostic.range == lsp.range(uri, "staus")
    assert diagnostic.code == "malformed"
    assert diagnostic.message.startswith("unknown expectation `staus` (did you mean `status`?)")


async def test_a_dippin_test_file_shows_where_tracker_disagrees(lsp: Session) -> None:
    lsp.write("release.dip", FLOW)
    text = (
        '{"tests": [\n'
        '  {"name": "ships", "scenario": {}, "expect": {"status": "success", "bogus": 1}}\n'
        "]}\n"
    )
    mark = lsp.mark()
    uri = lsp.open("release.test.json", text, "json")
    found = await lsp.diagnostics(uri, mark)
    by_code = {item.code: item for item in found}
    assert set(by_code) == {"ignored", "status", "dippin"}
    assert by_code["ignored"].range == lsp.range(uri, '"bogus"')
    assert by_code["dippin"].severity == types.DiagnosticSeverity.Information
    assert by_code["dippin"].range == lsp.range(uri, '"name"')
    # Test prints dippin's default `success`, so Test -> Fix -> Test loops: dippin's visit
    # cap breaks the loop and reaches Done, tracker restarts until max_restarts is used up
    assert "dippin's simulator would pass this test" in by_code["dippin"].message
    assert "dippin test caps node visits at 3" in by_code["dippin"].message


async def test_the_command_runs_a_workflows_tests_and_answers_with_the_report(
    lsp: Session,
) -> None:
    lsp.write("release.tests.yaml", TESTS)
    uri = lsp.open("release.dip", FLOW)
    document = ReportDocument.model_validate(await execute(lsp, uri))
    assert document.summary.passed == 1 and document.summary.failed == 1
    one = ReportDocument.model_validate(await execute(lsp, uri, {"test": "passing tests ship"}))
    assert [test.name for test in one.files[0].tests] == ["passing tests ship"]
    text = await execute(lsp, uri, {"format": "text"})
    assert isinstance(text, str) and "release.tests.yaml::failing tests are fixed FAILED" in text
    # a test file that is not open gets its failures published; `show` logs the report
    mark = lsp.mark()
    before = len(lsp.client.log_messages)
    await execute(lsp, uri, {"show": True})
    found = await lsp.published(lsp.uri("release.tests.yaml"), mark)
    assert [item.code for item in found.diagnostics] == ["path"]
    for _ in range(100):
        shown = [item.message for item in lsp.client.log_messages[before:]]
        if any("1 failed, 1 passed" in message for message in shown):
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("the report was not logged")


async def test_command_errors_are_error_responses(lsp: Session) -> None:
    uri = lsp.open("alone.dip", FLOW)
    with pytest.raises(JsonRpcException, match="takes a workflow's or a test file's URI"):
        await execute(lsp)
    with pytest.raises(JsonRpcException, match="format must be one of json, text"):
        await execute(lsp, uri, {"format": "xml"})
    with pytest.raises(JsonRpcException, match=r"no test file beside alone\.dip"):
        await execute(lsp, uri)
