/**
 * The extension's protocol choices against the real server (`python -m jaxlsp serve` over stdio):
 * the command line it builds, the initialization options and `workspace/configuration` answers it
 * sends, and the `jaxlsp.explain` result it renders. VS Code itself is not needed for these.
 */
import assert from "node:assert/strict";
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import * as path from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";

import {
  ConfigurationRequest,
  createProtocolConnection,
  ExecuteCommandRequest,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  LogMessageNotification,
  type ProtocolConnection,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";

import { EXPLAIN_COMMAND, renderExplanation } from "../src/explain";
import { serverCommandLine } from "../src/interpreter";
import type { Interpreter } from "../src/interpreter";
import { answerConfiguration, parseServerSettings, withInterpreter } from "../src/settings";
import { NO_JAXLSP_PYTHON, pythonWithJaxlsp } from "./helpers";

const python = pythonWithJaxlsp();
const interpreter: Interpreter = { command: python ?? "", prefixArgs: [], source: "setting" };
const MESSAGE = "custom_vjp symbolic_zeros support with shard_map is not implemented; please open an issue at https://github.com/jax-ml/jax/issues";
/** What a user has in settings.json: client-only keys, a typo'd severity, and real server keys. */
const USER_SECTION = {
  interpreter: "/somewhere/python",
  trace: { server: "off" },
  enable: true,
  debounceMs: 0,
  ignore: ["pallas-call-with-a-mesh-does-not-support-jvp"],
  severity: { "custom-vjp-symbolic-zeros-support-with-shard-map": "fatal" },
};

describe("the extension's requests against the real jaxlsp server", { skip: python === undefined && NO_JAXLSP_PYTHON }, () => {
  let child: ChildProcessWithoutNullStreams;
  let connection: ProtocolConnection;
  let initialized: InitializeResult;
  const logged: string[] = [];
  const configurationAnswers: unknown[] = [];
  const clientProblems: string[] = [];

  before(async () => {
    const commandLine = serverCommandLine(interpreter);
    const root = path.resolve(__dirname, "../../../..");
    child = spawn(commandLine.command, commandLine.args, { cwd: root });
    connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.onNotification(LogMessageNotification.type, (params) => {
      logged.push(params.message);
    });
    connection.onRequest(ConfigurationRequest.type, (params) => {
      const report = (problem: string): void => {
        clientProblems.push(problem);
      };
      const answer = answerConfiguration(params.items, () => USER_SECTION, report, interpreter);
      configurationAnswers.push(answer);
      return answer;
    });
    connection.listen();
    initialized = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still a required field of InitializeParams
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: "jaxlsp" }],
      capabilities: { workspace: { configuration: true } },
      initializationOptions: { jaxlsp: withInterpreter(parseServerSettings(USER_SECTION).settings, interpreter) },
    });
    await connection.sendNotification(InitializedNotification.type, {});
  });

  after(async () => {
    await connection.sendRequest(ShutdownRequest.type).catch(() => undefined);
    await connection.sendNotification(ExitNotification.type).catch(() => undefined);
    connection.dispose();
    child.kill();
  });

  it("advertises the explain command the extension calls", () => {
    assert.ok(initialized.capabilities.executeCommandProvider?.commands.includes(EXPLAIN_COMMAND));
  });

  it("gets only checked server keys from workspace/configuration, so the server warns of nothing", async () => {
    // The server asks right after `initialized`; explain runs after the settings are in.
    const result: unknown = await connection.sendRequest(ExecuteCommandRequest.type, { command: EXPLAIN_COMMAND, arguments: [MESSAGE] });
    assert.ok(typeof result === "object" && result !== null && Array.isArray((result as { matches?: unknown }).matches));
    assert.ok(configurationAnswers.length > 0, "the server asked for its settings");
    for (const answer of configurationAnswers as { [key: string]: unknown }[][]) {
      for (const settings of answer) {
        assert.deepEqual(Object.keys(settings).sort(), ["debounceMs", "enable", "ignore", "interpreter"]);
      }
    }
    assert.deepEqual(clientProblems.slice(0, 1), [
      'jaxlsp.severity of "custom-vjp-symbolic-zeros-support-with-shard-map" is "fatal"; use one of error, warning, info, hint',
    ]);
    const warnings = logged.filter((line) => /unknown setting|must be/.test(line));
    assert.deepEqual(warnings, []);
  });

  it("renders the server's explanation of the symbolic_zeros error with the record's text", async () => {
    const result: unknown = await connection.sendRequest(ExecuteCommandRequest.type, { command: EXPLAIN_COMMAND, arguments: [MESSAGE] });
    const markdown = renderExplanation(MESSAGE, result);
    assert.match(markdown, /## 1\. `custom-vjp-symbolic-zeros-support-with-shard-map` \[9906f2c2bb54d4d6\] — exact match/);
    assert.match(markdown, /symbolic_zeros/);
    assert.match(markdown, /shard_map/);
    assert.doesNotMatch(markdown, /does not know/);
  });
});
