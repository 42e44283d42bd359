import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * React Router's `<Scripts>` start every module of a page at once: a `modulepreload` link for each
 * in the head and static imports in the inline module script that hydrates the page. On a phone's
 * connection those ~170 KB share the line with the stylesheet and the page's pictures, so the page
 * paints late although it needs none of them to be seen. This rewrite starts them after the first
 * frame instead: the modulepreload links go (React adds them to the head again when it hydrates,
 * by which time every module is loaded), and the module script waits for a frame, then imports what
 * it imported statically, all at once, before it runs the rest as React Router wrote it.
 *
 * A hidden tab paints no frame, so there it starts at once. A page that does not look as React
 * Router 7 writes it (no module script, or one that is not of that shape) is left as it is: it
 * loads as before, only not later.
 */
export function startScriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const imports: { name?: string; from: string }[] = [];
  const rest = script[2].replace(STATIC_IMPORT, (_all, name: string | undefined, from: string) => {
    imports.push({ name, from });
    return '';
  });
  if (imports.length === 0 || LEFT_STATIC_IMPORT.test(rest)) return html;
  const start = script.index;
  const end = start + script[0].length;
  const preloads: Record<string, string>[] = [];
  const withoutPreloads = (part: string) =>
    part.replace(MODULE_PRELOAD, (link) => {
      // Not the nonce: a module preload needs none ('self'), and the page's nonce must not be
      // copied into script text, where a kept page (the gateway's) would still carry it.
      const attributes = [...link.matchAll(ATTRIBUTE)].filter((a) => a[1] !== 'nonce');
      preloads.push(Object.fromEntries(attributes.map((a) => [a[1], unescapeAttribute(a[2])])));
      return '';
    });
  const before = withoutPreloads(html.slice(0, start));
  const after = withoutPreloads(html.slice(end));
  const names = imports.map((i) => i.name ?? '').join(', ');
  const loads = imports.map((i) => `import(${i.from})`).join(', ');
  const rewritten = [
    WAIT_FOR_FIRST_FRAME,
    // Every module at once, as the links would have fetched them, not one import after another.
    `for (const attributes of ${scriptJson(preloads)}) {`,
    `  const link = document.createElement('link');`,
    `  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);`,
    `  document.head.append(link);`,
    `}`,
    `const [${names}] = await Promise.all([${loads}]);`,
    rest.trim(),
  ].join('\n');
  return `${before}<script${script[1]}>${rewritten}</script>${after}`;
}

/** JSON inside an inline script: no `</script>` or `<!--` can close or bend it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const unescapeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const MODULE_SCRIPT = /<script\b([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"\n]+")\s*;?[ \t]*$/gm;
/** An import this rewrite does not know how to defer: the page is then left as it is. */
const LEFT_STATIC_IMPORT = /^\s*import\b(?!\s*\()/m;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
/** React writes attributes double-quoted. */
const ATTRIBUTE = /\s([a-zA-Z][\w-]*)="([^"]*)"/g;
const WAIT_FOR_FIRST_FRAME =
  "await new Promise((painted) => document.visibilityState === 'hidden' ? painted() : requestAnimationFrame(() => setTimeout(painted)));";

/**
 * The rewrite over a page as React streams it: the text up to the end of the module script (the
 * shell, which React writes in one go) is held and rewritten, what follows (the streamed parts of
 * deferred data) passes as it comes. A page that never has a module script passes unchanged at
 * its end.
 */
export function scriptsAfterFirstPaintStream(): Transform {
  const text = new StringDecoder('utf8');
  let held = '';
  let passing = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (passing) return callback(null, chunk);
      held += typeof chunk === 'string' ? chunk : text.write(chunk);
      const script = MODULE_SCRIPT.exec(held);
      if (!script) return callback();
      const end = script.index + script[0].length;
      passing = true;
      const shell = startScriptsAfterFirstPaint(held.slice(0, end)) + held.slice(end);
      held = '';
      callback(null, shell);
    },
    flush(callback: TransformCallback) {
      held += text.end();
      callback(null, held || undefined);
    },
  });
}
