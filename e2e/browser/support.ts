import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Backend } from '../harness/backend';
import { launchBrowser, watchPage } from '../harness/browser';
import { Shop, startShop } from '../harness/shop';
import { latestVerificationLink } from '../harness/verification';

/** How long a step may wait for the app: two cores run six services, a gateway and chromium. */
export const STEP_TIMEOUT_MS = 20_000;

/** One person's browser: a context of its own (storage, cookies) and one page in it. */
export interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Every window.alert / confirm the app showed, in order; each is accepted. */
  alerts: string[];
  /** Uncaught page errors and console errors, for the failure message. */
  errors: string[];
}

/**
 * A describe block's shop and browser, started once before its tests and stopped after them, and
 * its visitors, each closed after the test that opened it. Read `shop` and `browser` inside tests
 * and hooks: they exist once the block's beforeAll has run.
 */
export function browserSuite(options?: Parameters<typeof startShop>[0]): {
  readonly shop: Shop;
  readonly browser: Browser;
  visitors: Visitor[];
  /** A new visitor in the suite's browser, closed after the test. */
  visit(options?: VisitorOptions): Promise<Visitor>;
} {
  let shop: Shop | undefined;
  let browser: Browser | undefined;
  const visitors: Visitor[] = [];
  beforeAll(async () => {
    // Kept as soon as it is up, so that afterAll closes it even when the shop fails to start.
    const launching = launchBrowser().then((launched) => (browser = launched));
    [shop] = await Promise.all([startShop(options), launching]);
  });
  afterEach(async () => {
    await Promise.all(visitors.splice(0).map((v) => v.context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
  const suite = {
    get shop() {
      if (!shop) throw new Error('the shop starts in beforeAll');
      return shop;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    visitors,
    async visit(visitorOptions?: VisitorOptions) {
      const visitor = await openVisitor(suite.browser, suite.shop.url, visitorOptions);
      visitors.push(visitor);
      return visitor;
    },
  };
  return suite;
}

export interface VisitorOptions {
  viewport?: { width: number; height: number };
  acceptDownloads?: boolean;
  reducedMotion?: 'reduce' | 'no-preference';
  /** False for a shopper whose browser runs no script (or a crawler's). */
  javaScriptEnabled?: boolean;
}

export async function openVisitor(
  browser: Browser,
  baseURL: string,
  options: VisitorOptions = {},
): Promise<Visitor> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    acceptDownloads: options.acceptDownloads ?? false,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const alerts: string[] = [];
  const answered = new WeakSet<Page>();
  const answerDialogs = (opened: Page) => {
    if (answered.has(opened)) return;
    answered.add(opened);
    opened.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept().catch(() => undefined);
    });
  };
  // Tabs the app opens (the back office's View) answer their dialogs too.
  context.on('page', answerDialogs);
  const page = await context.newPage();
  answerDialogs(page);
  if (options.javaScriptEnabled !== false) waitForHydrationAfterLoads(page);
  const { errors } = watchPage(page);
  return { context, page, alerts, errors };
}

/**
 * A journey goes on from a storefront page once it works, as a shopper does: its goto and reload
 * wait for the server's page to hydrate (hydrated), which on a loaded machine comes a while after
 * `load`. The back office, a client-rendered app, and what is not a storefront page are not waited for.
 */
function waitForHydrationAfterLoads(page: Page): void {
  const settle = async () => {
    const storefrontPage = await page
      .evaluate(() => !location.pathname.startsWith('/admin2009') && document.querySelector('body > #root footer') !== null)
      .catch(() => false);
    if (storefrontPage) await hydrated(page);
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await settle();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
}

/** Signs the visitor in to the storefront with a customer's token, kept where the store keeps it. */
export async function signInToStore(visitor: Visitor, token: string): Promise<void> {
  await visitor.page.goto('/terms');
  await visitor.page.evaluate((value) => localStorage.setItem('token', value), token);
}

/** Signs the visitor in to the back office with a staff token, kept where the back office keeps it. */
export async function signInToBackOffice(visitor: Visitor, token: string): Promise<void> {
  await visitor.page.goto('/admin2009/login');
  await visitor.page.evaluate((value) => localStorage.setItem('adminToken', value), token);
}

/** Polls until `check` holds, then returns; otherwise fails with `what` and the last value seen. */
export async function until<T>(
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await probe();
      if (check(last)) return last;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const seen = lastError && last === undefined ? String(lastError) : JSON.stringify(last);
      throw new Error(`Timed out waiting for ${what}; last seen: ${seen}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until React has hydrated the page the server rendered: its last element, the footer, carries
 * React's own key once hydrated. Until then the HTML shows but nothing on it answers (a select
 * changed or a button pressed before the scripts run does nothing), so a journey that acts the
 * moment the server's HTML shows, on a loaded machine, acts on a page that is not listening yet.
 */
export async function hydrated(page: Page): Promise<void> {
  await until(
    () =>
      page.evaluate(() => {
        const footer = document.querySelector('footer');
        return Boolean(footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber')));
      }),
    (done) => done,
    `the page ${pathOf(page)} to hydrate`,
  );
}

/** Waits until the element is on screen. */
export async function shows(locator: Locator, timeoutMs = STEP_TIMEOUT_MS): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout: timeoutMs });
  return locator;
}

/** Waits until the element is gone or hidden. */
export async function hides(locator: Locator, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout: timeoutMs });
}

/** Waits until the element's visible text, with its white space collapsed, matches. */
export async function hasText(
  locator: Locator,
  expected: string | RegExp,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<string> {
  const matches = (text: string) =>
    typeof expected === 'string' ? text.includes(expected) : expected.test(text);
  const text = async () => (await locator.innerText({ timeout: 1000 })).replace(/\s+/g, ' ').trim();
  return until(text, matches, `text ${expected} in ${locator}`, timeoutMs);
}

/** Waits until the app has shown this alert (window.alert), which the visitor accepted. */
export async function alerted(visitor: Visitor, message: string, timeoutMs = STEP_TIMEOUT_MS): Promise<void> {
  await until(
    async () => visitor.alerts,
    (alerts) => alerts.includes(message),
    `the alert "${message}"`,
    timeoutMs,
  );
}

/** The page's address without the origin. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function atPath(
  page: Page,
  expected: string | RegExp,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<string> {
  const matches = (path: string) => (typeof expected === 'string' ? path === expected : expected.test(path));
  return until(async () => pathOf(page), matches, `the address ${expected}`, timeoutMs);
}

/** Rupees as the apps print them: ₹1,299 or ₹1,299.50. */
export const rupees = (value: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(value);

/** Rupees with two decimals, as the account area and the sandbox's dialog print them. */
export const rupees2 = (value: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe-core in the page and answers its serious and critical violations, readably. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as an inline <script>, which the pages' Content-Security-Policy blocks.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations as unknown as Violation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}: ` +
        v.nodes
          .map((n) => `${JSON.stringify(n.target)} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').trim()})`)
          .join('; '),
    );
}

/**
 * Opens the latest verification link the shop mailed to this address (read from the backend's
 * maildev, once `count` such mails arrived) in a new tab of the visitor's browser, as its owner
 * would from their inbox, and closes the tab once the page says the address is verified.
 */
export async function openVerificationLink(
  visitor: Visitor,
  backend: Backend,
  email: string,
  count = 1,
): Promise<void> {
  const link = await latestVerificationLink(backend, email, count);
  const tab = await visitor.context.newPage();
  await tab.goto(link);
  await shows(tab.getByRole('status').filter({ hasText: 'Your e-mail address is verified' }));
  await tab.close();
}

const FAILURE_DIR = join(tmpdir(), 'shop-browser-failures');

/**
 * A jest test that, when it fails, saves a full-page screenshot of each visitor's page into a temp
 * directory and adds its path and the pages' errors to the failure message.
 */
export function journey(
  name: string,
  visitors: () => (Visitor | undefined)[],
  body: () => Promise<void>,
  timeoutMs?: number,
) {
  it(
    name,
    async () => {
      try {
        await body();
      } catch (err) {
        mkdirSync(FAILURE_DIR, { recursive: true });
        const dir = mkdtempSync(join(FAILURE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-`));
        const notes: string[] = [];
        for (const [index, visitor] of visitors().entries()) {
          if (!visitor) continue;
          for (const [n, page] of visitor.context.pages().entries()) {
            if (page.isClosed()) continue;
            const file = join(dir, `visitor${index + 1}-page${n + 1}.png`);
            await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).catch(() => undefined);
            notes.push(`visitor ${index + 1} page ${n + 1} at ${page.url()}: ${file}`);
          }
          if (visitor.errors.length)
            notes.push(`visitor ${index + 1} page errors: ${visitor.errors.join(' | ')}`);
          if (visitor.alerts.length) notes.push(`visitor ${index + 1} alerts: ${visitor.alerts.join(' | ')}`);
        }
        process.stderr.write(`Browser test "${name}" failed; screenshots in ${dir}\n${notes.join('\n')}\n`);
        if (err instanceof Error) err.message += `\n\nScreenshots in ${dir}\n${notes.join('\n')}`;
        throw err;
      }
    },
    timeoutMs,
  );
}
