import { lazy, Suspense } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { Loader } from '../components/loader';
import HomePage from '../pages/public/home';
import { AppRoot } from './app-root';
import { NotFoundPage } from './not-found-page';
import { PublicLayout } from './public-layout';

// Every page but Home is its own chunk (the JS loaded by / has a 120 kB budget).
const CourseListPage = lazy(() => import('../pages/public/course-list'));
const CourseDetailPage = lazy(() => import('../pages/public/course-detail'));
const MentorsPage = lazy(() => import('../pages/public/mentors'));
const JobListPage = lazy(() => import('../pages/public/job-list'));
const PrivacyPolicyPage = lazy(() => import('../pages/public/privacy-policy'));
const ContactPage = lazy(() => import('../pages/public/contact'));
const LoadingPage = lazy(() => import('../pages/public/loading'));
const MyEnrollmentsPage = lazy(() => import('../pages/student/my-enrollments'));
const PlayerPage = lazy(() => import('../pages/student/player'));
const CheckoutPage = lazy(() => import('../pages/student/checkout'));

// The educator area is one lazy chunk for its shell; each of its pages (Quill with Add Course) is its own.
const EducatorLayout = lazy(() => import('../pages/educator/educator-layout'));
const EducatorDashboardPage = lazy(() => import('../pages/educator/dashboard'));
const EducatorAddCoursePage = lazy(() => import('../pages/educator/add-course'));
const EducatorMyCoursesPage = lazy(() => import('../pages/educator/my-courses'));
const EducatorStudentEnrolledPage = lazy(() => import('../pages/educator/student-enrolled'));

/** Spec §2's route table. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'course-list', element: <CourseListPage /> },
          { path: 'course-list/:input', element: <CourseListPage /> },
          { path: 'course/:id', element: <CourseDetailPage /> },
          { path: 'mentors-list', element: <MentorsPage /> },
          { path: 'job-list', element: <JobListPage /> },
          { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'loading/*', element: <LoadingPage /> },
          { path: 'my-enrollments', element: <MyEnrollmentsPage /> },
          { path: 'player/:courseId', element: <PlayerPage /> },
          { path: 'checkout/:purchaseId', element: <CheckoutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Spec §2: the public navigation, footer and install prompt are hidden on educator routes.
        path: 'educator',
        element: (
          <Suspense fallback={<Loader />}>
            <EducatorLayout />
          </Suspense>
        ),
        children: [
          { index: true, element: <EducatorDashboardPage /> },
          { path: 'add-course', element: <EducatorAddCoursePage /> },
          { path: 'my-courses', element: <EducatorMyCoursesPage /> },
          { path: 'student-enrolled', element: <EducatorStudentEnrolledPage /> },
        ],
      },
    ],
  },
];

/** The route table rendered for the current location (tests wrap it in a MemoryRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

// A declarative BrowserRouter rather than createBrowserRouter: the data router adds ~16 kB gzip to the
// entry chunk, over the 120 kB budget of /, and no route uses loaders or actions.
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
