import { m } from 'framer-motion';
import { SearchBar } from '../../../components/search-bar';

// Spec §9: hero entrances last 0.8–1 s and start after 0.3–0.5 s.
const entrance = (delay: number, duration: number) => ({
  initial: { opacity: 0, y: 24 },
  animate: { opacity: 1, y: 0 },
  transition: { delay, duration, ease: 'easeOut' as const },
});

// The headline is the page's largest text, so the browser times its first paint (LCP) on it: it
// slides in without fading, or the paint would wait for the lazily loaded animation code.
const headlineEntrance = {
  initial: { y: 24 },
  animate: { y: 0 },
  transition: { delay: 0.3, duration: 1, ease: 'easeOut' as const },
};

/** The landing headline, subtitle and course search. */
export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-cyan-100/70 to-white px-4 pt-14 pb-16 sm:px-8 md:pt-24 lg:px-12">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
        <m.h1
          {...headlineEntrance}
          className="text-3xl leading-tight font-bold text-slate-900 sm:text-4xl md:text-5xl"
        >
          Aprenda as habilidades mais procuradas e{' '}
          <span className="text-blue-600">
            transforme a sua{' '}
            {/* The sketch underlines the last word, wherever the headline wraps. */}
            <span className="relative inline-block">
              carreira.
              <img
                src="/images/hero-sketch.svg"
                alt=""
                width={120}
                height={28}
                className="absolute top-full left-1/2 hidden -translate-x-1/2 md:block"
              />
            </span>
          </span>
        </m.h1>
        <m.p {...entrance(0.4, 0.9)} className="hidden max-w-2xl text-lg text-slate-700 md:block">
          Aprenda as habilidades mais procuradas do mercado com cursos práticos, mentorias com
          profissionais experientes e projetos reais — e junte-se à maior comunidade de tecnologia
          do país.
        </m.p>
        <m.p {...entrance(0.4, 0.9)} className="max-w-sm text-base text-slate-700 md:hidden">
          Aprenda as habilidades mais procuradas e junte-se à maior comunidade de tecnologia do
          país.
        </m.p>
        <m.div {...entrance(0.5, 0.8)} className="flex w-full justify-center">
          <SearchBar />
        </m.div>
      </div>
    </section>
  );
}
