/**
 * Before starting the server, ask the interpreter whether jaxlsp is importable: a language client
 * whose server dies at once only says "server crashed 5 times", which tells the user nothing.
 */
import { execFile } from "node:child_process";

import { type Interpreter, pipInstallCommand } from "./interpreter";

export type ProbeResult =
  | { readonly kind: "ok"; readonly version: string }
  | { readonly kind: "no-interpreter"; readonly detail: string }
  | { readonly kind: "not-installed"; readonly detail: string }
  | { readonly kind: "failed"; readonly detail: string };

/** Prints jaxlsp's version, or exits 3 when jaxlsp (not something it imports) is missing. */
const PROBE_SCRIPT = [
  "import importlib.util, sys",
  "if importlib.util.find_spec('jaxlsp') is None: sys.exit(3)",
  "import jaxlsp",
  "sys.stdout.write(jaxlsp.__version__)",
].join("\n");

const EXIT_NOT_INSTALLED = 3;

export function probeJaxlsp(interpreter: Interpreter, timeoutMs = 20_000): Promise<ProbeResult> {
  const args = [...interpreter.prefixArgs, "-P", "-c", PROBE_SCRIPT];
  return new Promise((resolve) => {
    execFile(interpreter.command, args, { timeout: timeoutMs, windowsHide: true }, (error, stdout, stderr) => {
      if (error === null) {
        resolve({ kind: "ok", version: stdout.trim() });
        return;
      }
      // A spawn failure has a string code (ENOENT); a finished process has its exit status.
      const code: unknown = (error as { code?: unknown }).code;
      if (code === "ENOENT" || code === "EACCES") {
        resolve({ kind: "no-interpreter", detail: `${interpreter.command}: ${error.message}` });
      } else if (code === EXIT_NOT_INSTALLED) {
        resolve({ kind: "not-installed", detail: stderr.trim() });
      } else {
        const killed = (error as { killed?: boolean }).killed === true;
        const why = killed ? `no answer within ${timeoutMs} ms` : stderr.trim() || error.message;
        resolve({ kind: "failed", detail: why });
      }
    });
  });
}

/** The message shown to the user when the server cannot start, with what to do about it. */
export function problemMessage(result: Exclude<ProbeResult, { kind: "ok" }>, interpreter: Interpreter, wheel: string | undefined): string {
  switch (result.kind) {
    case "no-interpreter":
      return (
        `jaxlsp: cannot run the Python interpreter "${interpreter.command}". ` +
        "Set jaxlsp.interpreter to a Python that has jaxlsp installed, or select one with the Python extension."
      );
    case "not-installed":
      return `jaxlsp is not installed in ${interpreter.command}. Install it with: ${pipInstallCommand(interpreter, wheel)}`;
    case "failed":
      return `jaxlsp: ${interpreter.command} could not import jaxlsp: ${lastLine(result.detail)}`;
  }
}

function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  return lines.at(-1) ?? text;
}
