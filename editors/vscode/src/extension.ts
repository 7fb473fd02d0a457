/**
 * The VS Code side of jaxlsp: start `python -m jaxlsp serve` from the user's interpreter, keep it
 * running, and offer "JAX: Explain error message" and "JAX: Restart server".
 *
 * Deciding things (which interpreter, which settings, what the status bar says, how an
 * explanation reads) lives in pure modules with unit tests; this file only wires them to VS Code.
 */
import { execFile } from "node:child_process";
import * as readline from "node:readline";

import * as vscode from "vscode";
import {
  DidChangeConfigurationNotification,
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
  TransportKind,
} from "vscode-languageclient/node";

import { COMMANDS, CONFIG_SECTION } from "./commands";
import { EXPLAIN_COMMAND, MAX_EXPLAIN_CHARS, renderExplanation, textFromSelection } from "./explain";
import {
  bundledWheel,
  chooseInterpreter,
  describeInterpreter,
  type Interpreter,
  pipInstallArgs,
  pipInstallCommand,
  serverCommandLine,
} from "./interpreter";
import { problemMessage, probeJaxlsp } from "./probe";
import { activeInterpreterCommand, onActiveInterpreterChange } from "./python";
import { DOCUMENT_SELECTOR } from "./selector";
import { type LogLevel, stderrLevel } from "./serverLog";
import { answerConfiguration, parseServerSettings, SERVER_KEYS, type ServerSettings, withInterpreter } from "./settings";
import { type ServerState, statusView } from "./status";

const EXPLANATION_SCHEME = "jaxlsp-explanation";

let controller: ServerController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel("jaxlsp", { log: true });
  const statusItem = vscode.window.createStatusBarItem("jaxlsp.status", vscode.StatusBarAlignment.Right, 100);
  statusItem.name = "jaxlsp";
  const explanations = new ExplanationDocuments();
  controller = new ServerController(log, statusItem, bundledWheel(context.extensionPath));
  const server = controller;

  context.subscriptions.push(
    log,
    statusItem,
    server,
    vscode.workspace.registerTextDocumentContentProvider(EXPLANATION_SCHEME, explanations),
    vscode.commands.registerCommand(COMMANDS.restartServer, () => server.restart()),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => {
      log.show();
    }),
    vscode.commands.registerCommand(COMMANDS.explainError, () => explainError(server, explanations, log)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      server.onConfigurationChanged(event);
    }),
    ...(await onActiveInterpreterChange(() => {
      if (server.usesPythonExtension()) {
        log.info("The Python extension's interpreter changed: restarting jaxlsp.");
        void server.restart();
      }
    })),
  );
  await server.start();
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}

