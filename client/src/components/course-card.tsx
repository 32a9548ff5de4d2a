import type { CourseSummary } from '@aprendiz/contract/courses';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePriceLabel } from '../config/storefront';
import { formatPrice } from './price';
import { CourseThumbnail } from './course-thumbnail';
import { CourseRating } from './rating-stars';
import { focusRing } from './ui/focus-ring';

/**
 * A catalogue entry; the whole card links to the course page. `priority` is for the cards in view
 * when a page opens: their thumbnail is the page's largest paint, so it must not wait to be lazy.
 * `thumbnailSizes` is the card's width in its grid, as the `sizes` attribute says it.
 */
export function CourseCard({
  course,
  thumbnailSizes,
  priority = false,
}: {
  course: CourseSummary;
  thumbnailSizes: string;
  priority?: boolean;
}) {
  const currency = usePriceLabel();
  return (
    <Link
      to={paths.course(course._id)}
      // Only the cards the server draws skip rendering while off-screen: they are what a page's
      // first paint waits for (and the card lists keep them through hydration). Cards drawn in the
      // browser — after Back, 'Ver mais', a new search — are rendered whole, so the scroll position
      // restored on Back lands on the card that was left, not on an estimate of the cards above it.
      // It sits on the card, not on the list's items: the containment it brings would clip what
      // the card draws outside itself (its shadow, its focus ring) to the item's box.
      className={`group ${import.meta.env.SSR ? 'render-near-view ' : ''}flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md ${focusRing}`}
    >
      <CourseThumbnail
        src={course.courseThumbnail}
        sizes={thumbnailSizes}
        alt={course.courseTitle}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-4 text-left">
        <h3 className="line-clamp-2 font-semibold text-slate-900 group-hover:text-blue-700">
          {course.courseTitle}
        </h3>
        <p className="text-sm text-slate-600">{course.educator.name}</p>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <CourseRating
            mean={course.meanRating}
            count={course.ratingCount}
            countText={
              <>
                ({course.ratingCount}
                <span className="sr-only"> avaliações</span>)
              </>
            }
          />
        </p>
        <p className="mt-auto pt-1 text-base font-semibold whitespace-nowrap text-slate-900">
          {formatPrice(discountedPrice(course.coursePrice, course.discount), currency)}
        </p>
      </div>
    </Link>
  );
}
