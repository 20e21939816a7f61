import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts sensitive fields at rest with AES-256-GCM. The stored form is
 * `v1.<iv>.<ciphertext>.<tag>` (base64url); `context` is bound as additional data so a
 * value copied to another row or column does not decrypt.
 */
export class FieldEncryption {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('field encryption key must be 32 bytes');
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
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