/** One language server for the whole workspace (the server handles multi-root folders itself). */
class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private interpreter: Interpreter | undefined;
  private busy: Promise<void> = Promise.resolve();

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly statusItem: vscode.StatusBarItem,
    /** The jaxlsp wheel the .vsix carries (what "Install" installs), if any. */
    private readonly wheel: string | undefined,
  ) {}

  /** Starts and stops are queued so two quick restarts never run two servers. */
  start(): Promise<void> {
    this.busy = this.busy.then(() => this.startNow()).catch((error: unknown) => {
      this.fail(error);
    });
    return this.busy;
  }

  stop(): Promise<void> {
    this.busy = this.busy
      .then(() => this.stopNow())
      .catch((error: unknown) => {
        this.fail(error);
      });
    return this.busy;
  }

  async restart(): Promise<void> {
    this.log.info("Restarting jaxlsp.");
    await this.stop();
    await this.start();
  }

  usesPythonExtension(): boolean {
    return this.interpreter === undefined || this.interpreter.source !== "setting";
  }

  /** The running client, or undefined while the server is down. */
  runningClient(): LanguageClient | undefined {
    return this.client?.state === State.Running ? this.client : undefined;
  }

  currentInterpreter(): Interpreter | undefined {
    return this.interpreter;
  }

  onConfigurationChanged(event: vscode.ConfigurationChangeEvent): void {
    if (event.affectsConfiguration(`${CONFIG_SECTION}.interpreter`)) {
      this.log.info("jaxlsp.interpreter changed: restarting jaxlsp.");
      void this.restart();
      return;
    }
    const client = this.runningClient();
    if (client !== undefined && event.affectsConfiguration(CONFIG_SECTION)) {
      const settings = { [CONFIG_SECTION]: withInterpreter(settingsFor(undefined, this.log), this.interpreter) };
      void client.sendNotification(DidChangeConfigurationNotification.type, { settings });
    }
  }

  dispose(): void {
    void this.stop();
  }

  private async startNow(): Promise<void> {
    if (this.client !== undefined) {
      return;
    }
    this.show({ kind: "starting" });
    const folder = vscode.workspace.workspaceFolders?.[0];
    const interpreter = chooseInterpreter({
      configured: vscode.workspace.getConfiguration(CONFIG_SECTION, folder?.uri).get<unknown>("interpreter"),
      pythonExtensionCommand: await activeInterpreterCommand(folder?.uri, this.log),
      workspaceFolder: folder?.uri.fsPath,
    });
    this.interpreter = interpreter;
    this.log.info(`Interpreter: ${describeInterpreter(interpreter)}`);
    const probe = await probeJaxlsp(interpreter);
    if (probe.kind !== "ok") {
      const message = problemMessage(probe, interpreter, this.wheel);
      this.log.error(`${message}${probe.detail === "" ? "" : `\n${probe.detail}`}`);
      this.show(probe.kind === "not-installed" ? { kind: "not-installed", message } : { kind: "error", message });
      void this.offerHelp(probe.kind, message, interpreter);
      return;
    }
    const commandLine = serverCommandLine(interpreter);
    const serverOptions: ServerOptions = {
      command: commandLine.command,
      args: commandLine.args,
      transport: TransportKind.stdio,
      options: folder === undefined ? {} : { cwd: folder.uri.fsPath },
    };
    const client = new LanguageClient(CONFIG_SECTION, "jaxlsp", serverOptions, this.clientOptions());
    client.onDidChangeState((change) => {
      if (this.client !== client) {
        return;
      }
      if (change.newState === State.Running) {
        this.show({ kind: "running", version: probe.version, interpreter: describeInterpreter(interpreter) });
      } else if (change.newState === State.Stopped) {
        this.show({ kind: "stopped" });
      }
    });
    this.client = client;
    this.log.info(`Starting: ${[commandLine.command, ...commandLine.args].join(" ")}`);
    await client.start();
  }

  private async stopNow(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client !== undefined) {
      await client.dispose(5_000);
    }
    this.show({ kind: "stopped" });
  }

  private clientOptions(): LanguageClientOptions {
    const log = this.log;
    return {
      documentSelector: [...DOCUMENT_SELECTOR],
      outputChannel: log,
      // Each stderr line at the level the server logged it (the client's default: all errors).
      stdioOptions: {
        stdout: (input, channel) => {
          readline.createInterface({ input, crlfDelay: Infinity, terminal: false }).on("line", (line) => {
            channel.info(line);
          });
        },
        stderr: (input, channel) => {
          let level: LogLevel = "error";
          readline.createInterface({ input, crlfDelay: Infinity, terminal: false }).on("line", (line) => {
            level = stderrLevel(line, level);
            channel[level](line);
          });
        },
      },
      initializationOptions: { [CONFIG_SECTION]: withInterpreter(settingsFor(undefined, log), this.interpreter) },
      middleware: {
        workspace: {
          // Answer the server's `workspace/configuration` with the server's keys only, checked.
          configuration: (params, token, next) => {
            if (!params.items.some((item) => item.section === CONFIG_SECTION)) {
              return next(params, token);
            }
            const report = (problem: string): void => {
              log.warn(problem);
            };
            return answerConfiguration(params.items, rawSettings, report, this.interpreter);
          },
        },
      },
    };
  }

  private show(state: ServerState): void {
    const view = statusView(state);
    this.statusItem.text = view.text;
    this.statusItem.tooltip = view.tooltip;
    this.statusItem.command = view.command;
    this.statusItem.backgroundColor = view.warning ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
    this.statusItem.show();
  }

  private async offerHelp(kind: string, message: string, interpreter: Interpreter): Promise<void> {
    const install = "Install";
    const copy = "Copy install command";
    const settings = "Choose interpreter";
    const installable = kind === "not-installed" && this.wheel !== undefined;
    const buttons = kind === "not-installed" ? [...(installable ? [install] : []), copy, settings] : [settings];
    const choice = await vscode.window.showErrorMessage(message, ...buttons);
    if (choice === install) {
      await this.install(interpreter);
    } else if (choice === copy) {
      await vscode.env.clipboard.writeText(pipInstallCommand(interpreter, this.wheel));
    } else if (choice === settings) {
      await vscode.commands.executeCommand("workbench.action.openSettings", `${CONFIG_SECTION}.interpreter`);
    }
  }

  /** pip-installs the wheel this extension carries into `interpreter`, then starts the server. */
  private async install(interpreter: Interpreter): Promise<void> {
    const install = pipInstallArgs(interpreter, this.wheel);
    if (install === undefined) {
      return;
    }
    this.log.info(`Installing jaxlsp: ${[install.command, ...install.args].join(" ")}`);
    const failure = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `jaxlsp: installing into ${interpreter.command}…` },
      () =>
        new Promise<string | undefined>((resolve) => {
          execFile(install.command, install.args, { timeout: 600_000, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
            this.log.info(stdout.trim());
            if (stderr.trim() !== "") {
              this.log.warn(stderr.trim());
            }
            resolve(error === null ? undefined : stderr.trim().split(/\r?\n/).at(-1) || error.message);
          });
        }),
    );
    if (failure !== undefined) {
      void vscode.window.showErrorMessage(`jaxlsp: pip could not install jaxlsp: ${failure}`);
      return;
    }
    this.log.info("jaxlsp installed: starting the server.");
    await this.restart();
  }

  private fail(error: unknown): void {
    const message = `jaxlsp could not start: ${error instanceof Error ? error.message : String(error)}`;
    this.log.error(message);
    this.client = undefined;
    this.show({ kind: "error", message });
  }
}

