// Drives a real VS Code (code-server, served on loopback) with Debian's Chromium: opens the
// example, waits for jaxlsp's status item and diagnostic squiggle, hovers `shard_map`, runs
// "JAX: Explain error message", and records the texts and screenshots. Started by
// real-vscode.sh; not part of CI.
//
// usage: node hover.mjs URL FILE_NAME OUT_DIR [full|notebook|not-installed]
// "notebook" opens a Jupyter notebook instead: the squiggle in one cell, the hover in another.
// "not-installed" (jaxlsp.interpreter lacks jaxlsp) checks the error the user gets instead.
import * as fs from "node:fs";
import * as path from "node:path";

import { chromium } from "playwright-core";

import { centreOf } from "./text.mjs";

const [url, fileName, outDir, mode = "full"] = process.argv.slice(2);
if (!url || !fileName || !outDir) {
  console.error("usage: node hover.mjs URL FILE_NAME OUT_DIR");
  process.exit(2);
}
const TIMEOUT_MS = Number(process.env.JAXLSP_E2E_TIMEOUT_MS ?? "120000");
const MESSAGE =
  "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented; " +
  "please open an issue at https://github.com/jax-ml/jax/issues";
const result = { url, fileName, mode, steps: [] };

/** Ends a mode's steps early without an error. */
class Done extends Error {}

/** Hovers the middle of `word` in the rendered `line` (a locator of one `.view-line`). */
async function hoverWord(page, line, word) {
  const box = await centreOf(line, word);
  await page.mouse.move(box.x, box.y - 40);
  await page.mouse.move(box.x, box.y, { steps: 5 });
}

/**
 * Scrolls the notebook until a line of `locator` is rendered and in view (cells render their
 * lines lazily, and re-render when their diagnostics arrive).
 */
