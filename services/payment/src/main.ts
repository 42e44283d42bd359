import { startTracing } from '@shop/kit/dist/tracing/start-tracing';

// Before anything loads pg, so that the pg instrumentation can hook it.
startTracing('payment');

import { bootstrapService } from '@shop/kit';

void bootstrapService(async () => (await import('./app.module')).AppModule, 'payment');
