import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductsModule } from '../products/products.module';
import { CustomizationEntity } from './customization.entity';
import { CustomizationsRpcController } from './customizations.rpc-controller';
import { CustomizationsService } from './customizations.service';

@Module({
  imports: [TypeOrmModule.forFeature([CustomizationEntity]), ProductsModule],
  controllers: [CustomizationsRpcController],
  providers: [CustomizationsService],
})
export class CustomizationsModule {}
