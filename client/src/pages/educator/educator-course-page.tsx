import { Suspense, useState, type ReactNode } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { EducatorCourseData } from './educator-course-loader';

export type EducatorCourseRead = NonNullable<EducatorCourseData['course']>;

/**
 * The frame of an educator page about one of their courses (edit, preview): `fallback` while the
 * loader's course is read, and again while 'Tentar novamente' reads it anew; then `children` with
 * the read (for React's `use`) and the retry.
 */
export function EducatorCoursePage({
  fallback,
  children,
}: {
  fallback: ReactNode;
  children: (course: EducatorCourseRead, onRetry: () => void) => ReactNode;
}) {
  const { course } = useLoaderData<EducatorCourseData>();
  const { revalidate } = useRevalidator();
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    await revalidate();
    setRetrying(false);
  }
  if (!course || retrying) return fallback;
  return <Suspense fallback={fallback}>{children(course, () => void retry())}</Suspense>;
}
