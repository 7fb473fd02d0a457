/**
 * The document selector covers notebook cells, and the notebooks the server syncs are ones whose
 * cells it covers: a Python cell of a `jupyter-notebook` reaches the server for hovers and pulled
 * diagnostics. Checked against the real server over stdio, with the notebook messages
 * vscode-languageclient sends (notebook sync, then requests on a cell's URI).
 */
import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";

import {
  ConfigurationRequest,
  createProtocolConnection,
  DidOpenNotebookDocumentNotification,
  DocumentDiagnosticRequest,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  NotebookCellKind,
  type ProtocolConnection,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";

import { serverCommandLine } from "../src/interpreter";
import { DOCUMENT_SELECTOR } from "../src/selector";
import { NO_JAXLSP_PYTHON, pythonWithJaxlsp } from "./helpers";

const SYMBOLIC_ZEROS = "custom-vjp-symbolic-zeros-support-with-shard-map";

interface Candidate {
  scheme: string;
  language: string;
  /** The notebook type, for a cell. */
  notebookType?: string;
}

type Filter = (typeof DOCUMENT_SELECTOR)[number];

/** VS Code's `languages.match` for the filter fields the selector uses: every field given must match. */
function matches(filter: Filter, candidate: Candidate): boolean {
  if ("scheme" in filter && filter.scheme !== candidate.scheme) {
    return false;
  }
  // The selector's notebook filter is "*": any notebook's cell, never a file.
  if ("notebook" in filter && candidate.notebookType === undefined) {
    return false;
  }
  return filter.language === candidate.language;
}

function selected(candidate: Candidate): boolean {
  return DOCUMENT_SELECTOR.some((filter) => matches(filter, candidate));
}

describe("the document selector", () => {
  it("covers Python files, untitled buffers and the Python cells of notebooks", () => {
    assert.ok(selected({ scheme: "file", language: "python" }));
    assert.ok(selected({ scheme: "untitled", language: "python" }));
    assert.ok(selected({ scheme: "vscode-notebook-cell", language: "python", notebookType: "jupyter-notebook" }));
    assert.ok(selected({ scheme: "vscode-notebook-cell", language: "python", notebookType: "interactive" }));
  });

  it("leaves out Markdown cells and other languages", () => {
    assert.ok(!selected({ scheme: "vscode-notebook-cell", language: "markdown", notebookType: "jupyter-notebook" }));
    assert.ok(!selected({ scheme: "file", language: "markdown" }));
    assert.ok(!selected({ scheme: "git", language: "python" }));
  });
});

const python = pythonWithJaxlsp();
const root = path.resolve(__dirname, "../../../..");
const fixture = path.join(root, "tests", "notebooks", "fixtures", "symbolic_zeros.ipynb");

describe("notebook sync with the real server", { skip: python === undefined && NO_JAXLSP_PYTHON }, () => {
  let child: ChildProcessWithoutNullStreams;
  let connection: ProtocolConnection;
  let initialized: InitializeResult;

  before(async () => {
    const commandLine = serverCommandLine({ command: python ?? "", prefixArgs: [], source: "setting" });
    child = spawn(commandLine.command, commandLine.args, { cwd: root });
    connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map(() => ({ debounceMs: 0 })));
    connection.listen();
    initialized = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still a required field of InitializeParams
      rootUri: null,
      capabilities: {
        workspace: { configuration: true },
        textDocument: { diagnostic: {}, hover: { contentFormat: ["markdown"] } },
        notebookDocument: { synchronization: {} },
      },
    });
    await connection.sendNotification(InitializedNotification.type, {});
  });

  after(async () => {
    await connection.sendRequest(ShutdownRequest.type).catch(() => undefined);
    await connection.sendNotification(ExitNotification.type).catch(() => undefined);
    connection.dispose();
    child.kill();
  });

  it("syncs jupyter-notebooks whose cells the selector covers", () => {
    const sync = initialized.capabilities.notebookDocumentSync;
    assert.ok(sync !== undefined && "notebookSelector" in sync);
    for (const entry of sync.notebookSelector) {
      assert.equal(entry.notebook, "jupyter-notebook");
      for (const cell of entry.cells ?? []) {
        assert.ok(selected({ scheme: "vscode-notebook-cell", language: cell.language, notebookType: "jupyter-notebook" }));
      }
    }
  });

  it("answers hovers and diagnostics on a cell of a synced notebook", async () => {
    const notebook = JSON.parse(fs.readFileSync(fixture, "utf8")) as { cells: { cell_type: string; source: string[] }[] };
    const notebookUri = pathToFileURL(fixture).href;
    const cells = notebook.cells.map((cell, index) => ({
      uri: `vscode-notebook-cell:${fixture}#cell${index}`,
      kind: cell.cell_type === "code" ? NotebookCellKind.Code : NotebookCellKind.Markup,
      text: cell.source.join(""),
      language: cell.cell_type === "code" ? "python" : "markdown",
    }));
    await connection.sendNotification(DidOpenNotebookDocumentNotification.type, {
      notebookDocument: {
        uri: notebookUri,
        notebookType: "jupyter-notebook",
        version: 1,
        cells: cells.map((cell) => ({ kind: cell.kind, document: cell.uri })),
      },
      cellTextDocuments: cells.map((cell) => ({ uri: cell.uri, languageId: cell.language, version: 1, text: cell.text })),
    });
    const rule = cells[2];
    const call = cells[4];
    assert.ok(rule !== undefined && call !== undefined);
    const report = await connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: rule.uri } });
    assert.equal(report.kind, "full");
    assert.ok("items" in report);
    assert.deepEqual(
      report.items.map((item) => item.code),
      [SYMBOLIC_ZEROS],
    );
    const line = rule.text.split("\n").findIndex((text) => text.includes("symbolic_zeros=True"));
    assert.equal(report.items[0]?.range.start.line, line);
    const callLine = call.text.split("\n").findIndex((text) => text.includes("jax.shard_map("));
    const character = (call.text.split("\n")[callLine] ?? "").indexOf("shard_map(") + 2;
    const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri: call.uri }, position: { line: callLine, character } });
    assert.ok(hover !== null && typeof hover.contents === "object" && "value" in hover.contents);
    assert.match(hover.contents.value, /jax\.shard_map/);
    assert.match(hover.contents.value, new RegExp(SYMBOLIC_ZEROS));
  });
});
