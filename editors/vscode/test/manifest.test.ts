import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";

import { COMMANDS, CONFIG_SECTION } from "../src/commands";
import { CLIENT_ONLY_KEYS, SERVER_KEYS, SEVERITIES } from "../src/settings";
import { NO_JAXLSP_PYTHON, pythonWithJaxlsp } from "./helpers";

interface Manifest {
  main: string;
  engines: Record<string, string>;
  activationEvents: string[];
  dependencies: Record<string, string>;
  contributes: {
    commands: { command: string; title: string; category: string }[];
    configuration: { properties: Record<string, { enum?: string[]; additionalProperties?: { enum?: string[] } }> };
  };
}

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")) as Manifest;

describe("package.json", () => {
  it("contributes exactly the commands the extension registers, under the JAX category", () => {
    const contributed = manifest.contributes.commands.map((entry) => entry.command).sort();
    assert.deepEqual(contributed, Object.values(COMMANDS).sort());
    const titles = manifest.contributes.commands.map((entry) => `${entry.category}: ${entry.title}`);
    assert.ok(titles.includes("JAX: Explain error message"));
    assert.ok(titles.includes("JAX: Restart server"));
  });

  it("activates on Python files and notebooks, and loads the bundle", () => {
    assert.ok(manifest.activationEvents.includes("onLanguage:python"));
    assert.ok(manifest.activationEvents.includes("onNotebook:jupyter-notebook"));
    assert.equal(manifest.main, "./dist/extension.js");
    assert.equal(manifest.dependencies["vscode-languageclient"], "11.0.0");
  });

  it("declares every setting the client and server read, with the server's severity names", () => {
    const properties = manifest.contributes.configuration.properties;
    const keys = Object.keys(properties).map((key) => key.slice(CONFIG_SECTION.length + 1).split(".")[0]);
    assert.deepEqual(new Set(keys), new Set([...SERVER_KEYS, ...CLIENT_ONLY_KEYS]));
    assert.deepEqual(properties["jaxlsp.severity"]?.additionalProperties?.enum, [...SEVERITIES]);
  });

  it("sends the server exactly the settings the server documents", { skip: pythonWithJaxlsp() === undefined && NO_JAXLSP_PYTHON }, () => {
    const script = "import json; from jaxlsp.lsp.settings import CLIENT_SETTINGS; print(json.dumps(sorted(CLIENT_SETTINGS)))";
    const documented = JSON.parse(execFileSync(pythonWithJaxlsp() ?? "", ["-c", script], { encoding: "utf8" })) as string[];
    assert.deepEqual([...SERVER_KEYS].sort(), documented);
  });

  it("asks for a VS Code new enough for vscode-languageclient 11", () => {
    assert.equal(manifest.engines["vscode"], "^1.91.0");
  });
});
