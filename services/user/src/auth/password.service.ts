import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';

/** argon2id hashes. Checking a login for an unknown account costs the same as for a known one. */
@Injectable()
export class PasswordService {
  private decoy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /** False for a wrong password and for a missing account (after the same amount of work). */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      this.decoy ??= this.hash(randomUUID());
      await argon2.verify(await this.decoy, password);
      return false;
    }
    return argon2.verify(hash, password);
  }
}
