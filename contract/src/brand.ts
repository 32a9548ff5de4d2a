/** The platform's name: the issuer its certificates name, the sender its mail signs as. */
export const BRAND_NAME = 'Aprendiz';
