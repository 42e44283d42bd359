import { Inject, Injectable } from '@nestjs/common';
import { derivedKey, RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  ACCOUNT_SECURITY_MESSAGES,
  AdminTwoFactorChallenge,
  isTotpCode,
  TWO_FACTOR_CHALLENGE_MINUTES,
} from '@shop/proto';
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, type VerifyResult as TotpResult, verify } from 'otplib';
import { toDataURL } from 'qrcode';
import { DataSource, EntityManager } from 'typeorm';
import { LoginAttemptsService } from '../auth/login-attempts.service';
import type { UserConfig } from '../config/user-config';
import { AdminRecoveryCodeEntity } from './admin-recovery-code.entity';
import { AdminSignInChallengeEntity, ChallengePurpose } from './admin-sign-in-challenge.entity';
import { AdminEntity } from './admin.entity';
import { newRecoveryCodes, RecoveryCodeHashes } from './recovery-codes';
import { SealedSecrets } from './sealed-secrets';

/** A code of the step before or after the current one is taken too: a phone's clock may be off by that. */
const TOTP_TOLERANCE_SECONDS = 30;

/** Finishes a sign-in the second step allowed, in its transaction: the session's token. */
export type CompleteSignIn = (m: EntityManager, admin: AdminEntity) => Promise<string>;

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** Checks a code against the secret. otplib's verify checks TOTP unless told otherwise, and answers its result. */
const checkTotp = async (secret: string, token: string): Promise<TotpResult> =>
  (await verify({ secret, token, epochTolerance: TOTP_TOLERANCE_SECONDS })) as TotpResult;

/**
 * The second step of staff sign-in while the back office's two-factor setting is on: a TOTP code
 * from an authenticator app (set up with a QR code at the first sign-in), or a recovery code. A
 * wrong code is a failed login like a wrong password (same lock-out), and a locked account is
 * refused at every step.
 */
@Injectable()
export class TwoFactorService {
  private readonly secrets: SealedSecrets;
  private readonly recoveryHashes: RecoveryCodeHashes;

  constructor(
    private readonly dataSource: DataSource,
    private readonly attempts: LoginAttemptsService,
    @Inject(SERVICE_CONFIG) config: UserConfig,
  ) {
    this.secrets = new SealedSecrets(derivedKey(config.JWT_SECRET, 'shop admin authenticator secrets'));
    this.recoveryHashes = new RecoveryCodeHashes(derivedKey(config.JWT_SECRET, 'shop admin recovery codes'));
  }

