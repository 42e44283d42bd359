import axe from 'axe-core';

/**
 * Runs axe-core over the rendered page and returns the serious and critical violations, each as
 * "rule: first offending element". jsdom lays nothing out, so colour contrast is left to the
 * browser tests.
 */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  // axe measures icon fonts on a canvas, which jsdom lacks; without one it skips that check.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const result = await axe.run(root, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`);
}
