import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { interpreterChangeEvent, interpreterCommandFromApi } from "../src/pythonApi";

/** An API shaped like the Python extension's environments API. */
function environmentsApi(executable: unknown, activePath: unknown = "/envs/jax") {
  const asked: string[] = [];
  return {
    asked,
    api: {
      environments: {
        getActiveEnvironmentPath: () => ({ path: activePath }),
        resolveEnvironment: (path: string) => {
          asked.push(path);
          return Promise.resolve({ executable: { uri: { fsPath: executable } } });
        },
      },
      settings: { getExecutionDetails: () => ({ execCommand: ["/legacy/python"] }) },
    },
  };
}

describe("interpreterCommandFromApi", () => {
  it("uses the environments API's resolved executable for the active environment", async () => {
    const { api, asked } = environmentsApi("/envs/jax/bin/python");
    assert.deepEqual(await interpreterCommandFromApi(api, undefined), ["/envs/jax/bin/python"]);
    assert.deepEqual(asked, ["/envs/jax"]);
  });

  it("falls back to the older execution details, keeping a multi-word command", async () => {
    const { api } = environmentsApi(undefined);
    assert.deepEqual(await interpreterCommandFromApi(api, undefined), ["/legacy/python"]);
    const conda = { settings: { getExecutionDetails: () => ({ execCommand: ["conda", "run", "-n", "jax", "python"] }) } };
    assert.deepEqual(await interpreterCommandFromApi(conda, undefined), ["conda", "run", "-n", "jax", "python"]);
  });

  it("answers undefined for anything it does not recognise", async () => {
    for (const api of [
      undefined,
      null,
      "python",
      {},
      { environments: { getActiveEnvironmentPath: "no" } },
      { settings: { getExecutionDetails: () => ({ execCommand: [42] }) } },
      { settings: { getExecutionDetails: () => ({ execCommand: [] }) } },
      { settings: { getExecutionDetails: () => undefined } },
    ]) {
      assert.equal(await interpreterCommandFromApi(api, undefined), undefined, JSON.stringify(api));
    }
  });

  it("lets an API that throws reject, so the caller can log it", async () => {
    const api = { environments: { getActiveEnvironmentPath: () => ({ path: "/e" }), resolveEnvironment: () => Promise.reject(new Error("boom")) } };
    await assert.rejects(interpreterCommandFromApi(api, undefined), /boom/);
  });
});

describe("interpreterChangeEvent", () => {
  it("prefers the environments API's event and ignores non-functions", () => {
    const onEnv = () => ({ dispose: () => undefined });
    const onSettings = () => ({ dispose: () => undefined });
    assert.equal(interpreterChangeEvent({ environments: { onDidChangeActiveEnvironmentPath: onEnv }, settings: { onDidChangeExecutionDetails: onSettings } }), onEnv);
    assert.equal(interpreterChangeEvent({ environments: { onDidChangeActiveEnvironmentPath: 1 }, settings: { onDidChangeExecutionDetails: onSettings } }), onSettings);
    assert.equal(interpreterChangeEvent({}), undefined);
    assert.equal(interpreterChangeEvent(undefined), undefined);
  });
});
