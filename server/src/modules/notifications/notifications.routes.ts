import { Router, type Response } from 'express';
import {
  mailPreferencesSchema,
  markReadBodySchema,
  unsubscribeQuerySchema,
  type MailKind,
} from '@aprendiz/contract/notifications';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth } from '../../http/auth';
import { parseInput as parseBody } from '../../http/validate';
import { escapeHtml } from '../mail/mail-templates';
import {
  getMailPreferences,
  getNotifications,
  markNotificationsRead,
  saveMailPreferences,
  unsubscribe,
} from './notifications.service';
import { unsubscribeLinksFor } from './unsubscribe-links';

const KIND_NAMES: Record<MailKind, string> = {
  answers: 'as respostas às suas perguntas',
  digest: 'o resumo diário de perguntas sem resposta',
};

/** A page of its own: the link is opened from an e-mail, signed out, maybe with no app loaded. */
function page(res: Response, status: number, heading: string, body: string) {
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#0f172a"><h1 style="font-size:22px">${escapeHtml(heading)}</h1>${body}<p><a href="/">Voltar à página inicial</a></p></body></html>`,
    );
}

export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = requireAuth(deps.auth);
  const links = unsubscribeLinksFor(deps.config);

  router.get('/notifications', auth, async (req, res) => {
    const result = await getNotifications(deps, currentUser(req));
    res.json({ success: true, ...result });
  });

  router.post('/notifications/read', auth, async (req, res) => {
    const { ids } = parseBody(markReadBodySchema, req.body);
    const unread = await markNotificationsRead(deps, currentUser(req), ids);
    res.json({ success: true, unread });
  });

  router.get('/notifications/preferences', auth, async (req, res) => {
    const preferences = await getMailPreferences(deps, currentUser(req));
    res.json({ success: true, preferences });
  });

  router.put('/notifications/preferences', auth, async (req, res) => {
    const input = parseBody(mailPreferencesSchema, req.body);
    const preferences = await saveMailPreferences(deps, currentUser(req), input);
    res.json({ success: true, preferences });
  });

  /**
   * Opening the link shows one button; the POST it sends (also what a mail client's one-click
   * List-Unsubscribe-Post sends) stops the e-mail. Link scanners that open every link in a mailbox
   * therefore unsubscribe nobody.
   */
  router.get('/notifications/unsubscribe', (req, res) => {
    const link = unsubscribeQuerySchema.safeParse(req.query);
    if (!link.success)
      return page(res, 400, 'Link inválido', '<p>Este link de cancelamento não é válido.</p>');
    const action = `?${new URLSearchParams(link.data).toString()}`;
    page(
      res,
      200,
      'Cancelar e-mails',
      `<p>Deixar de receber ${escapeHtml(KIND_NAMES[link.data.k])}?</p><form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:16px;padding:10px 18px">Cancelar estes e-mails</button></form>`,
    );
  });

  router.post('/notifications/unsubscribe', async (req, res) => {
    const link = unsubscribeQuerySchema.safeParse(req.query);
    const done = link.success && (await unsubscribe(deps, await links(), link.data));
    if (!done || !link.success) {
      return page(res, 400, 'Link inválido', '<p>Este link de cancelamento não é válido.</p>');
    }
    page(
      res,
      200,
      'E-mails cancelados',
      `<p>Você não vai mais receber ${escapeHtml(KIND_NAMES[link.data.k])}. Pode voltar a ativá-los no seu perfil.</p>`,
    );
  });

  return router;
}
