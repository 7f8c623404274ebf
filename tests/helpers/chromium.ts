/**
 * How every Chromium of the project is started (end-to-end tests and benchmarks through Playwright; Lighthouse's
 * through chrome-launcher takes the path and ADDRESS_BAR_POPUPS): Debian's build, never a downloaded one, and
 * without the background services that would reach for a network this machine lacks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The features Playwright itself turns off (playwright-core 1.65, chromiumSwitches.ts). Chromium keeps only the last
 * --disable-features it is given, so a list of ours must repeat Playwright's or it would switch them back on;
 * tests/e2e/test-browser.spec.ts fails when Playwright's list has an entry this one lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Debian's Chromium runs headless as the full browser: every new browser context (one per test) opens a window
 * whose address bar loads its suggestion popups, two WebUI pages in a renderer of their own, which no test ever
 * shows. That cost about 1.9 of the 3.7 s of CPU a test's context and page open took on the 2-core machine of
 * 2026-11-26.
 */
export const ADDRESS_BAR_POPUPS: readonly string[] = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(",")}`,
];
