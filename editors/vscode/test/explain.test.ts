import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";

import { MAX_EXPLAIN_CHARS, renderExplanation, textFromSelection } from "../src/explain";
import { NO_JAXLSP_PYTHON, pythonWithJaxlsp } from "./helpers";

const SYMBOLIC_ZEROS_MESSAGE =
  "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented; " +
  "please open an issue at https://github.com/jax-ml/jax/issues";

describe("textFromSelection", () => {
  it("asks the user (undefined) when nothing useful is selected", () => {
    assert.equal(textFromSelection(undefined), undefined);
    assert.equal(textFromSelection("  \n\t "), undefined);
  });

  it("trims the selection and keeps the end of an over-long one, where the message is", () => {
    assert.equal(textFromSelection("  ValueError: x \n"), "ValueError: x");
    const long = `${"x".repeat(MAX_EXPLAIN_CHARS)}END`;
    const kept = textFromSelection(long) ?? "";
    assert.equal(kept.length, MAX_EXPLAIN_CHARS);
    assert.ok(kept.endsWith("END"));
  });
});

describe("renderExplanation", () => {
  it("renders what `jaxlsp explain --json` really prints for the symbolic_zeros error", { skip: pythonWithJaxlsp() === undefined && NO_JAXLSP_PYTHON }, () => {
    const python = pythonWithJaxlsp() ?? "";
    const stdout = execFileSync(python, ["-m", "jaxlsp", "explain", "--json", SYMBOLIC_ZEROS_MESSAGE], { encoding: "utf8" });
    const markdown = renderExplanation(SYMBOLIC_ZEROS_MESSAGE, JSON.parse(stdout));
    assert.match(markdown, /^# JAX error explained\n\n> NotImplementedError: custom_vjp symbolic_zeros/);
    assert.match(markdown, /## 1\. `custom-vjp-symbolic-zeros-support-with-shard-map` \[9906f2c2bb54d4d6\] — exact match, score/);
    // The answer jaxlsp rendered, as the terminal shows it: one record, its fix and its site.
    assert.match(markdown, /\*\*NotImplementedError\*\*: `custom_vjp symbolic_zeros/);
    assert.match(markdown, /\*\*Fix:\*\*\n1\. \S/);
    assert.match(markdown, /\[jax\/_src\/shard_map\.py:\d+\]\(https:\/\/github\.com\/jax-ml\/jax\/blob\//);
    assert.doesNotMatch(markdown, /## 2\./);
  });

  it("says when `jaxlsp explain --json` finds the text is not a JAX error", { skip: pythonWithJaxlsp() === undefined && NO_JAXLSP_PYTHON }, () => {
    const python = pythonWithJaxlsp() ?? "";
    const text = "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    1/0\nZeroDivisionError: division by zero";
    let stdout = "";
    try {
      execFileSync(python, ["-m", "jaxlsp", "explain", "--json", text], { encoding: "utf8" });
    } catch (error) {
      const output = (error as { stdout?: unknown }).stdout; // exit 1: an answer all the same
      stdout = typeof output === "string" ? output : "";
    }
    assert.match(renderExplanation(text, JSON.parse(stdout)), /Not a JAX error/);
  });

  it("introduces the nearest records when no match is confident", () => {
    const markdown = renderExplanation("boom", { verdict: "no-confident-match", matches: [{ slug: "near", markdown: "close" }] });
    assert.match(markdown, /No confident match; the nearest records:\n\n## 1\. `near`/);
  });

  it("shows the traceback's last line as the question", () => {
    const traceback = "Traceback (most recent call last):\n  File \"x.py\", line 3\n" + SYMBOLIC_ZEROS_MESSAGE;
    assert.match(renderExplanation(traceback, []), /^# JAX error explained\n\n> NotImplementedError: custom_vjp/);
  });

  it("says so when nothing matches", () => {
    assert.match(renderExplanation("KeyError: 'x'", []), /No record matches this error\./);
    assert.match(renderExplanation("KeyError: 'x'", { matches: [] }), /No record matches this error\./);
  });

  it("skips missing sections instead of printing empty ones", () => {
    const markdown = renderExplanation("boom", [{ slug: "some-error", score: 0.5, kind: "similar", record: { errorMessage: "boom" } }]);
    assert.match(markdown, /## 1\. `some-error` — similar message, score 0\.50/);
    assert.doesNotMatch(markdown, /###/);
  });

  it("fences example fixes that themselves contain backticks", () => {
    const markdown = renderExplanation("boom", [{ record: { slug: "s", exampleFix: "```\ncode\n```" } }]);
    assert.ok(markdown.includes("````python\n```\ncode\n```\n````"));
  });

  it("passes Markdown from the server through and shows unknown shapes as JSON", () => {
    assert.match(renderExplanation("boom", "**already markdown**"), /\*\*already markdown\*\*/);
    const unknown = renderExplanation("boom", { weird: true });
    assert.match(unknown, /does not know/);
    assert.match(unknown, /"weird": true/);
  });
});
