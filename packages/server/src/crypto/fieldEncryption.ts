import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts sensitive fields at rest with AES-256-GCM. The stored form is
 * `v1.<iv>.<ciphertext>.<tag>` (base64url); `context` is bound as additional data so a
 * value copied to another row or column does not decrypt.
 */
export class FieldEncryption {
  private readonly key: Buffer;

  /** `dataKey` is the configured DATA_ENCRYPTION_KEY; this use gets its own key derived from it. */
  constructor(dataKey: Buffer) {
    if (dataKey.length !== 32) throw new Error('field encryption key must be 32 bytes');
    this.key = Buffer.from(
      hkdfSync('sha256', dataKey, Buffer.alloc(0), 'verity field encryption', 32),
    );
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string, context: string): string {
    const [version, iv, ciphertext, tag] = stored.split('.');
    if (version !== 'v1' || iv === undefined || ciphertext === undefined || tag === undefined) {
      throw new Error('not an encrypted field');
    }
    const authTag = Buffer.from(tag, 'base64url');
    if (authTag.length !== 16) throw new Error('not an encrypted field');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(authTag);
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
