// The console's pages, for the router's one import of them: they are thin and share features/admin's
// chunk anyway, and one import keeps the route table every page's first script carries short.
export * as layout from './admin-layout';
export * as overview from './overview';
export * as people from './people';
export * as person from './person';
export * as courses from './courses';
export * as applications from './applications';
export * as money from './money';
export * as payouts from './payouts';
export * as privacy from './privacy';
export * as moderation from './moderation';
export * as jobs from './jobs';
export * as audit from './audit';
