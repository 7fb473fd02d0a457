/**
 * Reading the Python extension's API, which this extension does not depend on: every field is
 * checked, so a different or older API gives "no answer" (and the `python3` fallback) instead of
 * an error. Pure (type imports only), so it is unit-tested with API-shaped objects.
 */
import type * as vscode from "vscode";

interface EnvironmentsApi {
  getActiveEnvironmentPath?: (resource?: vscode.Uri) => { path?: unknown } | undefined;
  resolveEnvironment?: (path: string) => Promise<{ executable?: { uri?: { fsPath?: unknown } } } | undefined>;
  onDidChangeActiveEnvironmentPath?: unknown;
}

interface SettingsApi {
  getExecutionDetails?: (resource?: vscode.Uri) => { execCommand?: unknown } | undefined;
  onDidChangeExecutionDetails?: unknown;
}

export interface PythonApiLike {
  environments?: EnvironmentsApi;
  settings?: SettingsApi;
}

/**
 * The command that runs the active interpreter for `resource`: the environments API's resolved
 * executable, else the older `settings.getExecutionDetails().execCommand`, else undefined.
 */
export async function interpreterCommandFromApi(api: unknown, resource: vscode.Uri | undefined): Promise<string[] | undefined> {
  if (typeof api !== "object" || api === null) {
    return undefined;
  }
  const { environments, settings } = api as PythonApiLike;
  if (typeof environments?.getActiveEnvironmentPath === "function" && typeof environments.resolveEnvironment === "function") {
    const active = environments.getActiveEnvironmentPath(resource);
    if (typeof active?.path === "string" && active.path !== "") {
      const resolved = await environments.resolveEnvironment(active.path);
      const executable = resolved?.executable?.uri?.fsPath;
      if (typeof executable === "string" && executable !== "") {
        return [executable];
      }
    }
  }
  if (typeof settings?.getExecutionDetails === "function") {
    const command = settings.getExecutionDetails(resource)?.execCommand;
    if (Array.isArray(command) && command.length > 0 && command.every((word) => typeof word === "string" && word !== "")) {
      return command as string[];
    }
  }
  return undefined;
}

/** The event that fires when the user picks another interpreter, if the API has one. */
export function interpreterChangeEvent(api: unknown): ((listener: () => void) => { dispose(): unknown }) | undefined {
  if (typeof api !== "object" || api === null) {
    return undefined;
  }
  const { environments, settings } = api as PythonApiLike;
  for (const event of [environments?.onDidChangeActiveEnvironmentPath, settings?.onDidChangeExecutionDetails]) {
    if (typeof event === "function") {
      return event as (listener: () => void) => { dispose(): unknown };
    }
  }
  return undefined;
}
