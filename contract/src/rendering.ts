import type { UserData } from './auth';
import type { Certificate } from './certificates';
import type { EnrolledCoursesResponse } from './learning';
import { isCurrency, type Currency } from './rules/currency';
import { isPaymentMethod, type PaymentMethod } from './rules/payment-methods';
import type { CourseReviewsResponse } from './reviews';
import type {
  CourseDetail,
  CourseSearchQuery,
  CourseSearchResponse,
  CourseSummary,
} from './courses';

/**
 * What the public pages' loaders read. The server renderer passes one built on the same services and
 * caches as the JSON API (no HTTP call to itself); in the browser it is the API.
 */
export interface CatalogueSource {
  /** The home page's courses, as GET /api/course/teaser sends them: no page reads the whole catalogue. */
  teaser(): Promise<CourseSummary[]>;
  /** A published course as an anonymous visitor sees it, or null when there is none. */
  course(courseId: string): Promise<CourseDetail | null>;
  search(query: CourseSearchQuery): Promise<CourseSearchResponse>;
  /** A page (from 1) of a published course's reviews, or null when there is no such course. */
  reviews(courseId: string, page: number): Promise<CourseReviewsResponse | null>;
}

/** Issued certificates, as their public verification page reads them. */
export interface CertificateSource {
  /** The certificate with this id, or null when none was issued. */
  certificate(id: string): Promise<Certificate | null>;
}

/**
 * What a deployment sells with, known only when its server runs (`CURRENCY`, the payment
 * providers configured): the same built client shows each server's own.
 */
export type Storefront = { currency: Currency; methods: PaymentMethod[] };

/** Who a signed-in page is drawn for, as the browser's session names them. */
export type Viewer = { id: string; name: string; email: string; imageUrl: string };

/**
 * The signed-in person a private page is drawn for (the page session's cookie named them), and
 * their reads from the same services and caches as GET /api/user/data and
 * /api/user/enrolled-courses.
 */
export interface ViewerSource {
  user: Viewer;
  userData(): Promise<UserData>;
  enrolled(): Promise<EnrolledCoursesResponse>;
}

/** The request context the server renderer hands to the loaders. */
export type RenderContext = {
  catalogue: CatalogueSource;
  certificates: CertificateSource;
  storefront: Storefront;
  /** Set when the request carried a valid page session; only signed-in pages read it. */
  viewer?: ViewerSource | null;
};

/**
 * The hydration data's key naming whom a signed-in page was drawn for, beside the router's state:
 * the browser hydrates that page as that person, then goes on with its own session.
 */
export const HYDRATION_VIEWER_KEY = 'viewer';

/** The server entry's answer for one address. */
export type RenderedPage =
  /** Not a server-rendered route (a signed-in area): the app shell renders it in the browser. */
  | { kind: 'client' }
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** Tags for <head>: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
      head: string;
      /** The markup of #root. */
      html: string;
      /** The router's hydration data as JSON, safe to place inside a <script> element. */
      hydration: string;
      /**
       * Drawn for the signed-in viewer: sent to them alone, never cached nor shared
       * (`Cache-Control: private, no-store`).
       */
      private?: boolean;
    };

/** The server bundle's exports (client/src/entry-server.tsx). */
export interface ServerEntry {
  render(request: Request, context: RenderContext, origin: string): Promise<RenderedPage>;
}

export { HYDRATION_DATA_ID } from './hydration';

/**
 * The storefront as attributes of the page's <html> element, written by the server into every HTML it
 * serves (rendered pages and the app shell), so the browser knows it before any script or request.
 * Only known words are written (a currency code, method ids): nothing to escape.
 */
export function storefrontAttributes(storefront: Storefront): string {
  const methods = storefront.methods.filter(isPaymentMethod).join(' ');
  return ` data-currency="${storefront.currency}" data-payment-methods="${methods}"`;
}

/**
 * The storefront the page's <html> carries (`element.dataset`), or `fallback` for what it lacks: a
 * page the server did not write (the Vite dev server, a shell cached before the attributes existed).
 */
export function readStorefront(
  dataset: { currency?: string; paymentMethods?: string },
  fallback: Storefront,
): Storefront {
  const currency = dataset.currency;
  const methods = [...new Set((dataset.paymentMethods ?? '').split(' ').filter(isPaymentMethod))];
  return {
    currency: currency && isCurrency(currency) ? currency : fallback.currency,
    methods: methods.length > 0 ? methods : fallback.methods,
  };
}
