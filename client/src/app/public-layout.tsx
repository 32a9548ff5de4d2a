import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '../components/footer';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { MobileNav } from './mobile-nav';
import { Navbar } from './navbar';
import { useAppContext } from '../context/app-context';
import { SkipLink } from '../components/skip-link';
import { mayOfferInstall } from '../lib/install-event';

// Its code (and the API client it sends with) loads only for an account that has something to confirm.
const EmailVerificationBanner = lazy(() =>
  import('../features/account-security').then((feature) => ({
    default: feature.EmailVerificationBanner,
  })),
);

// Its code loads only where installing may be offered (a phone's browser); the first script holds an
// offer the browser makes before then (lib/install-event.ts).
const InstallPrompt = lazy(() =>
  import('../components/install-prompt').then((prompt) => ({ default: prompt.InstallPrompt })),
);

/** Decided after hydration: the server cannot know the device, and the first render must match its page. */
function useMayOfferInstall(): boolean {
  const [may, setMay] = useState(false);
  useEffect(() => setMay(mayOfferInstall()), []);
  return may;
}

/** Every public route: skip link, top bar, content, footer, the phone bottom bar and the install prompt. */
function PublicShell({ children }: { children: ReactNode }) {
  const { userData } = useAppContext();
  const mayOfferInstallApp = useMayOfferInstall();
  return (
    // Bottom padding on phones keeps the footer clear of the fixed bottom bar.
    <div className="flex min-h-screen flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <SkipLink targetId="conteudo" />
      {/* Suspense boundaries split hydration into short tasks (see pages/public/home.tsx). */}
      <Suspense>
        <Navbar />
      </Suspense>
      {userData?.emailVerified === false && (
        <Suspense>
          <EmailVerificationBanner />
        </Suspense>
      )}
      <main id="conteudo" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <Suspense>
        <MobileNav />
      </Suspense>
      {mayOfferInstallApp && (
        <Suspense>
          <InstallPrompt />
        </Suspense>
      )}
    </div>
  );
}

export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

/** A public page that throws: its failure and retry take the content's place, in the layout that still works. */
export function PublicErrorBoundary() {
  return (
    <PublicShell>
      <RouteErrorBoundary />
    </PublicShell>
  );
}
