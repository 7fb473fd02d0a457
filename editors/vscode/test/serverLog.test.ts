import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { stderrLevel } from "../src/serverLog";

describe("stderrLevel", () => {
  it("logs each server record at its own level, not as an error", () => {
    assert.equal(stderrLevel('jaxlsp: WARNING: Cancel notification for unknown message id "12"'), "warn");
    assert.equal(stderrLevel("jaxlsp: INFO: jaxlsp: using the records for JAX 0.12.0.1"), "info");
    assert.equal(stderrLevel("jaxlsp: DEBUG: x"), "debug");
    assert.equal(stderrLevel("jaxlsp: ERROR: jaxlsp: error in hover: KeyError()"), "error");
    assert.equal(stderrLevel("jaxlsp: CRITICAL: x"), "error");
  });

  it("keeps a record's level on its continuation lines, and calls stray output an error", () => {
    assert.equal(stderrLevel("Traceback (most recent call last):", "warn"), "warn");
    assert.equal(stderrLevel("  File \"x.py\", line 1", "info"), "info");
    assert.equal(stderrLevel("Segmentation fault"), "error");
  });
});
