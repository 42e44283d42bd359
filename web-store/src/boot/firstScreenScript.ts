import { startFirstScreen, type BootFiles } from './firstScreen';

/** The app's and the catalog pages' files, which the build writes on this script's tag. */
function bootFiles(): BootFiles {
  const data = document.currentScript?.dataset ?? {};
  return { pages: parse(data.pages), app: parse(data.app) };
}

function parse<T>(json: string | undefined): T | undefined {
  try {
    return json ? (JSON.parse(json) as T) : undefined;
  } catch {
    return undefined;
  }
}

startFirstScreen(window.location, bootFiles());
