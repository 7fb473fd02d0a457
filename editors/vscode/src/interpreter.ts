/**
 * Which Python runs the server, and how jaxlsp gets into it. Pure: no `vscode` import, so it is
 * unit-tested under plain Node.
 *
 * jaxlsp depends on native wheels (libcst, pydantic), so the extension cannot bundle its
 * environment; it runs `python -m jaxlsp serve` from an interpreter of the user's. The .vsix
 * carries the jaxlsp wheel built from the same checkout (`build.sh`), which "Install" installs
 * into that interpreter with pip (its dependencies come from the package index as usual).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Where the interpreter came from; shown in the status bar tooltip and in error messages. */
export type InterpreterSource = "setting" | "python-extension" | "workspace-venv" | "default";

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
  /** Whether a file exists (the workspace's `.venv`/`venv`); default: the file system's answer. */
  readonly exists?: (file: string) => boolean;
  readonly platform?: NodeJS.Platform;
}

export const DEFAULT_INTERPRETER = "python3";
/** The virtual environments looked for in the workspace folder, in this order. */
export const WORKSPACE_VENVS = [".venv", "venv"] as const;

/**
 * The setting first, then the Python extension's active interpreter, then a `.venv`/`venv` in
 * the workspace folder, then `python3`.
 */
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
  const venv = workspaceVenvPython(inputs.workspaceFolder, inputs.exists ?? fs.existsSync, inputs.platform ?? process.platform);
  if (venv !== undefined) {
    return { command: venv, prefixArgs: [], source: "workspace-venv" };
  }
  return { command: DEFAULT_INTERPRETER, prefixArgs: [], source: "default" };
}

/** The Python of the workspace folder's `.venv` (else `venv`), if there is one. */
export function workspaceVenvPython(
  folder: string | undefined,
  exists: (file: string) => boolean,
  platform: NodeJS.Platform,
): string | undefined {
  if (folder === undefined) {
    return undefined;
  }
  const relative = platform === "win32" ? ["Scripts", "python.exe"] : ["bin", "python"];
  for (const name of WORKSPACE_VENVS) {
    const candidate = path.join(folder, name, ...relative);
    if (exists(candidate)) {
      return candidate;
    }
  }
  return undefined;
}

/** The jaxlsp wheel the .vsix carries (`wheels/jaxlsp-*.whl`, built by build.sh), if any. */
export function bundledWheel(extensionDir: string, list: (dir: string) => string[] = safeList): string | undefined {
  const wheels = list(path.join(extensionDir, WHEEL_DIR))
    .filter((name) => /^jaxlsp-[^-]+-.+\.whl$/.test(name))
    .sort();
  const newest = wheels.at(-1);
  return newest === undefined ? undefined : path.join(extensionDir, WHEEL_DIR, newest);
}

/** Where build.sh puts the wheel, inside the extension. */
export const WHEEL_DIR = "wheels";

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
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

/**
 * The pip command that installs jaxlsp into `interpreter`: the wheel the .vsix carries (jaxlsp
 * is not on the package index). Undefined without a wheel (an extension built without one).
 */
export function pipInstallArgs(interpreter: Interpreter, wheel: string | undefined): { command: string; args: string[] } | undefined {
  if (wheel === undefined) {
    return undefined;
  }
  return { command: interpreter.command, args: [...interpreter.prefixArgs, "-m", "pip", "install", wheel] };
}

/** The same, as a line a user can paste into a terminal (or what to do without a wheel). */
export function pipInstallCommand(interpreter: Interpreter, wheel: string | undefined): string {
  const install = pipInstallArgs(interpreter, wheel);
  if (install === undefined) {
    const python = [interpreter.command, ...interpreter.prefixArgs].map(shellQuote).join(" ");
    return `${python} -m pip install /path/to/jaxlsp (a checkout of jaxlsp, or a wheel built from one)`;
  }
  return [install.command, ...install.args].map(shellQuote).join(" ");
}

export function describeInterpreter(interpreter: Interpreter): string {
  const line = [interpreter.command, ...interpreter.prefixArgs].join(" ");
  switch (interpreter.source) {
    case "setting":
      return `${line} (from the jaxlsp.interpreter setting)`;
    case "python-extension":
      return `${line} (the Python extension's active interpreter)`;
    case "workspace-venv":
      return `${line} (the workspace's virtual environment)`;
    case "default":
      return `${line} (default; set jaxlsp.interpreter to choose another)`;
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
