// What both real-editor drivers (editors/vscode/e2e/hover.mjs, editors/jupyterlab/e2e/
// jupyterlab.mjs) need to find a word on screen: an editor renders a line as many spans, so the
// word's box is measured over the line's joined text. The run scripts copy this file beside
// each driver.

/** The centre of `word` in the rendered text of `element` (a locator), in page coordinates. */
export async function centreOf(element, word) {
  return await element.evaluate((root, target) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = "";
    const nodes = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push([node, text.length]);
      text += node.textContent;
    }
    const start = text.indexOf(target);
    if (start < 0) {
      throw new Error(`${JSON.stringify(target)} is not in ${JSON.stringify(text)}`);
    }
    const range = document.createRange();
    const place = (offset, setter) => {
      for (let i = nodes.length - 1; i >= 0; i -= 1) {
        const [node, begin] = nodes[i];
        if (offset >= begin) {
          setter.call(range, node, offset - begin);
          return;
        }
      }
    };
    place(start, range.setStart);
    place(start + target.length, range.setEnd);
    const rect = range.getBoundingClientRect();
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  }, word);
}
