import { useEffect, useState } from 'react';
import { env } from '../config/env';
import { getClientId } from '../lib/client-id';

export const ONLINE_PING_INTERVAL_MS = 30_000;

/** 'Alunos online': announces this browser every 30 s and shows how many the server has seen lately. */
export function OnlineCounter({ className = '' }: { className?: string }) {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    const clientId = getClientId();
    let active = true;
    // A plain fetch rather than the API client: every public page shows the counter, and a visitor
    // who only reads would otherwise download and run axios (~21 kB gzip) for this one call.
    async function ping() {
      try {
        const res = await fetch(`${env.backendUrl}/api/online`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ clientId }),
        });
        if (!res.ok) throw new Error(`POST /api/online: ${res.status}`);
        const data: unknown = await res.json();
        if (active && typeof data === 'number') setCount(data);
      } catch (err) {
        // The counter failing is logged only; the page works without it.
        console.warn('Contador de alunos online indisponível', err);
      }
    }
    void ping();
    const timer = setInterval(() => void ping(), ONLINE_PING_INTERVAL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  // Until the first answer the line keeps its place, hidden, so nothing beside it moves when it shows.
  return (
    <p
      aria-hidden={count === null}
      className={`flex items-center gap-1.5 text-sm text-slate-700 ${count === null ? 'invisible' : ''} ${className}`}
    >
      <span aria-hidden="true" className="relative flex h-2.5 w-2.5">
        {/* Three pings each time the number changes, then still: a dot that pinged forever kept
            the phone's compositor drawing 60 frames a second on every page, for nothing new. */}
        <span
          key={count}
          className="absolute inline-flex h-full w-full rounded-full bg-green-500 opacity-60 motion-safe:animate-[ping_1s_cubic-bezier(0,0,0.2,1)_3]"
        />
        <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-green-600" />
      </span>
      <span className="inline-block min-w-[2ch] text-right font-semibold text-slate-900 tabular-nums">
        {count ?? 0}
      </span>{' '}
      Alunos online
    </p>
  );
}
