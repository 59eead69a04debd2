import { hash, verify } from '@node-rs/argon2';
import { Injectable } from '@nestjs/common';

/** argon2id with the library's defaults (19 MiB, 2 passes): only the hash ever reaches an event. */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) return false;
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