async function scrollTo(page, locator) {
  for (let step = 0; step < 90; step += 1) {
    if ((await locator.count()) > 0) {
      try {
        await locator.first().scrollIntoViewIfNeeded({ timeout: 2000 });
        return;
      } catch {
        // detached by a re-render: look again
      }
    } else {
      // Down first, then back up past the top.
      await page.mouse.move(800, 500);
      await page.mouse.wheel(0, step < 30 ? 250 : -250);
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`never rendered: ${String(locator)}`);
}

/** Waits for the status bar item's check mark: the server is running. */
async function serverRunning(page) {
  const status = page.locator(".statusbar-item", { hasText: "JAX" });
  await status.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll(".statusbar-item")].some(
      (item) => item.textContent?.includes("JAX") && item.querySelector(".codicon-check") !== null,
    ),
  );
  return (await status.first().getAttribute("aria-label")) ?? (await status.first().innerText());
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // playwright gives the browser a fresh temporary profile of its own.
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(TIMEOUT_MS);
  await page.goto(url);
  await page.locator(".monaco-workbench").waitFor();
  result.steps.push("workbench");

  // Quick Open (Ctrl+P), type the file name, open it.
  await page.locator(".monaco-workbench").click({ position: { x: 700, y: 400 } });
  await page.keyboard.press("Control+P");
  await page.locator(".quick-input-widget input").waitFor();
  await page.keyboard.type(fileName);
  await page.locator(".quick-input-list .monaco-list-row").first().waitFor();
  await page.keyboard.press("Enter");
  const line = page.locator(".view-line", { hasText: "jax.shard_map(" });
  // A notebook renders its cells lazily: its first code cell says it is open.
  const opened = mode === "notebook" ? page.locator(".notebook-editor .view-line", { hasText: "import jax" }) : line;
  await opened.first().waitFor();
  result.steps.push("opened");

  if (mode === "not-installed") {
    // The error notification names the interpreter and the pip command; the status item warns.
    const toast = page.locator(".notifications-toasts .notification-list-item", { hasText: "jaxlsp is not installed" });
    await toast.first().waitFor();
    result.notification = await toast.first().innerText();
    await page.locator(".statusbar-item .codicon-warning").first().waitFor();
    result.status = await page.locator(".statusbar-item", { hasText: "JAX" }).first().getAttribute("aria-label");
    result.steps.push("not installed");
    // Let the toast finish fading in before the screenshot.
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".notification-toast")].every((toast) => getComputedStyle(toast).opacity === "1"),
    );
    await page.screenshot({ path: path.join(outDir, "not-installed.png") });
    throw new Done();
  }

  // The status bar item says the server runs; the diagnostic draws a squiggle.
  result.status = await serverRunning(page);
  result.steps.push("server running");

  if (mode === "notebook") {
    // The squiggle is in the cell that registers the rule, under `symbolic_zeros=True`.
    const rule = page.locator(".notebook-editor .view-line", { hasText: "scaled.defvjp(" });
    await scrollTo(page, rule);
    const squiggle = page.locator(".notebook-editor .squiggly-error");
    await squiggle.first().waitFor();
    result.squiggles = await squiggle.count();
    const squiggleBox = await squiggle.first().boundingBox();
    const ruleBox = await rule.first().boundingBox();
    result.squiggleOnRuleLine = squiggleBox !== null && ruleBox !== null && Math.abs(squiggleBox.y + squiggleBox.height / 2 - (ruleBox.y + ruleBox.height / 2)) < ruleBox.height;
    result.steps.push("diagnostic");
    await hoverWord(page, rule.first(), "symbolic_zeros=True");
    const problem = page.locator(".monaco-hover", { hasText: "custom-vjp-symbolic-zeros" });
    await problem.first().waitFor();
    result.diagnosticHover = await problem.first().innerText();
    await page.screenshot({ path: path.join(outDir, "notebook-diagnostic.png") });
    result.steps.push("diagnostic hover");
    // The hover on `shard_map` in the later cell that calls it.
    await page.mouse.move(5, 5);
    await page.keyboard.press("Escape");
    const call = page.locator(".notebook-editor .view-line", { hasText: "jax.shard_map(" });
    await scrollTo(page, call);
    await hoverWord(page, call.first(), "shard_map");
    const hover = page.locator(".monaco-hover", { hasText: "jax.shard_map" }).filter({ visible: true });
    await hover.first().waitFor();
    result.hover = await hover.first().innerText();
    result.steps.push("hover");
    await page.screenshot({ path: path.join(outDir, "notebook-hover.png") });
    throw new Done();
  }

  await page.locator(".squiggly-error").first().waitFor();
  result.steps.push("diagnostic");

  // Hover the middle of `shard_map` in `jax.shard_map(`, measured from the rendered text.
  await hoverWord(page, line.first(), "shard_map");
  const hover = page.locator(".monaco-hover .hover-contents", { hasText: "jax.shard_map" });
  await hover.first().waitFor();
  result.hover = await page.locator(".monaco-hover").first().innerText();
  result.steps.push("hover");
  await page.screenshot({ path: path.join(outDir, "hover.png") });

  // "JAX: Explain error message" from the command palette, with a typed message: the
  // explanation opens as a Markdown preview (a webview: its text is read from its frame).
  await page.mouse.move(5, 5);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+Shift+P");
  await page.locator(".quick-input-widget input").waitFor();
  await page.keyboard.type("JAX: Explain error message");
  await page.locator(".quick-input-list .monaco-list-row", { hasText: "JAX: Explain error message" }).first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".quick-input-widget", { hasText: "Paste a JAX error message" }).waitFor();
  await page.keyboard.type(MESSAGE);
  await page.keyboard.press("Enter");
  const deadline = Date.now() + TIMEOUT_MS;
  while (result.explanation === undefined && Date.now() < deadline) {
    for (const frame of page.frames()) {
      const text = await frame
        .evaluate(() => document.body?.innerText ?? "")
        .catch(() => "");
      if (text.includes("JAX error explained")) {
        result.explanation = text;
      }
    }
    if (result.explanation === undefined) {
      await page.waitForTimeout(250);
    }
  }
  if (result.explanation === undefined) {
    throw new Error("no explanation preview appeared");
  }
  result.steps.push("explain");
  await page.screenshot({ path: path.join(outDir, "explain.png") });
} catch (error) {
  if (!(error instanceof Done)) {
    result.error = String(error?.stack ?? error);
    const pages = browser.contexts().flatMap((context) => context.pages());
    if (pages[0]) {
      await pages[0].screenshot({ path: path.join(outDir, `failure-${mode}.png`) }).catch(() => undefined);
    }
  }
} finally {
  await browser.close();
  fs.writeFileSync(path.join(outDir, `result-${mode}.json`), JSON.stringify(result, null, 2));
}
console.log(JSON.stringify(result, null, 2));
process.exit(result.error ? 1 : 0);
