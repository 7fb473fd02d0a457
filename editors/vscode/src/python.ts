/**
 * The Python extension's active interpreter, when that extension is installed. What its API
 * answers is read in `pythonApi.ts`; this file only finds and activates the extension.
 */
import * as vscode from "vscode";

import { interpreterChangeEvent, interpreterCommandFromApi } from "./pythonApi";

const PYTHON_EXTENSION_ID = "ms-python.python";

async function pythonApi(): Promise<unknown> {
  const extension = vscode.extensions.getExtension<unknown>(PYTHON_EXTENSION_ID);
  if (extension === undefined) {
    return undefined;
  }
  return extension.isActive ? extension.exports : await extension.activate();
}

/** The command that runs the active interpreter for `resource`, or undefined. */
export async function activeInterpreterCommand(
  resource: vscode.Uri | undefined,
  log: vscode.LogOutputChannel,
): Promise<string[] | undefined> {
  try {
    return await interpreterCommandFromApi(await pythonApi(), resource);
  } catch (error) {
    log.warn(`The Python extension did not give an interpreter: ${String(error)}`);
    return undefined;
  }
}

/** Calls `listener` when the user picks another interpreter in the Python extension. */
export async function onActiveInterpreterChange(listener: () => void): Promise<vscode.Disposable[]> {
  const api = await pythonApi().catch(() => undefined);
  const event = interpreterChangeEvent(api);
  if (event === undefined) {
    return [];
  }
  // Both of the API's events fire for one change; listening to one gives one restart.
  const subscription = event(() => {
    listener();
  });
  return [new vscode.Disposable(() => subscription.dispose())];
}
