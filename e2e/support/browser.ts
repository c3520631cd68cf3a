import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, installed by scripts/ensure-chromium.sh (`npm test` runs it first). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where each run leaves its screenshots (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(__dirname, '..', 'screenshots');

const EXPECTED_CONSOLE_ERRORS = [
  /^Failed to load resource: the server responded with a status of 4\d\d/,
  /Failed to load the PayPal JS SDK script/,
  /paypal\.com/,
];

export const WIDTHS = { mobile: 375, desktop: 1280 } as const;

// As root in a container, without a GPU, on a machine whose outside network is closed: no
// background calls to Google, which would be refused by the dozen.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

function chromiumPath(): string {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM}: run \`bash scripts/ensure-chromium.sh\` (npm test does) or set CHROMIUM_PATH`,
    );
  }
  return CHROMIUM;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * A browser with a profile on disk, not a fresh context: Chrome offers to install a web app only
 * outside incognito, which every `newContext` is.
 */
export async function launchWithProfile(origin: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'podz-e2e-profile-')), {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    baseURL: origin,
    viewport: { width: WIDTHS.desktop, height: 900 },
  });
}

/** A fresh browser profile (cookies of its own) at the given width. */
export async function newVisitor(
  browser: Browser,
  origin: string,
  width: number = WIDTHS.desktop,
  // `block` for a test that routes the app's own scripts: the worker would answer them first.
  serviceWorkers: 'allow' | 'block' = 'allow',
) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width, height: 900 },
    serviceWorkers,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Console errors count too (a render error caught by a boundary is not a page error), except
  // the browser's own line for an answered 4xx and the payment script this network cannot reach.
  // A failed load's line does not name its URL (a closed network fails PayPal's script by name
  // resolution), so the patterns read the line with where it came from.
  page.on('console', (message) => {
    const { url } = message.location();
    const text = url ? `${message.text()} (${url})` : message.text();
    if (message.type() !== 'error' || EXPECTED_CONSOLE_ERRORS.some((pattern) => pattern.test(text))) return;
    problems.push(`console error: ${text}`);
  });
  return { context, page, problems };
}

/**
 * Runs `action` (a load, a click, a navigation) and resolves once no request of the page has been
 * in flight for `quietMs`, or after 10 s: the page's data is in. Playwright's `networkidle` waits
 * 500 ms of quiet after a load, and only after a load.
 */
export async function quietAfter(page: Page, action: () => Promise<unknown>, quietMs = 250): Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  const started = () => {
    inFlight += 1;
    changed = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action();
    changed = Date.now();
    const deadline = changed + 10_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - changed < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Opens `route` in the app already loaded in `page` as its own links do (a history entry, then the
 * router's popstate), without loading the app again: the router and the guards decide and the
 * page's data arrives. A fraction of what a load costs (the bundle, the session check, the socket),
 * so a test that visits many routes loads the app once per way in and walks the rest.
 */
export const openInApp = (page: Page, route: string): Promise<void> =>
  quietAfter(page, () =>
    page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route),
  );

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
}

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

export async function signedInContext(
  browser: Browser,
  origin: string,
  username: string,
  password: string,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<{ context: BrowserContext; page: Page }> {
  const visitor = await newVisitor(browser, origin, WIDTHS.desktop, serviceWorkers);
  await signInThroughForm(visitor.page, username, password);
  return visitor;
}

/** axe-core's serious and critical findings on the current page (WCAG 2 A and AA rules). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol, which the site's Content-Security-Policy does not govern
  // (a script tag would be refused, as it should be).
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.targets.join(', ')})`,
    );
}
