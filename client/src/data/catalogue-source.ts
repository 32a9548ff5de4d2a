import type {
  CatalogueSource,
  CertificateSource,
  RenderContext,
  ViewerSource,
} from '@aprendiz/contract/rendering';

function isRenderContext(context: unknown): context is RenderContext {
  return typeof context === 'object' && context !== null && 'catalogue' in context;
}

let browserSource: Promise<CatalogueSource> | null = null;

/** The source for a loader: the server renderer's when rendering there, the JSON API's in the browser. */
export function catalogueSource(context: unknown): Promise<CatalogueSource> {
  if (isRenderContext(context)) return Promise.resolve(context.catalogue);
  browserSource ??= import('./api-catalogue-source').then((module) => module.apiCatalogueSource);
  return browserSource;
}

let browserCertificates: Promise<CertificateSource> | null = null;

/** The certificates for a loader: the server renderer's when rendering there, the JSON API's in the browser. */
export function certificateSource(context: unknown): Promise<CertificateSource> {
  if (isRenderContext(context)) return Promise.resolve(context.certificates);
  browserCertificates ??= import('./api-catalogue-source').then(
    (module) => module.apiCertificateSource,
  );
  return browserCertificates;
}

/** The signed-in viewer a page is being drawn for on the server; null in the browser and for visitors. */
export function serverViewer(context: unknown): ViewerSource | null {
  return isRenderContext(context) ? (context.viewer ?? null) : null;
}
