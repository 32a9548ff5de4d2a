import { z } from 'zod';

/**
 * pending: checkout open (at most one per buyer and course) · completed: paid, counts as revenue ·
 * failed: cancelled or expired · refund_pending / refunded: paid a second time for a course the buyer
 * already had, so the money goes back and never counts as revenue.
 */
export const PURCHASE_STATUSES = [
  'pending',
  'completed',
  'failed',
  'refund_pending',
  'refunded',
] as const;
/** Money taken for a course the buyer already had: owed back or given back, never revenue. */
export const REFUND_STATUSES = [
  'refund_pending',
  'refunded',
] as const satisfies readonly (typeof PURCHASE_STATUSES)[number][];

export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

export const purchaseViewSchema = z.object({
  _id: z.string(),
  status: purchaseStatusSchema,
  amount: z.number(),
  currency: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  educatorName: z.string(),
});
export type PurchaseView = z.infer<typeof purchaseViewSchema>;

export const purchaseViewResponseSchema = z.object({
  success: z.literal(true),
  purchase: purchaseViewSchema,
});
export type PurchaseViewResponse = z.infer<typeof purchaseViewResponseSchema>;
