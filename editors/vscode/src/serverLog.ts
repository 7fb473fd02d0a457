/**
 * The level of each line the server writes to stderr, for the output channel. Pure, so it is
 * unit-tested under plain Node.
 *
 * vscode-languageclient logs every stderr line as an error, so a harmless warning (pygls's
 * "Cancel notification for unknown message id", sent when VS Code cancels a hover that was
 * already answered) read `[error]`. The server prefixes each record with its level
 * (`jaxlsp: WARNING: ...`, see `jaxlsp.lsp.stdio`); a line without the prefix continues the
 * record before it (a traceback), and output before any record is an error (a crash).
 */
export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";

const PREFIX = /^jaxlsp: (DEBUG|INFO|WARNING|ERROR|CRITICAL): /;

const LEVELS: Record<string, LogLevel> = {
  DEBUG: "debug",
  INFO: "info",
  WARNING: "warn",
  ERROR: "error",
  CRITICAL: "error",
};

export function stderrLevel(line: string, previous: LogLevel = "error"): LogLevel {
  const found = PREFIX.exec(line);
  return found === null ? previous : (LEVELS[found[1] ?? ""] ?? previous);
}
