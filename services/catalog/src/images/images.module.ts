import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@shop/kit';
import type { CatalogConfig } from '../config/catalog-config';
import { ProductsModule } from '../products/products.module';
import { IMAGE_STORAGE, LocalImageStorage } from './image-storage';
import { ImagesRpcController } from './images.rpc-controller';
import { ImagesService } from './images.service';
import { PictureConversion } from './picture-conversion';

@Module({
  imports: [ProductsModule],
  controllers: [ImagesRpcController],
  providers: [
    ImagesService,
    PictureConversion,
    {
      provide: IMAGE_STORAGE,
      useFactory: (config: CatalogConfig) =>
        new LocalImageStorage(config.UPLOADS_DIR, config.UPLOADS_PUBLIC_URL),
      inject: [SERVICE_CONFIG],
    },
  ],
})
export class ImagesModule {}
