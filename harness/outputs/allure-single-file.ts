/**
 * Makes Allure 3's single-file report (awesome plugin, `singleFile: true`) open from disk.
 *
 * The single file carries every data file inline (`window.allureReportData`), but it declares
 * that object in a script at the end of the body, after the app's script. The app, started
 * first, finds no inline data and fetches `widgets/*.json` beside the page instead: from
 * file:// the browser refuses, and the page spins forever. Declaring the (still empty) object
 * in the head, before the app, makes the app wait for the inline data (`allureReportDataReady`).
 *
 * The page also loads Google Analytics (awesome hard-codes it). A report of a partner's
 * certification run is not for a third party to hear about, and it must not need a network:
 * that script is removed.
 */
const EARLY_DATA =
  '<script>window.allureReportData=window.allureReportData||{};window.allureReportDataReady=false;</script>';
const ANALYTICS =
  /<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>\s*<script>\s*window\.dataLayer[\s\S]*?<\/script>/;

export function openableFromDisk(html: string): string {
  if (!html.includes('window.allureReportDataReady = false')) {
    throw new Error(
      'not an Allure single-file report (no inline report data): is the awesome plugin run with singleFile?',
    );
  }
  if (!/<head>/i.test(html)) throw new Error('the Allure report has no <head>');
  return html.replace(/<head>/i, `<head>${EARLY_DATA}`).replace(ANALYTICS, '');
}
