import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailKind } from '@aprendiz/contract/notifications';
import type { Config } from '../../config';
import { loadOrCreateAuthSecret } from '../../providers/auth-local';

/**
 * A one-click unsubscribe link works signed out, so it carries its own proof: an HMAC over (user,
 * kind) under a key of its own derived from the deployment's secret. It can stop one kind of e-mail
 * for one person and nothing else; it never expires, as old e-mails must keep working.
 */
export interface UnsubscribeLinks {
  url(userId: string, kind: MailKind): string;
  verify(userId: string, kind: MailKind, signature: string): boolean;
}

export function createUnsubscribeLinks(secret: string, publicUrl: string): UnsubscribeLinks {
  const key = createHmac('sha256', secret).update('aprendiz:mail-unsubscribe').digest();
  const sign = (userId: string, kind: MailKind) =>
    createHmac('sha256', key).update(`${userId}\0${kind}`).digest();
  return {
    url(userId, kind) {
      const params = new URLSearchParams({
        u: userId,
        k: kind,
        s: sign(userId, kind).toString('base64url'),
      });
      return `${publicUrl}/api/notifications/unsubscribe?${params.toString()}`;
    },
    verify(userId, kind, signature) {
      const expected = sign(userId, kind);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The secret the deployment already keeps (as for position tokens); read once, on first use. */
export function unsubscribeLinksFor(config: Config): () => Promise<UnsubscribeLinks> {
  let links: Promise<UnsubscribeLinks> | undefined;
  return () => {
    links ??= (async () =>
      createUnsubscribeLinks(
        config.auth.provider === 'clerk'
          ? config.auth.secretKey
          : (config.auth.secret ?? (await loadOrCreateAuthSecret(config.dataDir))),
        config.publicUrl,
      ))();
    return links;
  };
}
