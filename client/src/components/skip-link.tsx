/** 'Ir para o conteúdo': hidden until a keyboard reaches it, the first stop on every page. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only z-50 rounded-md bg-blue-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Ir para o conteúdo
    </a>
  );
}
