import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url: refresh tokens, link tokens, OAuth state. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A numeric code of `digits` digits (leading zeros kept). */
export const randomCode = (digits = 6): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const sealKey = (secret: string) => createHash('sha256').update(`kalkulus-seal:${secret}`).digest();

/** Encrypts `plain` with a key only the holder of `secret` can derive (AES-256-GCM). */
export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The inverse of `seal`; null when the secret does not fit. */
export function unseal(secret: string, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
