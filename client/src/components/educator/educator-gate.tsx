import type { ReactNode } from 'react';
import { useAuthActions, useSignInOnArrival } from '../../auth/auth-context';
import { useBecomeEducator } from '../../lib/use-become-educator';
import { focusRing } from '../ui/focus-ring';

const primaryButtonClass = `mt-6 rounded-full bg-blue-600 px-6 py-3 font-semibold text-white hover:bg-blue-700 ${focusRing} disabled:opacity-60`;

function GateMessage({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Área do educador</h1>
      {children}
    </section>
  );
}

/** Shown at /educator/* to a visitor who is signed out: the sign-in dialog opens by itself. */
export function EducatorSignInRequired() {
  const { openSignIn } = useAuthActions();
  useSignInOnArrival();

  return (
    <GateMessage>
      <p className="mt-3 text-slate-700">Entre na sua conta para acessar a área do educador.</p>
      <button type="button" onClick={() => openSignIn()} className={primaryButtonClass}>
        Entrar
      </button>
    </GateMessage>
  );
}

/** Shown at /educator/* to a signed-in student: what the area offers and the way in. */
export function BecomeEducatorOffer() {
  const { becomeEducator, pending, confirmation } = useBecomeEducator();
  return (
    <GateMessage>
      <p className="mt-3 text-slate-700">
        Aqui os educadores publicam cursos, acompanham as inscrições dos alunos e veem os seus
        ganhos. Torne-se educador para criar o seu primeiro curso.
      </p>
      <button
        type="button"
        disabled={pending}
        onClick={becomeEducator}
        className={primaryButtonClass}
      >
        Tornar-se educador
      </button>
      {confirmation}
    </GateMessage>
  );
}
