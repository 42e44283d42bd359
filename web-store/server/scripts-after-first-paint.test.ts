import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { scriptsAfterFirstPaintStream, startScriptsAfterFirstPaint } from './scripts-after-first-paint';

/** A page's shell as React Router 7 writes it (route discovery on, so no manifest import). */
const SHELL =
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="UTF-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/chunk-B.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/root-C.js" nonce="N0nce=="/>' +
  '<link rel="stylesheet" href="/assets/root-D.css"/></head><body><div id="root"><h1>Diaries · ₹ 499</h1></div>' +
  '<script nonce="N0nce==">window.__reactRouterContext = {};</script>' +
  '<script nonce="N0nce==" type="module" async="">;\n' +
  'import * as route0 from "/assets/root-C.js";\n' +
  'import * as route1 from "/assets/home-E.js";\n' +
  '  window.__reactRouterManifest = {\n  "entry": {\n    "imports": [\n      "/assets/chunk-B.js"\n    ]\n  }\n};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client-A.js");</script>';
const REST = '<!--$--><script>window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>';

const moduleScript = (html: string) => /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

describe('scripts after the first paint', () => {
  it('takes the module preloads out of the head and adds them, without the nonce, after the first frame', () => {
    const page = startScriptsAfterFirstPaint(SHELL + REST);
    expect(page).not.toContain('rel="modulepreload"');
    const script = moduleScript(page);
    const waits = script.indexOf('requestAnimationFrame(() => setTimeout(painted))');
    const preloads = script.indexOf(
      '[{"rel":"modulepreload","href":"/assets/entry.client-A.js"},{"rel":"modulepreload","href":"/assets/chunk-B.js"},{"rel":"modulepreload","href":"/assets/root-C.js"}]',
    );
    expect(waits).toBeGreaterThanOrEqual(0);
    expect(preloads).toBeGreaterThan(waits);
    expect(script).not.toContain('N0nce');
  });

  it("imports the route modules after the frame, then runs React Router's script as it was", () => {
    const script = moduleScript(startScriptsAfterFirstPaint(SHELL + REST));
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/home-E.js")]);',
    );
    expect(script.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};')).toBeGreaterThan(
      script.indexOf('await Promise.all'),
    );
    expect(script.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it('starts at once in a tab that is hidden, which paints no frame', () => {
    expect(moduleScript(startScriptsAfterFirstPaint(SHELL))).toContain("document.visibilityState === 'hidden' ? painted()");
  });

  it('keeps the page, its nonce on the scripts, and what follows the module script', () => {
    const page = startScriptsAfterFirstPaint(SHELL + REST);
    expect(page).toContain('<h1>Diaries · ₹ 499</h1>');
    expect(page).toContain('<script nonce="N0nce==">window.__reactRouterContext = {};</script>');
    expect(page).toContain('<script nonce="N0nce==" type="module" async="">');
    expect(page.endsWith(REST)).toBe(true);
  });

  it('leaves a page without a module script as it is', () => {
    const page = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(startScriptsAfterFirstPaint(page)).toBe(page);
  });

  it('leaves a module script with an import it does not know how to defer as it is', () => {
    const page = SHELL.replace('import * as route1 from', 'import { route1 } from');
    expect(startScriptsAfterFirstPaint(page)).toBe(page);
  });

  it('rewrites a streamed page whose script and characters are split across chunks, and passes the rest as it comes', async () => {
    const bytes = Buffer.from(SHELL + REST, 'utf8');
    const rupee = bytes.indexOf(Buffer.from('₹', 'utf8')) + 1;
    const inScript = bytes.indexOf(Buffer.from('import * as route1', 'utf8')) + 5;
    const chunks = [bytes.subarray(0, rupee), bytes.subarray(rupee, inScript), bytes.subarray(inScript)];
    const page = await text(Readable.from(chunks).pipe(scriptsAfterFirstPaintStream()));
    expect(page).toBe(startScriptsAfterFirstPaint(SHELL + REST));
  });

  it('passes a streamed page without a module script unchanged', async () => {
    const page = '<!DOCTYPE html><html><body>Nothing to hydrate · ₹</body></html>';
    const bytes = Buffer.from(page, 'utf8');
    const out = await text(Readable.from([bytes.subarray(0, 20), bytes.subarray(20)]).pipe(scriptsAfterFirstPaintStream()));
    expect(out).toBe(page);
  });
});
