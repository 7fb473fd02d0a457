import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { answerConfiguration, parseServerSettings, withInterpreter } from "../src/settings";

describe("parseServerSettings", () => {
  it("passes the server's keys through and drops the client-only ones", () => {
    const parsed = parseServerSettings({
      interpreter: "/opt/venv/bin/python",
      trace: { server: "verbose" },
      select: ["custom-vjp-symbolic-zeros-support-with-shard-map"],
      ignore: ["pallas-call-with-a-mesh-does-not-support-jvp"],
      severity: { "custom-vjp-symbolic-zeros-support-with-shard-map": "warning" },
    });
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.settings, {
      select: ["custom-vjp-symbolic-zeros-support-with-shard-map"],
      ignore: ["pallas-call-with-a-mesh-does-not-support-jvp"],
      severity: { "custom-vjp-symbolic-zeros-support-with-shard-map": "warning" },
    });
  });

  it("sends nothing for defaults, so pyproject's [tool.jaxlsp] decides", () => {
    assert.deepEqual(parseServerSettings({ select: null, ignore: [], severity: {} }), { settings: {}, problems: [] });
    assert.deepEqual(parseServerSettings(undefined), { settings: {}, problems: [] });
  });

  it("accepts a single code as a string, like [tool.jaxlsp] does", () => {
    assert.deepEqual(parseServerSettings({ ignore: "some-code" }).settings, { ignore: ["some-code"] });
  });

  it("reports wrongly typed values by name and leaves them out", () => {
    const parsed = parseServerSettings({ select: [1, 2], ignore: { a: 1 }, severity: { good: "hint", bad: "fatal" } });
    assert.deepEqual(parsed.settings, { severity: { good: "hint" } });
    assert.equal(parsed.problems.length, 3);
    assert.match(parsed.problems[0] ?? "", /^jaxlsp\.select must be a list of strings/);
    assert.match(parsed.problems[1] ?? "", /^jaxlsp\.ignore must be a list of strings/);
    assert.match(parsed.problems[2] ?? "", /severity of "bad" is "fatal"; use one of error, warning, info, hint/);
  });

  it("reports a section that is not an object", () => {
    assert.deepEqual(parseServerSettings("select"), { settings: {}, problems: ["jaxlsp settings must be an object"] });
    assert.equal(parseServerSettings({ severity: ["error"] }).problems.length, 1);
  });
});

describe("the server's own keys", () => {
  it("passes inlayHints when it is a boolean and reports it when not", () => {
    assert.deepEqual(parseServerSettings({ inlayHints: false }).settings, { inlayHints: false });
    const parsed = parseServerSettings({ inlayHints: "off" });
    assert.deepEqual(parsed.settings, {});
    assert.deepEqual(parsed.problems, ['jaxlsp.inlayHints must be true or false; ignoring "off"']);
  });

  it("passes enable and debounceMs when valid and reports them when not", () => {
    assert.deepEqual(parseServerSettings({ enable: false, debounceMs: 100.4 }).settings, { enable: false, debounceMs: 100 });
    // `exclude` only concerns `jaxlsp check`; the server would warn about it, so it is not sent.
    const parsed = parseServerSettings({ enable: "no", debounceMs: 20_000, exclude: ["build/**"] });
    assert.deepEqual(parsed.settings, {});
    assert.deepEqual(parsed.problems, [
      'jaxlsp.enable must be true or false; ignoring "no"',
      "jaxlsp.debounceMs must be a number from 0 to 10000; ignoring 20000",
    ]);
  });
});

describe("the size limits", () => {
  it("sends whole numbers of at least 1, leaves null out and reports anything else", () => {
    assert.deepEqual(parseServerSettings({ maxFileBytes: 1024, maxLineLength: null }).settings, { maxFileBytes: 1024 });
    const parsed = parseServerSettings({ maxFileBytes: 0, maxLineLength: 2.5 });
    assert.deepEqual(parsed.settings, {});
    assert.deepEqual(parsed.problems, [
      "jaxlsp.maxFileBytes must be a whole number of at least 1; ignoring 0",
      "jaxlsp.maxLineLength must be a whole number of at least 1; ignoring 2.5",
    ]);
  });
});

describe("the Pallas target", () => {
  it("sends a known chip, leaves null out and reports anything else", () => {
    assert.deepEqual(parseServerSettings({ pallasTarget: "tpu" }).settings, { pallasTarget: "tpu" });
    assert.deepEqual(parseServerSettings({ pallasTarget: null }).settings, {});
    const parsed = parseServerSettings({ pallasTarget: "TPU" });
    assert.deepEqual(parsed.settings, {});
    assert.deepEqual(parsed.problems, ['jaxlsp.pallasTarget must be one of tpu, gpu, any, unknown; ignoring "TPU"']);
  });
});

describe("the recycling settings", () => {
  it("sends the switch and thresholds in range and reports anything else", () => {
    assert.deepEqual(parseServerSettings({ recycle: false, recycleRatio: 1.5, recycleMinMiB: 0 }).settings, {
      recycle: false,
      recycleRatio: 1.5,
      recycleMinMiB: 0,
    });
    const parsed = parseServerSettings({ recycle: "no", recycleRatio: 0.5, recycleMinMiB: -1 });
    assert.deepEqual(parsed.settings, {});
    assert.deepEqual(parsed.problems, [
      'jaxlsp.recycle must be true or false; ignoring "no"',
      "jaxlsp.recycleRatio must be a number of at least 1; ignoring 0.5",
      "jaxlsp.recycleMinMiB must be a number of at least 0; ignoring -1",
    ]);
  });
});

describe("answerConfiguration", () => {
  it("answers jaxlsp items per scope and null for other sections, reporting problems", () => {
    const problems: string[] = [];
    const scopes: (string | undefined)[] = [];
    const answer = answerConfiguration(
      [{ section: "jaxlsp" }, { section: "python" }, { section: "jaxlsp", scopeUri: "file:///ws" }],
      (scope) => {
        scopes.push(scope);
        return scope === undefined ? { interpreter: "x", ignore: ["a"] } : { severity: { a: "loud" } };
      },
      (problem) => problems.push(problem),
    );
    assert.deepEqual(answer, [{ ignore: ["a"] }, null, {}]);
    assert.deepEqual(scopes, [undefined, "file:///ws"]);
    assert.deepEqual(problems, ['jaxlsp.severity of "a" is "loud"; use one of error, warning, info, hint']);
  });
});

describe("withInterpreter", () => {
  it("tells the server which Python it runs in when that is a plain path the user chose", () => {
    const settings = { ignore: ["a"] };
    assert.deepEqual(withInterpreter(settings, { command: "/v/bin/python", prefixArgs: [], source: "setting" }), {
      ignore: ["a"],
      interpreter: "/v/bin/python",
    });
    assert.deepEqual(withInterpreter(settings, { command: "/e/bin/python", prefixArgs: [], source: "python-extension" }), {
      ignore: ["a"],
      interpreter: "/e/bin/python",
    });
  });

  it("sends nothing for python3 (the server's own Python) or a `conda run` prefix", () => {
    const settings = { ignore: ["a"] };
    assert.deepEqual(withInterpreter(settings, { command: "python3", prefixArgs: [], source: "default" }), settings);
    assert.deepEqual(withInterpreter(settings, { command: "conda", prefixArgs: ["run", "python"], source: "python-extension" }), settings);
    assert.deepEqual(withInterpreter(settings, undefined), settings);
  });
});
