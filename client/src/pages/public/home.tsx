import { usePageTitle } from '../../lib/use-page-title';
import { CallToAction } from './home/call-to-action';
import { CourseTeaser } from './home/course-teaser';
import { Hero } from './home/hero';
import { LogosEasterEgg } from './home/logos-easter-egg';
import { MentorSection } from './home/mentor-section';
import { MockInterviewSection } from './home/mock-interview-section';

export default function HomePage() {
  usePageTitle(
    'Cursos online de tecnologia',
    'Aprenda as habilidades mais procuradas em tecnologia com cursos online em português, mentorias e vagas de emprego, e junte-se à maior comunidade tech do país.',
  );
  return (
    <>
      <Hero />
      <LogosEasterEgg />
      <CourseTeaser />
      <MentorSection />
      <MockInterviewSection />
      <CallToAction />
    </>
  );
}
