import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/footer';
import { InstallPrompt } from '../components/install-prompt';
import { MobileNav } from './mobile-nav';
import { Navbar } from './navbar';

/** Every public route: skip link, top bar, content, footer, the phone bottom bar and the install prompt. */
export function PublicLayout() {
  return (
    // Bottom padding on phones keeps the footer clear of the fixed bottom bar.
    <div className="flex min-h-screen flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-blue-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Ir para o conteúdo
      </a>
      {/* Suspense boundaries split hydration into short tasks (see pages/public/home.tsx). */}
      <Suspense>
        <Navbar />
      </Suspense>
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <Suspense>
        <MobileNav />
      </Suspense>
      <InstallPrompt />
    </div>
  );
}
