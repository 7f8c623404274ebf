import { expect, test } from "./fixtures.ts";
import { openDrawingPage } from "./helpers/page.ts";

test("the page loads from the production build with no console errors, failed requests or blocked content", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on("requestfailed", (request) =>
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await openDrawingPage(page);
  // The favicon is drawn once its image has loaded; wait for it so its requests are counted too.
  await expect
    .poll(() =>
      page.evaluate(
        () => [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].at(-1)?.href ?? "",
      ),
    )
    .toMatch(/^data:image\/png/);
  expect(problems).toEqual([]);
});