  /**
   * After the right password: a challenge for the second step, bound to this admin and good for
   * TWO_FACTOR_CHALLENGE_MINUTES. Without an authenticator yet, a new secret to set one up with,
   * as an otpauth:// URL (issuer: the business name) and its QR code.
   */
  async challenge(admin: AdminEntity, issuer: string): Promise<AdminTwoFactorChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
    const row = { adminId: admin.id, tokenHash: hashChallenge(challenge), expiresAt };
    await this.dataSource.query(`DELETE FROM admin_sign_in_challenges WHERE expires_at < now()`);
    if (admin.totpSecret) {
      await this.dataSource.getRepository(AdminSignInChallengeEntity).insert({ ...row, purpose: 'verify' });
      return { twoFactor: 'verify', challenge };
    }
    const secret = generateSecret();
    await this.dataSource
      .getRepository(AdminSignInChallengeEntity)
      .insert({ ...row, purpose: 'enrol', totpSecret: this.secrets.seal(secret, admin.id) });
    const otpauthUrl = generateURI({ issuer, label: admin.email, secret });
    const qrCode = await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { twoFactor: 'enrol', challenge, otpauthUrl, qrCode, secret };
  }

  /**
   * The first code of the authenticator just set up: the secret becomes the admin's, ten recovery
   * codes replace any earlier ones, and the sign-in completes. The codes are answered once, here.
   */
  async enrol(
    input: { challenge: string; code: string },
    ip: string | undefined,
    complete: CompleteSignIn,
  ): Promise<{ token: string; admin: AdminEntity; recoveryCodes: string[] }> {
    let signedIn: { token: string; admin: AdminEntity; recoveryCodes: string[] } | undefined;
    const failure = await this.secondStep(input.challenge, 'enrol', ip, async (m, challenge, admin) => {
      const secret = challenge.totpSecret && this.secrets.open(challenge.totpSecret, admin.id);
      if (!secret) throw RpcError.unauthorized(ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired);
      const result = await checkTotp(secret, input.code);
      if (!result.valid) return ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong;
      const enrolled = {
        totpSecret: challenge.totpSecret,
        totpEnrolledAt: new Date(),
        totpLastStep: result.timeStep,
      };
      await m.update(AdminEntity, { id: admin.id }, enrolled);
      const recoveryCodes = newRecoveryCodes();
      await m.delete(AdminRecoveryCodeEntity, { adminId: admin.id });
      await m.insert(
        AdminRecoveryCodeEntity,
        recoveryCodes.map((code) => ({ adminId: admin.id, codeHash: this.recoveryHashes.hash(code) })),
      );
      const token = await complete(m, { ...admin, ...enrolled });
      signedIn = { token, admin, recoveryCodes };
      return null;
    });
    if (failure || !signedIn)
      throw RpcError.unauthorized(failure ?? ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong);
    return signedIn;
  }

  /**
   * A current code of the admin's authenticator, not of a time step already used (a code seen over
   * a shoulder or replayed does not sign in again), or an unused recovery code, which is spent.
   */
  async verify(
    input: { challenge: string; code: string },
    ip: string | undefined,
    complete: CompleteSignIn,
  ): Promise<{ token: string; admin: AdminEntity }> {
    let signedIn: { token: string; admin: AdminEntity } | undefined;
    const failure = await this.secondStep(input.challenge, 'verify', ip, async (m, _challenge, admin) => {
      const problem = isTotpCode(input.code)
        ? await this.takeTotp(m, admin, input.code)
        : await this.spendRecoveryCode(m, admin, input.code);
      if (problem) return problem;
      signedIn = { token: await complete(m, admin), admin };
      return null;
    });
    if (failure || !signedIn)
      throw RpcError.unauthorized(failure ?? ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong);
    return signedIn;
  }

  /**
   * Runs one second step as a login attempt of the challenge's admin. `check` runs in a transaction
   * holding the challenge and the admin, and answers why the code was refused (a failure toward the
   * lock-out) or null once it signed in; the challenge is then spent.
   */
  private async secondStep(
    token: string,
    purpose: ChallengePurpose,
    ip: string | undefined,
    check: (
      m: EntityManager,
      challenge: AdminSignInChallengeEntity,
      admin: AdminEntity,
    ) => Promise<string | null>,
  ): Promise<string | null> {
    const tokenHash = hashChallenge(token);
    const found = await this.liveChallenge(this.dataSource.manager, tokenHash, purpose);
    // Checked again under the locks below; here, so that a stale step is not counted as a failure.
    this.assertStep(
      purpose,
      await this.dataSource.manager.findOneByOrFail(AdminEntity, { id: found.adminId }),
    );
    let failure: string | null = null;
    await this.attempts.attempt({ realm: 'admin', accountKey: found.adminId, ip }, () =>
      this.dataSource.transaction(async (m) => {
        const challenge = await this.liveChallenge(m, tokenHash, purpose, true);
        const admin = await m
          .getRepository(AdminEntity)
          .createQueryBuilder('a')
          .where('a.id = :id', { id: challenge.adminId })
          .setLock('pessimistic_write')
          .getOneOrFail();
        this.assertStep(purpose, admin);
        failure = await check(m, challenge, admin);
        if (failure) return false;
        await m.update(AdminSignInChallengeEntity, { id: challenge.id }, { usedAt: new Date() });
        return true;
      }),
    );
    return failure;
  }

  /** Enrolment is for an admin without an authenticator (another browser may have set one up meanwhile); the code step for one with. */
  private assertStep(purpose: ChallengePurpose, admin: AdminEntity): void {
    if (purpose === 'enrol' && admin.totpSecret)
      throw RpcError.conflict(ACCOUNT_SECURITY_MESSAGES.twoFactorAlreadyEnrolled);
    if (purpose === 'verify' && !admin.totpSecret)
      throw RpcError.unauthorized(ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired);
  }

  /** The unspent, unexpired challenge for this step; anything else means signing in again. */
  private async liveChallenge(
    m: EntityManager,
    tokenHash: string,
    purpose: ChallengePurpose,
    lock = false,
  ): Promise<AdminSignInChallengeEntity> {
    const query = m
      .getRepository(AdminSignInChallengeEntity)
      .createQueryBuilder('c')
      .where('c.tokenHash = :tokenHash AND c.purpose = :purpose', { tokenHash, purpose })
      .andWhere('c.usedAt IS NULL AND c.expiresAt > now()');
    if (lock) query.setLock('pessimistic_write');
    const challenge = await query.getOne();
    if (!challenge) throw RpcError.unauthorized(ACCOUNT_SECURITY_MESSAGES.twoFactorSignInExpired);
    return challenge;
  }

  private async takeTotp(m: EntityManager, admin: AdminEntity, code: string): Promise<string | null> {
    const secret = this.secrets.open(admin.totpSecret!, admin.id);
    if (!secret) throw RpcError.unavailable(ACCOUNT_SECURITY_MESSAGES.twoFactorSecretUnreadable);
    const result = await checkTotp(secret, code);
    if (!result.valid) return ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong;
    if (admin.totpLastStep !== null && result.timeStep <= admin.totpLastStep)
      return ACCOUNT_SECURITY_MESSAGES.twoFactorCodeUsed;
    await m.update(AdminEntity, { id: admin.id }, { totpLastStep: result.timeStep });
    return null;
  }

  private async spendRecoveryCode(
    m: EntityManager,
    admin: AdminEntity,
    code: string,
  ): Promise<string | null> {
    const [spent]: [unknown[], number] = await m.query(
      `UPDATE admin_recovery_codes SET used_at = now()
        WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
      [admin.id, this.recoveryHashes.hash(code)],
    );
    return spent.length ? null : ACCOUNT_SECURITY_MESSAGES.twoFactorCodeWrong;
  }
}
