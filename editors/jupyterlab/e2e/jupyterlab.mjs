// Drives a real JupyterLab (served on loopback, jupyterlab-lsp talking to jaxlsp) with Debian's
// Chromium: opens the notebook, waits for jaxlsp's diagnostic (a CodeMirror lint mark) and reads
// its tooltip, the diagnostics panel's row, and the hover on `shard_map` (jupyterlab-lsp shows it
// while Control is held); keeps screenshots and result.json. Started by real-jupyterlab.sh; not
// part of CI.
//
// usage: node jupyterlab.mjs BASE_URL TOKEN NOTEBOOK_NAME OUT_DIR
import * as fs from "node:fs";
import * as path from "node:path";

import { chromium } from "playwright-core";

import { centreOf } from "./text.mjs";

const [base, token, notebook, outDir] = process.argv.slice(2);
if (!base || !token || !notebook || !outDir) {
  console.error("usage: node jupyterlab.mjs BASE_URL TOKEN NOTEBOOK_NAME OUT_DIR");
  process.exit(2);
}
const TIMEOUT_MS = Number(process.env.JAXLSP_E2E_TIMEOUT_MS ?? "120000");
const result = { notebook, steps: [] };

/**
 * Moves the mouse onto `word` in `element`, straight from elsewhere: passing over other names on
 * the way would show their hovers (and one shown keeps the next from showing).
 */
async function hoverWord(page, element, word) {
  const { x, y } = await centreOf(element, word);
  await page.mouse.move(x - 3, y);
  await page.mouse.move(x, y, { steps: 3 });
}

/** Moves the mouse to the empty margin left of the cells, where nothing has a hover. */
async function moveAway(page) {
  await page.mouse.move(300, 800);
}

/** Where each lint mark is: its cell among all cells and among the code cells, its text, its class. */
function lintMarks() {
  const cells = [...document.querySelectorAll(".jp-Notebook .jp-Cell")];
  const codeCells = cells.filter((cell) => cell.classList.contains("jp-CodeCell"));
  return [...document.querySelectorAll(".jp-Notebook .cm-lintRange")].map((mark) => {
    const cell = cells.find((candidate) => candidate.contains(mark));
    const line = mark.closest(".cm-line");
    return {
      className: mark.className,
      text: mark.textContent,
      line: line?.textContent ?? null,
      cell: cells.indexOf(cell),
      codeCell: codeCells.indexOf(cell),
      prompt: cell?.querySelector(".jp-InputPrompt")?.textContent?.trim() ?? null,
    };
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(TIMEOUT_MS);
  await page.goto(`${base}/lab/tree/${encodeURIComponent(notebook)}?token=${token}`);
  await page.locator(".jp-Notebook .jp-CodeCell .cm-line").first().waitFor();
  result.steps.push("opened");

  // jaxlsp's diagnostic: jupyterlab-lsp draws it as a CodeMirror lint mark in the cell it maps
  // the virtual document's line back to.
  const mark = page.locator(".jp-Notebook .cm-lintRange");
  await mark.first().waitFor();
  await page.waitForTimeout(1000); // a second publish (the client's didChange) may redraw it
  result.marks = await page.evaluate(lintMarks);
  result.steps.push("diagnostic");

  // Its tooltip, by hovering the marked text.
  await mark.first().evaluate((node) => node.scrollIntoView({ block: "center" }));
  await hoverWord(page, mark.first(), (await mark.first().textContent()) ?? "");
  const tooltip = page.locator(".cm-tooltip-hover", { hasText: "registers its custom_vjp rule" });
  await tooltip.first().waitFor();
  result.diagnosticTooltip = await tooltip.first().innerText();
  await page.screenshot({ path: path.join(outDir, "jupyterlab-diagnostic.png") });
  result.steps.push("diagnostic tooltip");
  await moveAway(page);
  await tooltip.first().waitFor({ state: "detached" });

  // The diagnostics panel (the command the notebook's context menu offers), its rows.
  await page.locator(".jp-Notebook .jp-CodeCell .cm-content").first().click({ button: "right" });
  await page.locator(".lm-Menu-item", { hasText: "Show diagnostics panel" }).first().click();
  const row = page.locator(".lsp-diagnostics-listing tbody tr");
  await row.first().waitFor();
  result.panelHeader = await page.locator(".lsp-diagnostics-listing thead").first().innerText();
  result.panelRows = await row.allInnerTexts();
  await page.screenshot({ path: path.join(outDir, "jupyterlab-diagnostics-panel.png") });
  result.steps.push("diagnostics panel");

  // The hover on `shard_map` in the later cell that calls the function: jupyterlab-lsp asks the
  // server on mouse-over and shows the answer when Control (its default modifier key) is held
  // during the move, or pressed over the name in the focused editor.  The cell is clicked
  // first (the focus is in the diagnostics panel); a press is repeated if the first is missed.
  const call = page.locator(".jp-Notebook .cm-line", { hasText: "jax.shard_map(" }).first();
  await call.evaluate((node) => node.scrollIntoView({ block: "center" }));
  await call.click();
  const hover = page.locator(".lsp-hover", { hasText: "jax.shard_map" });
  const anyHover = page.locator(".lsp-hover");
  for (let attempt = 1; ; attempt += 1) {
    await moveAway(page);
    await anyHover.first().waitFor({ state: "detached" });
    await page.keyboard.down("Control");
    await hoverWord(page, call, "shard_map");
    try {
      await hover.first().waitFor({ timeout: 5000 });
      result.hoverAttempts = attempt;
      break;
    } catch (error) {
      await page.keyboard.up("Control");
      if (attempt === 3) {
        throw error;
      }
    }
  }
  result.hover = await hover.first().innerText();
  await page.screenshot({ path: path.join(outDir, "jupyterlab-hover.png") });
  await page.keyboard.up("Control");
  result.steps.push("hover");

  // Which language servers jupyter-lsp ran for the notebook.
  result.lspStatus = await page.evaluate(async (auth) => {
    const response = await fetch(`/lsp/status?token=${auth}`);
    const status = await response.json();
    return Object.fromEntries(
      Object.entries(status.sessions).map(([name, session]) => [
        name,
        { status: session.status, handlers: session.handler_count },
      ]),
    );
  }, token);
} catch (error) {
  result.error = String(error?.stack ?? error);
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (pages[0]) {
    await pages[0].screenshot({ path: path.join(outDir, "failure.png") }).catch(() => undefined);
  }
} finally {
  await browser.close();
  fs.writeFileSync(path.join(outDir, "result.json"), JSON.stringify(result, null, 2));
}
console.log(JSON.stringify(result, null, 2));
process.exit(result.error ? 1 : 0);
