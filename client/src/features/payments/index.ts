/*
 * The payments feature: choosing a method, buying and enrolling, coupons, the payment and sandbox
 * checkout pages, refunds, and what a page is told after paying. Pages import only from here.
 */
export { afterPayment, paidCourseTitle, type AfterPaymentState } from './after-payment';
export { CouponField, CouponPrice } from './coupon-field';
export { asksEuWaiver, EuWaiverField } from './eu-waiver-field';
export {
  CheckoutPage,
  PaymentPage,
  ProviderReturn,
  RefundAction,
  RefundDestinationAction,
} from './lazy-parts';
export { PaymentChoice, PHONE_MISSING, type PaymentChoiceValue } from './payment-choice';
export { loadProviderReturn, RETURNED_PURCHASE_PARAM } from './provider-return-loader';
export { loadPurchase } from './read-purchase';
export { refundMoney } from './refund-money';
export { useContinuePurchase } from './use-continue-purchase';
export { useCoupon, type CouponState } from './use-coupon';
export { useEnrollAction, type EnrollAction } from './use-enroll-action';
