import { startFirstScreen } from './firstScreen';

/** The scripts and stylesheets of each catalog page, which the build writes on this script's tag. */
function pageFiles(): Record<string, string[]> {
  try {
    return JSON.parse(document.currentScript?.dataset.pages ?? '{}') as Record<string, string[]>;
  } catch {
    return {};
  }
}

startFirstScreen(window.location, pageFiles());
