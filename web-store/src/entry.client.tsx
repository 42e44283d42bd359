import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page in one task (Lighthouse, mobile: total blocking time).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
