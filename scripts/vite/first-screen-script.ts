import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

export interface FirstScreenScriptOptions {
  /** The script's module, from the app's root. It should import only small modules: it is sent whole. */
  entry: string;
  /** Pages whose code the script may start, by the name the script knows them by: their modules, from the app's root. */
  pages: Record<string, string>;
}

/**
 * A script that runs before the app's own, on its own: built into one small classic script,
 * loaded `async` with high priority, so it runs as soon as it arrives. The build moves the app's
 * entry script (and any module preloads of it) out of the page into a `data-app` attribute on its
 * tag, so the script starts the app when it is ready for it, and writes in `data-pages` the files
 * of the pages it names (each page's chunk, the chunks it imports and their stylesheets), so it
 * can start those too.
 * A classic script from the site itself keeps the Content-Security-Policy's `script-src 'self'`.
 * In development the module is loaded as it is, beside the app's own script.
 */
export function firstScreenScript(options: FirstScreenScriptOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'first-screen-script',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (_html, context) =>
        context.server
          ? [{ tag: 'script', attrs: { type: 'module', src: `/${options.entry}` }, injectTo: 'head-prepend' }]
          : undefined,
    },
    // After Vite's HTML step has written index.html into the bundle (enforce: 'post'), and before
    // the compression plugin, which works in Vite's last build step, makes its .br and .gz.
    async generateBundle(_output, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const code = await buildScript(config, options.entry);
      const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
      const fileName = `${config.build.assetsDir}/first-screen-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const { html, app } = takeAppScript(String(page.source));
      const pages = escapeAttribute(JSON.stringify(pageScripts(bundle, options.pages, config)));
      const tag =
        `<script async fetchpriority="high" src="${config.base}${fileName}" ` +
        `data-pages="${pages}" data-app="${escapeAttribute(JSON.stringify(app))}"></script>`;
      const at = html.search(/<link rel="stylesheet"|<\/head>/);
      page.source = `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
    },
  };
}

/** The script as one minified classic script, built with the app's aliases and tree-shaking. */
async function buildScript(config: ResolvedConfig, entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    root: config.root,
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    build: {
      write: false,
      emptyOutDir: false,
      target: config.build.target,
      minify: true,
      lib: { entry: resolve(config.root, entry), formats: ['iife'], name: 'firstScreen' },
      rollupOptions: { treeshake: config.build.rollupOptions.treeshake },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs[0].output.find((file): file is Rollup.OutputChunk => file.type === 'chunk');
  if (!chunk) throw new Error(`first-screen-script: ${entry} built to nothing`);
  return chunk.code;
}

/** Each page's chunk, every chunk it imports and their stylesheets, as the URLs the browser asks for. */
function pageScripts(
  bundle: Rollup.OutputBundle,
  pages: Record<string, string>,
  config: ResolvedConfig,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const out: Record<string, string[]> = {};
  for (const [name, module] of Object.entries(pages)) {
    const id = resolve(config.root, module);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`first-screen-script: no chunk for page ${name} (${module})`);
    const files = new Set<string>();
    const visit = (fileName: string) => {
      const file = bundle[fileName];
      if (files.has(fileName) || !file || file.type !== 'chunk' || file.isEntry) return;
      files.add(fileName);
      // The page's stylesheets too: Vite's loader waits for them before it runs the page.
      file.viteMetadata?.importedCss.forEach((css) => files.add(css));
      file.imports.forEach(visit);
    };
    visit(chunk.fileName);
    out[name] = [...files].map((fileName) => `${config.base}${fileName}`);
  }
  return out;
}

/**
 * Takes the app's entry script and its module preloads out of the page: the first-screen script
 * starts them, once the first look is on screen (web-store/src/boot/firstScreen.ts).
 */
function takeAppScript(page: string): { html: string; app: string[] } {
  let entry: string | undefined;
  const imports: string[] = [];
  const html = page
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
      if (entry) throw new Error('first-screen-script: the page has more than one entry script');
      entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      imports.push(href);
      return '';
    });
  if (!entry) throw new Error('first-screen-script: the page has no entry script to start');
  return { html, app: [entry, ...imports] };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
