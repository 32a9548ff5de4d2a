import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { focusRing } from './ui/focus-ring';

/** The brand's mark and name side by side; the name is read once, from the mark. */
export function Brand({ brand }: { brand: string }) {
  return (
    <>
      <img src="/icons/logo.svg" alt={brand} width={36} height={36} className="h-9 w-9" />
      <span aria-hidden="true" className="text-xl font-bold tracking-tight text-slate-900">
        {brand}
      </span>
    </>
  );
}

/** The brand's mark and name, linking home (the public and the educator top bars). */
export function Logo({ brand }: { brand: string }) {
  return (
    <Link to={paths.home} className={`flex shrink-0 items-center gap-2 rounded-md ${focusRing}`}>
      <Brand brand={brand} />
    </Link>
  );
}
