type CourseGridSkeletonProps = {
  count: number;
  /** What is loading, for screen readers. */
  label: string;
  /** The grid classes of the cards it stands in for, so nothing shifts when they arrive. */
  gridClassName: string;
};

/** Grey course-card shapes shown while the catalogue loads, in the same grid as the cards. */
export function CourseGridSkeleton({ count, label, gridClassName }: CourseGridSkeletonProps) {
  return (
    <div role="status" aria-label={label}>
      <ul aria-hidden="true" className={gridClassName}>
        {Array.from({ length: count }, (_, index) => (
          <li
            key={index}
            data-testid="course-skeleton"
            className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            <div className="aspect-video w-full bg-slate-200 motion-safe:animate-pulse" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-4/5 rounded bg-slate-200 motion-safe:animate-pulse" />
              <div className="h-3 w-1/2 rounded bg-slate-200 motion-safe:animate-pulse" />
              <div className="h-3 w-1/3 rounded bg-slate-200 motion-safe:animate-pulse" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
