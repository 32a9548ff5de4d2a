import { SearchBar } from '../../../components/search-bar';

// Hero entrances last 0.8–1 s and start after 0.3–0.5 s. They are CSS (index.css), so they
// run with the server's HTML, before any script. The headline is the page's largest text, which the
// browser times its first paint (LCP) on: it slides in without fading, so it paints at once.

/**
 * The landing headline, subtitle and course search. Clipped sideways only (the entrances slide in),
 * so the search suggestions can hang below the hero.
 */
export function Hero() {
  return (
    <section className="relative overflow-x-clip bg-gradient-to-b from-cyan-100/70 to-white px-4 pt-14 pb-16 sm:px-8 md:pt-24 lg:px-12">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
        <h1 className="hero-headline text-3xl leading-tight font-bold text-slate-900 sm:text-4xl md:text-5xl">
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
        </h1>
        <p className="hero-text hidden max-w-2xl text-lg text-slate-700 md:block">
          Aprenda as habilidades mais procuradas do mercado com cursos práticos, mentorias com
          profissionais experientes e projetos reais — e junte-se à maior comunidade de tecnologia
          do país.
        </p>
        <p className="hero-text max-w-sm text-base text-slate-700 md:hidden">
          Aprenda as habilidades mais procuradas e junte-se à maior comunidade de tecnologia do
          país.
        </p>
        <div className="hero-search flex w-full justify-center">
          <SearchBar />
        </div>
      </div>
    </section>
  );
}
