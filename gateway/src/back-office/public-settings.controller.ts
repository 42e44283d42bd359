import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { storefrontSettingsOf, StorefrontSettingsReply } from '@shop/proto';
import { ShopSettingsState } from './shop-settings.state';

/**
 * The settings any visitor may read (shipping, tax, contact), so the storefront shows the shop's
 * real figures without a session. Served from the copy the gateway keeps; open in maintenance mode.
 */
@ApiTags('storefront: settings')
@Controller('api/settings/public')
export class PublicSettingsController {
  constructor(private readonly state: ShopSettingsState) {}

  @Get()
  async get(): Promise<StorefrontSettingsReply> {
    return { success: true, settings: storefrontSettingsOf(await this.state.current()) };
  }
}
