/**
 * Which Python runs the server. Pure: no `vscode` import, so it is unit-tested under plain Node.
 *
 * jaxlsp depends on native wheels (libcst, pydantic), so the extension cannot bundle it; it runs
 * `python -m jaxlsp serve` from the interpreter the user already installed jaxlsp into.
 */
import * as os from "node:os";
import * as path from "node:path";

/** Where the interpreter came from; shown in the status bar tooltip and in error messages. */
export type InterpreterSource = "setting" | "python-extension" | "default";

export interface Interpreter {
  /** The program to spawn. */
  readonly command: string;
  /** Arguments that come before ours (e.g. `conda run -n env python` has four words). */
  readonly prefixArgs: readonly string[];
  readonly source: InterpreterSource;
}

export interface InterpreterInputs {
  /** The `jaxlsp.interpreter` setting, raw. */
  readonly configured: unknown;
  /** The Python extension's command for the active environment, when it is installed. */
  readonly pythonExtensionCommand: readonly string[] | undefined;
  /** The workspace folder the server serves, for `${workspaceFolder}`. */
  readonly workspaceFolder: string | undefined;
  readonly homeDir?: string;
}

export const DEFAULT_INTERPRETER = "python3";

/** The setting first, then the Python extension's active interpreter, then `python3`. */
export function chooseInterpreter(inputs: InterpreterInputs): Interpreter {
  const configured = typeof inputs.configured === "string" ? inputs.configured.trim() : "";
  if (configured !== "") {
    const expanded = expandPath(configured, inputs.workspaceFolder, inputs.homeDir ?? os.homedir());
    return { command: expanded, prefixArgs: [], source: "setting" };
  }
  const fromExtension = (inputs.pythonExtensionCommand ?? []).filter((word) => word.trim() !== "");
  const [first, ...rest] = fromExtension;
  if (first !== undefined) {
    return { command: first, prefixArgs: rest, source: "python-extension" };
  }
  return { command: DEFAULT_INTERPRETER, prefixArgs: [], source: "default" };
}

/** Expands `~` and `${workspaceFolder}`; a relative path is taken from the workspace folder. */
export function expandPath(value: string, workspaceFolder: string | undefined, homeDir: string): string {
  let result = value;
  if (workspaceFolder !== undefined) {
    result = result.split("${workspaceFolder}").join(workspaceFolder);
  }
  if (result === "~") {
    return homeDir;
  }
  if (result.startsWith("~/")) {
    result = path.join(homeDir, result.slice(2));
  }
  const looksLikePath = result.includes("/") || result.includes("\\");
  if (looksLikePath && !path.isAbsolute(result) && workspaceFolder !== undefined) {
    result = path.join(workspaceFolder, result);
  }
  return result;
}

/** The full command line that starts the server over stdio. */
export function serverCommandLine(interpreter: Interpreter): { command: string; args: string[] } {
  return { command: interpreter.command, args: [...interpreter.prefixArgs, "-P", "-m", "jaxlsp", "serve"] };
}

/** What to tell a user whose interpreter lacks jaxlsp: a command they can paste into a terminal. */
export function pipInstallCommand(interpreter: Interpreter): string {
  const words = [interpreter.command, ...interpreter.prefixArgs, "-m", "pip", "install", "jaxlsp"];
  return words.map(shellQuote).join(" ");
}

export function describeInterpreter(interpreter: Interpreter): string {
  const line = [interpreter.command, ...interpreter.prefixArgs].join(" ");
  switch (interpreter.source) {
    case "setting":
      return `${line} (from the jaxlsp.interpreter setting)`;
    case "python-extension":
      return `${line} (the Python extension's active interpreter)`;
    case "default":
      return `${line} (default; set jaxlsp.interpreter to choose another)`;
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
