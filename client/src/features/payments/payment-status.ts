import type { PurchaseStatus } from '@aprendiz/contract/payments';

/** Each status as the buyer reads it: the payment page's heading, and the return from a provider. */
export const PAYMENT_STATUS_TEXT: Record<PurchaseStatus, string> = {
  pending: 'Escolha um método de pagamento',
  awaiting_payment: 'Aguardando pagamento',
  completed: 'Pagamento concluído',
  expired: 'Pagamento expirado',
  failed: 'Pagamento não concluído',
  refund_pending: 'Pagamento a devolver',
  refunded: 'Pagamento devolvido',
};

/** What a buyer whose money has not arrived yet is told, wherever they are told it. */
export const AWAITING_PAYMENT_NOTE =
  'Assim que o valor chegar, o curso aparece em Meus Cursos: você pode fechar esta página.';
