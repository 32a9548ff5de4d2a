import { data, type RouteObject } from 'react-router-dom';
import type * as ConsolePages from '../pages/admin';
import { Loader } from '../components/loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { loadRoot, ROOT_ROUTE_ID } from '../context/root-route';
import { resourceRoute } from '../data/resource';
import { courseListPolicy, rootPolicy, sameForEveryUser } from '../data/revalidation';
import { AppRoot } from './app-root';
import { NotFoundPage, notFoundHandle } from './not-found-page';
import { PublicErrorBoundary, PublicLayout } from './public-layout';

/** A page module: its component as the default export, and optionally a loader and a handle. */
type PageModule = {
  default: React.ComponentType;
  loader?: RouteObject['loader'];
  shouldRevalidate?: RouteObject['shouldRevalidate'];
  handle?: unknown;
  ErrorBoundary?: React.ComponentType;
};

/** Every page is its own chunk: a page loads the code it uses and no other page's (the first
 * script's budget, scripts/bundle-size.mjs). */
function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    // Only what the module defines: an undefined key would wipe what the route sets itself
    // (the home and course list's shouldRevalidate) when src/app/start.tsx assigns it.
    return {
      Component: module.default,
      ...(module.loader ? { loader: module.loader } : {}),
      ...(module.shouldRevalidate ? { shouldRevalidate: module.shouldRevalidate } : {}),
      ...(module.handle ? { handle: module.handle } : {}),
      ...(module.ErrorBoundary ? { ErrorBoundary: module.ErrorBoundary } : {}),
    };
  };
}

/** A console page: they all arrive in one chunk, through one import (pages/admin/index.ts). */
function consolePage(name: keyof typeof ConsolePages): RouteObject['lazy'] {
  return page(() => import('../pages/admin').then((pages) => pages[name]));
}

/**
 * The route table as a data router: the public pages load their data through loaders, so the
 * server renders them with content and the browser hydrates them with the same data; the signed-in
 * areas render in the browser only.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    element: <AppRoot />,
    // The signed-in user's data and enrollments (nothing on the server, which renders signed out).
    loader: loadRoot,
    shouldRevalidate: rootPolicy,
    // A page that starts in the browser (a signed-in area, or the shell the server fell back to)
    // shows the loader while its route's code and data arrive.
    HydrateFallback: Loader,
    // Whatever escapes a page is said in Portuguese with a retry, not React Router's developer screen.
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        element: <PublicLayout />,
        // A public page that throws keeps the top bar, the footer and the toasts (the root's).
        ErrorBoundary: PublicErrorBoundary,
        children: [
          {
            index: true,
            shouldRevalidate: sameForEveryUser,
            lazy: page(() => import('../pages/public/home')),
          },
          // The catalogue and certificates read the same for everyone: signing in keeps them.
          {
            path: 'course-list',
            shouldRevalidate: courseListPolicy,
            lazy: page(() => import('../pages/public/course-list')),
          },
          {
            path: 'course-list/:input',
            shouldRevalidate: courseListPolicy,
            lazy: page(() => import('../pages/public/course-list')),
          },
          { path: 'course/:id', lazy: page(() => import('../pages/public/course-detail')) },
          { path: 'mentors-list', lazy: page(() => import('../pages/public/mentors')) },
          { path: 'job-list', lazy: page(() => import('../pages/public/job-list')) },
          { path: 'privacy-policy', lazy: page(() => import('../pages/public/privacy-policy')) },
          { path: 'contact', lazy: page(() => import('../pages/public/contact')) },
          {
            path: 'certificate/:id',
            shouldRevalidate: sameForEveryUser,
            lazy: page(() => import('../pages/certificate/certificate-page')),
          },
          { path: 'reset-password', lazy: page(() => import('../pages/account/reset-password')) },
          { path: 'verify-email', lazy: page(() => import('../pages/account/verify-email')) },
          { path: 'profile', lazy: page(() => import('../pages/account/profile')) },
          { path: 'loading/*', lazy: page(() => import('../pages/public/loading')) },
          { path: 'my-enrollments', lazy: page(() => import('../pages/student/my-enrollments')) },
          {
            path: 'player/:courseId',
            lazy: page(() => import('../pages/student/player')),
            children: [
              {
                path: 'quiz/:quizId',
                lazy: page(() => import('../pages/student/player/quiz-page')),
              },
            ],
          },
          { path: 'checkout/:purchaseId', lazy: page(() => import('../pages/student/checkout')) },
          {
            path: 'payment/:purchaseId',
            lazy: page(() => import('../pages/student/payment')),
          },
          {
            // The operators' console: its gate asks the server who may see it.
            path: 'admin',
            lazy: consolePage('layout'),
            children: [
              { index: true, lazy: consolePage('overview') },
              { path: 'people', lazy: consolePage('people') },
              { path: 'people/:id', lazy: consolePage('person') },
              { path: 'courses', lazy: consolePage('courses') },
              { path: 'applications', lazy: consolePage('applications') },
              { path: 'money', lazy: consolePage('money') },
              { path: 'payouts', lazy: consolePage('payouts') },
              { path: 'privacy', lazy: consolePage('privacy') },
              { path: 'moderation', lazy: consolePage('moderation') },
              { path: 'jobs', lazy: consolePage('jobs') },
              { path: 'audit', lazy: consolePage('audit') },
            ],
          },
          {
            path: '*',
            Component: NotFoundPage,
            // The status reaches the server's answer: an unknown address is a 404, not a 200.
            loader: () => data(null, { status: 404 }),
            handle: notFoundHandle,
          },
        ],
      },
      {
        // The public navigation, footer and install prompt are hidden on educator routes.
        path: 'educator',
        lazy: page(() => import('../pages/educator/educator-layout')),
        children: [
          { index: true, lazy: page(() => import('../pages/educator/dashboard')) },
          { path: 'add-course', lazy: page(() => import('../pages/educator/add-course')) },
          { path: 'course/:id/edit', lazy: page(() => import('../pages/educator/edit-course')) },
          {
            path: 'course/:id/coupons',
            lazy: page(() => import('../pages/educator/course-coupons')),
          },
          {
            path: 'course/:id/preview',
            lazy: page(() => import('../pages/educator/course-preview')),
          },
          {
            path: 'course/:id/quizzes',
            lazy: page(() => import('../pages/educator/quiz-stats')),
          },
          { path: 'my-courses', lazy: page(() => import('../pages/educator/my-courses')) },
          {
            path: 'student-enrolled',
            lazy: page(() => import('../pages/educator/student-enrolled')),
          },
          { path: 'questions', lazy: page(() => import('../pages/educator/questions-inbox')) },
          { path: 'payouts', lazy: page(() => import('../pages/educator/payouts')) },
        ],
      },
    ],
  },
  // Panels' reads through fetchers (questions, notes, the bell, the mail preferences).
  resourceRoute,
];

/** The paths rendered on the server; every other address gets the app shell and renders in the browser. */
export const SERVER_RENDERED_PATHS = [
  '/',
  '/course-list',
  '/course-list/:input',
  '/course/:id',
  '/mentors-list',
  '/job-list',
  '/privacy-policy',
  '/contact',
  '/certificate/:id',
] as const;

/**
 * The signed-in pages the server draws for a viewer its page session names (with no valid one
 * they get the app shell, as every other signed-in address does).
 */
export const SIGNED_IN_RENDERED_PATHS = ['/my-enrollments'] as const;
