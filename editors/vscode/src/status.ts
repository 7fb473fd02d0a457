/**
 * The status bar item's text for each server state: one glance says whether jaxlsp is checking
 * this file, still starting, or needs the user (not installed, crashed).
 */

export type ServerState =
  | { readonly kind: "starting" }
  | { readonly kind: "running"; readonly version: string; readonly interpreter: string }
  | { readonly kind: "stopped" }
  | { readonly kind: "not-installed"; readonly message: string }
  | { readonly kind: "error"; readonly message: string };

export interface StatusView {
  /** Codicon syntax (`$(name)`) is allowed. */
  readonly text: string;
  readonly tooltip: string;
  /** The command a click runs. */
  readonly command: string;
  /** Whether to colour the item as a warning. */
  readonly warning: boolean;
}

export function statusView(state: ServerState): StatusView {
  switch (state.kind) {
    case "starting":
      return { text: "$(loading~spin) JAX", tooltip: "jaxlsp is starting…", command: "jaxlsp.showOutput", warning: false };
    case "running":
      return {
        text: "$(check) JAX",
        tooltip: `jaxlsp ${state.version} is running\nInterpreter: ${state.interpreter}\nClick to restart.`,
        command: "jaxlsp.restartServer",
        warning: false,
      };
    case "stopped":
      return { text: "$(circle-slash) JAX", tooltip: "jaxlsp is stopped. Click to start it.", command: "jaxlsp.restartServer", warning: false };
    case "not-installed":
      return { text: "$(warning) JAX", tooltip: `${state.message}\nClick to show the output.`, command: "jaxlsp.showOutput", warning: true };
    case "error":
      return { text: "$(error) JAX", tooltip: `${state.message}\nClick to show the output.`, command: "jaxlsp.showOutput", warning: true };
  }
}
