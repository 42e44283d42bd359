import { bootstrapService } from '@shop/kit';

void bootstrapService(async () => (await import('./app.module')).AppModule, 'admin-reporting');
