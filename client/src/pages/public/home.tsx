import { Suspense } from 'react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { PageMeta, RouteHandle } from '../../app/page-meta';
import { catalogueSource } from '../../data/catalogue-source';
import { loadOrReport } from '../../data/load-result';
import { isApiError } from '../../lib/api-error';
import { CallToAction } from './home/call-to-action';
import { CourseTeaser, type HomeData } from './home/course-teaser';
import { Hero } from './home/hero';
import { LogosEasterEgg } from './home/logos-easter-egg';
import { MentorSection } from './home/mentor-section';
import { MockInterviewSection } from './home/mock-interview-section';

/** The teaser's courses only, ranked by the server: the rest of the catalogue is the course list's to page. */
export async function loader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const source = await catalogueSource(context);
  const teaser = await loadOrReport(
    () => source.teaser(),
    // The spec keeps an answer of success false (a 200) to the course list silent; failures are toasted.
    { quiet: (err) => isApiError(err, 200) },
  );
  return { teaser };
}

const meta: PageMeta = {
  title: 'Cursos online de tecnologia',
  description:
    'Aprenda as habilidades mais procuradas em tecnologia com cursos online em português, mentorias e vagas de emprego, e junte-se à maior comunidade tech do país.',
};

export const handle: RouteHandle = { meta: () => meta };

export default function HomePage() {
  // Each section is its own Suspense boundary: React hydrates them one by one, each committed in
  // its own short task (the hero's search box first), instead of one long task for the whole page
  // that a slow phone could not answer input during. Nothing in them suspends: the server renders
  // them whole, and no fallback is ever shown.
  return (
    <>
      <Suspense>
        <Hero />
      </Suspense>
      <Suspense>
        <LogosEasterEgg />
      </Suspense>
      <Suspense>
        <CourseTeaser />
      </Suspense>
      <Suspense>
        <MentorSection />
      </Suspense>
      <Suspense>
        <MockInterviewSection />
      </Suspense>
      <Suspense>
        <CallToAction />
      </Suspense>
    </>
  );
}
