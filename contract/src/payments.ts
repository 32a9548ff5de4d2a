import { z } from 'zod';

export const purchaseStatusSchema = z.enum(['pending', 'completed', 'failed']);
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
