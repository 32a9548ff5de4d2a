import type { Certificate } from './certificates';
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
  /** The published catalogue, in the order GET /api/course/all sends it. */
  courses(): Promise<CourseSummary[]>;
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

/** The request context the server renderer hands to the loaders. */
export type RenderContext = { catalogue: CatalogueSource; certificates: CertificateSource };

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
    };

/** The server bundle's exports (client/src/entry-server.tsx). */
export interface ServerEntry {
  render(request: Request, context: RenderContext, origin: string): Promise<RenderedPage>;
}

/** The id of the element holding the router's hydration data in the rendered HTML. */
export const HYDRATION_DATA_ID = 'router-data';