/** The server's keys of the `jaxlsp` section for one scope (a folder's URI), unchecked. */
function rawSettings(scopeUri: string | undefined): Record<string, unknown> {
  const scope = scopeUri === undefined ? undefined : vscode.Uri.parse(scopeUri);
  const section = vscode.workspace.getConfiguration(CONFIG_SECTION, scope);
  // `interpreter` is not passed raw: the server gets the one the client resolved and runs.
  const keys = SERVER_KEYS.filter((key) => key !== "interpreter");
  return Object.fromEntries(keys.map((key) => [key, section.get<unknown>(key)]));
}

function settingsFor(scopeUri: string | undefined, log: vscode.LogOutputChannel): ServerSettings {
  const parsed = parseServerSettings(rawSettings(scopeUri));
  for (const problem of parsed.problems) {
    log.warn(problem);
  }
  return parsed.settings;
}

/** Explanations open as read-only Markdown previews, not as unsaved files that nag on close. */
class ExplanationDocuments implements vscode.TextDocumentContentProvider {
  private readonly pages = new Map<string, string>();
  private count = 0;

  add(markdown: string): vscode.Uri {
    this.count += 1;
    const uri = vscode.Uri.from({ scheme: EXPLANATION_SCHEME, path: `/explanation-${this.count}.md` });
    this.pages.set(uri.toString(), markdown);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.pages.get(uri.toString()) ?? "This explanation is no longer available.";
  }
}

async function explainError(server: ServerController, pages: ExplanationDocuments, log: vscode.LogOutputChannel): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  let text = textFromSelection(editor === undefined || editor.selection.isEmpty ? undefined : editor.document.getText(editor.selection));
  if (text === undefined) {
    const typed = await vscode.window.showInputBox({
      title: "JAX: Explain error message",
      prompt: "Paste a JAX error message or the last line of a traceback",
      placeHolder: "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented…",
      ignoreFocusOut: true,
    });
    text = textFromSelection(typed);
  }
  if (text === undefined) {
    return;
  }
  const query = text;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: "jaxlsp: explaining…" },
    () => explainWithServerOrCli(server, query, log),
  );
  if (result === undefined) {
    return;
  }
  const uri = pages.add(renderExplanation(query, result));
  await vscode.commands.executeCommand("markdown.showPreview", uri);
}

/** Asks the running server; without one (not started yet, crashed), runs `jaxlsp explain --json`. */
async function explainWithServerOrCli(server: ServerController, text: string, log: vscode.LogOutputChannel): Promise<unknown> {
  const client = server.runningClient();
  const commands = client?.initializeResult?.capabilities.executeCommandProvider?.commands ?? [];
  if (client !== undefined && commands.includes(EXPLAIN_COMMAND)) {
    try {
      return await client.sendRequest(ExecuteCommandRequest.type, { command: EXPLAIN_COMMAND, arguments: [text] });
    } catch (error) {
      log.warn(`The server's ${EXPLAIN_COMMAND} failed (${String(error)}); trying the jaxlsp command line.`);
    }
  }
  const interpreter = server.currentInterpreter();
  if (interpreter === undefined) {
    void vscode.window.showErrorMessage("jaxlsp: no interpreter yet; run “JAX: Restart server” first.");
    return undefined;
  }
  try {
    return await explainWithCli(interpreter, text);
  } catch (error) {
    const message = `jaxlsp explain failed: ${error instanceof Error ? error.message : String(error)}`;
    log.error(message);
    void vscode.window.showErrorMessage(message);
    return undefined;
  }
}

function explainWithCli(interpreter: Interpreter, text: string): Promise<unknown> {
  // The same answer as the server's jaxlsp.explain (both are `explain_json`).
  const args = [...interpreter.prefixArgs, "-P", "-m", "jaxlsp", "explain", "--json", "-"];
  return new Promise((resolve, reject) => {
    const child = execFile(
      interpreter.command,
      args,
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        // Exit 1 with a verdict ("no-confident-match", "not-jax") is an answer, not a failure.
        if (stdout.trim().startsWith("{")) {
          try {
            resolve(JSON.parse(stdout) as unknown);
            return;
          } catch {
            // fall through to the error below
          }
        }
        reject(new Error(error === null ? `unreadable output: ${stdout.slice(0, 200)}` : stderr.trim() || error.message));
      },
    );
    child.stdin?.end(text.slice(-MAX_EXPLAIN_CHARS));
  });
}
