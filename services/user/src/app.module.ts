import { Module } from '@nestjs/common';
import { KitModule } from '@shop/kit';
import { AddressEntity } from './addresses/address.entity';
import { AddressesModule } from './addresses/addresses.module';
import { AdminRecoveryCodeEntity } from './admins/admin-recovery-code.entity';
import { AdminSignInChallengeEntity } from './admins/admin-sign-in-challenge.entity';
import { AdminEntity } from './admins/admin.entity';
import { AdminsModule } from './admins/admins.module';
import { LoginAttemptEntity } from './auth/login-attempt.entity';
import { userEnvSchema } from './config/user-config';
import { CustomerAccountsModule } from './customers/customer-accounts.module';
import { EmailVerificationLinkEntity } from './email-verification/email-verification-link.entity';
import { EmailVerificationModule } from './email-verification/email-verification.module';
import { UserTables1714000000000 } from './migrations/1714000000000-user-tables';
import { UserSettingsDeactivation1741000000000 } from './migrations/1741000000000-user-settings-deactivation';
import { PasswordResets1760000000000 } from './migrations/1760000000000-password-resets';
import { GoogleSignIn1770000000000 } from './migrations/1770000000000-google-sign-in';
import { TokenVersions1780000000000 } from './migrations/1780000000000-token-versions';
import { Sessions1790000000000 } from './migrations/1790000000000-sessions';
import { Mails1800000000000 } from './migrations/1800000000000-mails';
import { EmailVerification1801000000000 } from './migrations/1801000000000-email-verification';
import { AdminTwoFactor1802000000000 } from './migrations/1802000000000-admin-two-factor';
import { MailModule } from './mail/mail.module';
import { GoogleSignInModule } from './google-sign-in/google-sign-in.module';
import { PasswordResetEntity } from './password-reset/password-reset.entity';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { SessionEntity } from './sessions/session.entity';
import { SettingsModule } from './settings/settings.module';
import { ShopSettingsEntity } from './settings/shop-settings.entity';
import { UserEntity } from './users/user.entity';
import { UsersModule } from './users/users.module';
import { WishlistItemEntity } from './wishlist/wishlist-item.entity';
import { WishlistModule } from './wishlist/wishlist.module';

@Module({
  imports: [
    KitModule.forService({
      service: 'user',
      entities: [
        UserEntity,
        AdminEntity,
        AddressEntity,
        WishlistItemEntity,
        LoginAttemptEntity,
        ShopSettingsEntity,
        PasswordResetEntity,
        SessionEntity,
        EmailVerificationLinkEntity,
        AdminSignInChallengeEntity,
        AdminRecoveryCodeEntity,
      ],
      migrations: [
        UserTables1714000000000,
        UserSettingsDeactivation1741000000000,
        PasswordResets1760000000000,
        GoogleSignIn1770000000000,
        TokenVersions1780000000000,
        Sessions1790000000000,
        Mails1800000000000,
        EmailVerification1801000000000,
        AdminTwoFactor1802000000000,
      ],
      envSchema: userEnvSchema,
    }),
    MailModule,
    UsersModule,
    AddressesModule,
    WishlistModule,
    AdminsModule,
    SettingsModule,
    CustomerAccountsModule,
    PasswordResetModule,
    GoogleSignInModule,
    EmailVerificationModule,
  ],
})
export class AppModule {}
