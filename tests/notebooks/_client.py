"""A notebook as an LSP client syncs it (LSP 3.17 notebook sync), over a ``tests.lsp`` session.

``ClientNotebook`` opens an .ipynb's cells as VS Code does (``vscode-notebook-cell:`` URIs, one
per cell; markdown cells as markup cells with their text), and sends cell edits, insertions and
deletions as ``notebookDocument/didChange``, keeping the cells' texts and versions as the
client would, so a test can compare what the server says with the text it holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types

from jaxlsp.lsp.positions import apply_change
from jaxlsp.lsp.uris import path_to_uri
from tests.lsp._session import Session

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@dataclass
class ClientCell:
    uri: str
    kind: types.NotebookCellKind
    text: str
    version: int = 1

    @property
    def language(self) -> str:
        return "python" if self.kind == types.NotebookCellKind.Code else "markdown"

    def item(self) -> types.TextDocumentItem:
        return types.TextDocumentItem(
            uri=self.uri, language_id=self.language, version=self.version, text=self.text
        )

    def cell(self) -> types.NotebookCell:
        return types.NotebookCell(kind=self.kind, document=self.uri)


def read_cells(path: Path) -> list[tuple[types.NotebookCellKind, str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    cells = []
    for raw in data["cells"]:
        source = raw["source"]
        text = "".join(source) if isinstance(source, list) else source
        kind = (
            types.NotebookCellKind.Code
            if raw["cell_type"] == "code"
            else types.NotebookCellKind.Markup
        )
        cells.append((kind, text))
    return cells


@dataclass
class ClientNotebook:
    session: Session
    uri: str
    cells: list[ClientCell] = field(default_factory=list)
    version: int = 1
    _made: int = 0

    @classmethod
    def open(cls, session: Session, path: Path) -> ClientNotebook:
        """Open the notebook at ``path`` (its cells read from the file)."""
        notebook = cls(session, path_to_uri(path))
        notebook.cells = [notebook.new_cell(kind, text) for kind, text in read_cells(path)]
        session.client.notebook_document_did_open(
            types.DidOpenNotebookDocumentParams(
                notebook_document=types.NotebookDocument(
                    uri=notebook.uri,
                    notebook_type="jupyter-notebook",
                    version=notebook.version,
                    cells=[cell.cell() for cell in notebook.cells],
                ),
                cell_text_documents=[cell.item() for cell in notebook.cells],
            )
        )
        return notebook

    def new_cell(self, kind: types.NotebookCellKind, text: str) -> ClientCell:
        self._made += 1
        fragment = f"W{self._made}sZmlsZQ%3D%3D"
        path = self.uri.removeprefix("file://")
        return ClientCell(f"vscode-notebook-cell:{path}#{fragment}", kind, text)

    def code(self, number: int) -> ClientCell:
        """The ``number``-th cell (1-based, every cell counted)."""
        return self.cells[number - 1]

    def edit(self, cell: ClientCell, range_: types.Range | None, new_text: str) -> None:
        """One text change in one cell."""
        cell.version += 1
        cell.text = apply_change(cell.text, range_, new_text, "utf-16")
        change: types.TextDocumentContentChangeEvent = (
            types.TextDocumentContentChangePartial(range=range_, text=new_text)
            if range_ is not None
            else types.TextDocumentContentChangeWholeDocument(text=new_text)
        )
        self._send(
            types.NotebookDocumentCellChanges(
                text_content=[
                    types.NotebookDocumentCellContentChanges(
                        document=types.VersionedTextDocumentIdentifier(
                            uri=cell.uri, version=cell.version
                        ),
                        changes=[change],
                    )
                ]
            )
        )

    def insert(self, index: int, text: str) -> ClientCell:
        """Insert a code cell at 0-based ``index``."""
        cell = self.new_cell(types.NotebookCellKind.Code, text)
        self.cells.insert(index, cell)
        self._send(
            types.NotebookDocumentCellChanges(
                structure=types.NotebookDocumentCellChangeStructure(
                    array=types.NotebookCellArrayChange(
                        start=index, delete_count=0, cells=[cell.cell()]
                    ),
                    did_open=[cell.item()],
                )
            )
        )
        return cell

    def delete(self, cell: ClientCell) -> None:
        index = self.cells.index(cell)
        del self.cells[index]
        self._send(
            types.NotebookDocumentCellChanges(
                structure=types.NotebookDocumentCellChangeStructure(
                    array=types.NotebookCellArrayChange(start=index, delete_count=1),
                    did_close=[types.TextDocumentIdentifier(uri=cell.uri)],
                )
            )
        )

    def save(self) -> None:
        self.session.client.notebook_document_did_save(
            types.DidSaveNotebookDocumentParams(
                notebook_document=types.NotebookDocumentIdentifier(uri=self.uri)
            )
        )

    def close(self) -> None:
        self.session.client.notebook_document_did_close(
            types.DidCloseNotebookDocumentParams(
                notebook_document=types.NotebookDocumentIdentifier(uri=self.uri),
                cell_text_documents=[
                    types.TextDocumentIdentifier(uri=cell.uri) for cell in self.cells
                ],
            )
        )

    def _send(self, cells: types.NotebookDocumentCellChanges) -> None:
        self.version += 1
        self.session.client.notebook_document_did_change(
            types.DidChangeNotebookDocumentParams(
                notebook_document=types.VersionedNotebookDocumentIdentifier(
                    uri=self.uri, version=self.version
                ),
                change=types.NotebookDocumentChangeEvent(cells=cells),
            )
        )
